import type { HistoryHost } from './history-host';
import type { HistoryChannel, HistoryOp, HistoryOps } from './protocol';

/**
 * The history without a thread, for the tests and the simulator (its simulated clock drives the
 * host): the same requests and replies as the worker's, the result cloned as a message would be.
 */
export function inThreadHistory(host: HistoryHost): HistoryChannel {
  let next = 1;
  async function call<O extends HistoryOp>(op: O, args: HistoryOps[O]['args']): Promise<HistoryOps[O]['result']> {
    const reply = await host.handle({ id: next++, op, args: structuredClone(args) });
    if (!reply.ok) throw new Error(reply.error);
    return structuredClone(reply.result) as HistoryOps[O]['result'];
  }
  return {
    call,
    async close() {
      await call('close', {});
    },
  };
}
