import type { AccountsOverview } from '../../../../shared/accounts';
import type { AccountRegistry } from '../../accounts/account-registry';
import type { HandlerTable } from '../../ipc-dispatch';

export type PollingHandlers = Pick<HandlerTable, 'poll:refreshAll' | 'poll:setPaused'>;

/** What acts on every account's polling: "Refresh all", and the app-wide pause. */
export function createPollingHandlers(ctx: { accounts: Pick<AccountRegistry, 'all'>; setPaused: (paused: boolean) => void; overview: () => AccountsOverview }): PollingHandlers {
  return {
    'poll:refreshAll': async () => {
      await Promise.all(ctx.accounts.all().map((account) => account.refresh()));
      return ctx.overview();
    },
    'poll:setPaused': async ({ paused }) => {
      ctx.setPaused(paused);
      return { paused };
    },
  };
}
