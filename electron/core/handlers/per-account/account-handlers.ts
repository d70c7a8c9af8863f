import type { HandlerTable } from '../../ipc-dispatch';
import type { Shell } from '../../ports';
import type { AccountWatch } from '../../watch/account-watch';

export type AccountHandlers = Pick<HandlerTable, 'account:openDashboard'>;

/** The account's dashboard link, opened in the browser. */
export function createAccountHandlers(ctx: { account: (profileId: string) => Pick<AccountWatch, 'profile'>; shell: Shell }): AccountHandlers {
  return {
    'account:openDashboard': async ({ profileId }) => {
      const url = ctx.account(profileId).profile().dashboardUrl ?? null;
      if (!url) return { opened: false };
      await ctx.shell.openExternal(url);
      return { opened: true };
    },
  };
}
