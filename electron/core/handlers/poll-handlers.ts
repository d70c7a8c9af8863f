import type { Channel } from '../../../shared/ipc';
import type { Status } from '../../../shared/status';
import type { AccountSessions } from '../account/session';
import { type HistoryStore, withoutZoneDetail } from '../state/history-store';
import type { HandlerTable } from '../ipc-dispatch';
import type { Poller } from '../polling/poller';
import type { SnapshotStore } from '../state/snapshot-store';

export type PollHandlers = Pick<HandlerTable, Extract<Channel, `snapshot:${string}` | `history:${string}` | `poll:${string}`>>;

export type PollHandlersContext = {
  sessions: Pick<AccountSessions, 'require'>;
  store: SnapshotStore;
  history: HistoryStore;
  poller: Pick<Poller, 'refreshNow' | 'reschedule'>;
  setUserPaused: (paused: boolean) => void;
  status: () => Status;
  publishStatus: () => void;
};

/** The snapshot, the history and the poll controls. */
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
    'poll:setPaused': async ({ paused }) => {
      ctx.setUserPaused(paused);
      ctx.poller.reschedule();
      ctx.publishStatus();
      return ctx.status();
    },
  };
}
