import type { AccountChannel } from '../../../../shared/ipc';
import type { AccountSessions } from '../../accounts/key-check';
import type { HandlerTable } from '../../ipc-dispatch';

export type NotificationHandlers = Pick<HandlerTable, Extract<AccountChannel, `notifications:${string}`>>;

export type NotificationHandlersContext = {
  sessions: Pick<AccountSessions, 'current' | 'require'>;
};

/** One account's notification history and test notifications (snooze is app-wide: app-core.ts). */
export function createNotificationHandlers(ctx: NotificationHandlersContext): NotificationHandlers {
  const { sessions } = ctx;
  return {
    'notifications:list': async () => sessions.current()?.alerts.list() ?? [],
    'notifications:test': async ({ rule }) => sessions.require().alerts.sendTest(rule),
  };
}
