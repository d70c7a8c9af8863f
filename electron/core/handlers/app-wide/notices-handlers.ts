import type { Channel } from '../../../../shared/ipc';
import type { HandlerTable } from '../../ipc-dispatch';
import type { AppNotices } from '../../notices/app-notices';

export type NoticesHandlers = Pick<HandlerTable, Extract<Channel, `notices:${string}`>>;

/** The notices the window shows near the top of every view, and their Dismiss buttons. */
export function createNoticesHandlers(notices: Pick<AppNotices, 'list' | 'dismiss'>): NoticesHandlers {
  return {
    'notices:list': async () => notices.list(),
    'notices:dismiss': async ({ id }) => notices.dismiss(id),
  };
}
