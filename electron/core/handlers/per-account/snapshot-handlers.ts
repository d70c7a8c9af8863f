import type { HandlerTable } from '../../ipc-dispatch';
import type { AccountWatch } from '../../watch/account-watch';

export type SnapshotHandlers = Pick<HandlerTable, 'snapshot:get'>;

/** One account's whole snapshot and status, read once by the window; its updates follow as `account` events. */
export function createSnapshotHandlers(ctx: { account: (profileId: string) => Pick<AccountWatch, 'snapshot' | 'status' | 'updateSeq'> }): SnapshotHandlers {
  return {
    'snapshot:get': async ({ profileId }) => {
      const account = ctx.account(profileId);
      return { snapshot: account.snapshot(), status: account.status(), seq: account.updateSeq() };
    },
  };
}
