import type { HandlerTable } from '../../ipc-dispatch';
import type { AccountWatch } from '../../watch/account-watch';

export type NotificationHandlers = Pick<HandlerTable, 'notifications:list' | 'notifications:test'>;

/** One account's notification history and test notifications (snooze is app-wide: app-wide/snooze-handlers.ts). */
export function createNotificationHandlers(ctx: { account: (profileId: string) => Pick<AccountWatch, 'notifications'> }): NotificationHandlers {
  return {
    'notifications:list': async ({ profileId }) => ctx.account(profileId).notifications.list(),
    'notifications:test': async ({ profileId, rule }) => ctx.account(profileId).notifications.test(rule),
  };
}
