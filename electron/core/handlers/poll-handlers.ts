import type { AccountChannel } from '../../../shared/ipc';
import type { Status } from '../../../shared/status';
import type { AccountSessions } from '../account/session';
import { type HistoryStore, withoutZoneDetail } from '../state/history-store';
import type { HandlerTable } from '../ipc-dispatch';
import type { Poller } from '../polling/poller';
import type { SnapshotStore } from '../state/snapshot-store';

export type PollHandlers = Pick<HandlerTable, Extract<AccountChannel, `snapshot:${string}` | 'history:get' | `poll:${string}`>>;

export type PollHandlersContext = {
  sessions: Pick<AccountSessions, 'require'>;
  store: SnapshotStore;
  history: HistoryStore;
  poller: Pick<Poller, 'refreshNow'>;
  status: () => Status;
};

/** One account's snapshot, history and "refresh now". */
export function createPollHandlers(ctx: PollHandlersContext): PollHandlers {
  return {
    'snapshot:get': async () => ({ snapshot: ctx.store.get(), status: ctx.status() }),
    // The renderer charts account figures; per-zone samples stay in the core (history-store.ts).
    'history:get': async ({ sinceMs }) => ctx.history.since(sinceMs ?? 0).map(withoutZoneDetail),
    'poll:refresh': async () => {
      ctx.sessions.require();
      await ctx.poller.refreshNow();
      return ctx.status();
    },
  };
}
