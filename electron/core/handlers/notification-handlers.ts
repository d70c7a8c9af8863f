import type { Channel } from '../../../shared/ipc';
import type { Status } from '../../../shared/status';
import type { AccountSessions } from '../account/session';
import type { HandlerTable } from '../ipc-dispatch';

export type NotificationHandlers = Pick<HandlerTable, Extract<Channel, `notifications:${string}`>>;

export type NotificationHandlersContext = {
  sessions: Pick<AccountSessions, 'current' | 'require'>;
  status: () => Status;
  publishStatus: () => void;
};

/** The notification history, test notifications and snooze. */
export function createNotificationHandlers(ctx: NotificationHandlersContext): NotificationHandlers {
  const { sessions } = ctx;
  return {
    'notifications:list': async () => sessions.current()?.alerts.list() ?? [],
    'notifications:test': async ({ rule }) => sessions.require().alerts.sendTest(rule),
    'notifications:snooze': async ({ until }) => {
      sessions.require().alerts.snooze(until);
      ctx.publishStatus();
      return ctx.status();
    },
  };
}
