import type { HandlerTable } from '../../ipc-dispatch';
import type { AccountWatch } from '../../watch/account-watch';

export type PollHandlers = Pick<HandlerTable, 'poll:refresh'>;

/** "Refresh now" of one account: answers with its status once the cycle has ended. */
export function createPollHandlers(ctx: { account: (profileId: string) => Pick<AccountWatch, 'refresh' | 'status'> }): PollHandlers {
  return {
    'poll:refresh': async ({ profileId }) => {
      const account = ctx.account(profileId);
      await account.refresh();
      return account.status();
    },
  };
}
