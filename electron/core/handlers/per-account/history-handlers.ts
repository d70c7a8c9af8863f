import { withoutZoneDetail } from '../../data/history-store';
import type { HandlerTable } from '../../ipc-dispatch';
import type { AccountWatch } from '../../watch/account-watch';

export type HistoryHandlers = Pick<HandlerTable, 'history:get'>;

/** One account's history for the charts. */
export function createHistoryHandlers(ctx: { account: (profileId: string) => Pick<AccountWatch, 'history'> }): HistoryHandlers {
  return {
    // The renderer charts account figures; per-zone samples stay in the core (data/history-store.ts).
    'history:get': async ({ profileId, sinceMs }) => ctx.account(profileId).history(sinceMs ?? 0).map(withoutZoneDetail),
  };
}
