import type { AccountChannel } from '../../../../shared/ipc';
import type { HandlerTable } from '../../ipc-dispatch';
import type { Logger } from '../../ports';
import type { AccountWatch } from '../../watch/account-watch';
import { apiCall } from '../api-call';

export type SpendHandlers = Pick<HandlerTable, Extract<AccountChannel, `spend:${string}`>>;

/** "Stop all spend" of one account, its retry, and the exact restore (docs/architecture.md › Stop all spend). */
export function createSpendHandlers(ctx: { account: (profileId: string) => Pick<AccountWatch, 'spendStop'>; logger: Logger }): SpendHandlers {
  const { logger } = ctx;
  const stop = (profileId: string) => ctx.account(profileId).spendStop;
  return {
    'spend:get': async ({ profileId }) => ({ record: stop(profileId).record() }),
    'spend:plan': async ({ profileId, retry }) => stop(profileId).plan(retry),
    'spend:stop': async ({ profileId, retry }) => apiCall(logger, 'stop spend', () => stop(profileId).stop(retry)),
    'spend:restore': async ({ profileId }) => apiCall(logger, 'restore the stopped zones', () => stop(profileId).restore()),
    'spend:dismiss': async ({ profileId }) => ({ record: stop(profileId).dismiss() }),
  };
}
