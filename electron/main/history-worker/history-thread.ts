import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { SetAsideTeller } from '../../core/notices/set-aside-notice';
import type { Logger } from '../../core/ports';
import { packReadings } from '../../core/history-worker/packed-readings';
import type { HistoryChannel, HistoryEvent, HistoryOp, HistoryOps, HistoryReply } from '../../core/history-worker/protocol';

// The main process's side of the history worker (docs/architecture.md › The history database):
// posts requests, answers each caller with its reply or, past its deadline, with plain words.

/**
 * How long a request may wait for its reply. A write may close a month (at 5,000 zones, seconds of
 * the worker's time) and the first after a start reads the open month; a migration moves every file.
 */
const DEADLINE_MS = 10_000;
const WRITE_DEADLINE_MS = 60_000;
const MIGRATION_DEADLINE_MS = 600_000;

export type HistoryThreadDeps = {
  folder: string;
  logger: Logger;
  tell: SetAsideTeller;
  /** The built worker (beside main's index.js); tests start the TypeScript entry through a loader. */
  workerFile?: string;
  /** More for the worker to read (the tests' loader reads which entry to start). */
  workerData?: Record<string, unknown>;
  deadlineMs?: number;
};

export const HISTORY_WORKER_FILE = 'history-worker.js';

type Pending = { resolve: (value: unknown) => void; reject: (err: Error) => void; timer: ReturnType<typeof setTimeout> };

export function startHistoryThread(deps: HistoryThreadDeps): HistoryChannel {
  const file = deps.workerFile ?? path.join(import.meta.dirname, HISTORY_WORKER_FILE);
  const worker = new Worker(file, { workerData: { ...deps.workerData, folder: deps.folder } });
  const pending = new Map<number, Pending>();
  let next = 1;
  let stopped: string | null = null;

  function settle(reply: HistoryReply): void {
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    clearTimeout(waiting.timer);
    if (reply.ok) waiting.resolve(reply.result);
    else waiting.reject(new Error(reply.error));
  }

  function event(said: HistoryEvent): void {
    if (said.kind === 'log') deps.logger[said.level](said.message, said.data);
    else deps.tell(said.meaning)(said.event);
  }

  function stop(why: string): void {
    stopped ??= why;
    for (const [id, waiting] of pending) {
      clearTimeout(waiting.timer);
      pending.delete(id);
      waiting.reject(new Error(why));
    }
  }

  worker.on('message', (message: { reply?: HistoryReply; event?: HistoryEvent }) => {
    if (message.reply) settle(message.reply);
    if (message.event) event(message.event);
  });
  worker.on('error', (err) => {
    deps.logger.error('history: the worker failed', { error: err });
    stop('The history stopped unexpectedly; Zonewatch keeps polling, and History answers again after a restart.');
  });
  worker.on('exit', (code) => stop(code === 0 ? 'The history is closed.' : `The history stopped (exit code ${code}).`));

  function call<O extends HistoryOp>(op: O, args: HistoryOps[O]['args']): Promise<HistoryOps[O]['result']> {
    if (stopped !== null) return Promise.reject(new Error(stopped));
    const id = next++;
    const deadline = deps.deadlineMs ?? (op === 'migrate' ? MIGRATION_DEADLINE_MS : op === 'record' || op === 'backfill' ? WRITE_DEADLINE_MS : DEADLINE_MS);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error(`History did not answer within ${Math.round(deadline / 1000)} s; try again in a moment.`));
      }, deadline);
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject, timer });
      if (op === 'record') {
        // A cycle's readings cross packed, their figures moved rather than copied (packed-readings.ts).
        const { profileId, readings } = args as HistoryOps['record']['args'];
        const packed = packReadings(readings);
        worker.postMessage({ id, op, args: { profileId, packed } }, [packed.figures.buffer]);
      } else worker.postMessage({ id, op, args });
    });
  }

  return {
    call,
    async close() {
      if (stopped === null) {
        try {
          await call('close', {});
        } finally {
          stop('The history is closed.');
          await worker.terminate();
        }
      }
    },
  };
}
