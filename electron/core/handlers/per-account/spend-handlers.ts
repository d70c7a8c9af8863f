import type { AccountChannel } from '../../../../shared/ipc';
import type { HandlerTable } from '../../ipc-dispatch';
import type { Logger } from '../../ports';
import type { SpendStop } from '../../spend-stop/spend-stop';
import { apiCall } from '../api-call';

export type SpendHandlers = Pick<HandlerTable, Extract<AccountChannel, `spend:${string}`>>;

export type SpendHandlersContext = { spendStop: SpendStop; logger: Logger };

/** "Stop all spend", its retry, and the exact restore (issue 16). */
export function createSpendHandlers(ctx: SpendHandlersContext): SpendHandlers {
  const { spendStop, logger } = ctx;
  return {
    'spend:get': async () => ({ record: spendStop.record() }),
    'spend:plan': async ({ retry }) => spendStop.plan(retry),
    'spend:stop': async ({ retry }) => apiCall(logger, 'stop spend', () => spendStop.stop(retry)),
    'spend:restore': async () => apiCall(logger, 'restore the stopped zones', () => spendStop.restore()),
    'spend:dismiss': async () => ({ record: spendStop.dismiss() }),
  };
}
