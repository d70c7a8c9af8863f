import type { NoticeInput } from '../notices/app-notices';
import type { SetAsideTeller } from '../notices/set-aside-notice';
import type { Logger } from '../ports';
import { IN_MEMORY } from '../history-db/history-database';
import { migrateFiles, type MigrationResult } from '../history-db/migrate-files';
import { createHistoryHost } from '../history-worker/history-host';
import { inThreadHistory } from '../history-worker/in-thread';
import type { HistoryChannel } from '../history-worker/protocol';
import { HISTORY_QUERIES } from '../history-worker/worker-queries';

/** How the host reaches the data folder's history (main: the worker thread), given how to say a store set aside. */
export type OpenHistory = (tell: SetAsideTeller) => HistoryChannel;

/** The history each account reads and writes, and its closing on quit. */
export type HistorySource = {
  /** The data folder's history; the demo's its own, in memory (it never reaches the user's data). */
  forAccount(profileId: string, demo: boolean): HistoryChannel;
  /** "Remove account": its days and samples erased from the database. */
  forget(profileId: string): Promise<void>;
  /** After the last cache save: checkpoints and closes every database; nothing answers after. */
  close(): Promise<void>;
};

export type HistorySourceDeps = {
  /** Absent: the history runs in this thread (the tests of the core, the simulator, the browser shell). */
  open?: OpenHistory;
  /** The data folder; null: the history is held in memory only. */
  folder: string | null;
  now: () => number;
  logger: Logger;
  tell: SetAsideTeller;
  raise: (notice: NoticeInput) => void;
};

/** The notice a finished move of an account's JSON history says, once (its key). Pure. */
export function historyMovedNotice(profileId: string, result: MigrationResult): NoticeInput | null {
  if (!result.moved) return null;
  // A move cut short after its check only removes the files left (migrate-files.ts): no month moves then.
  const months = result.months === 0 ? 'the rest' : result.months === 1 ? 'one month' : `${result.months} months`;
  const setAside = result.setAside.length === 0 ? '' : ` A damaged file could not be read and was set aside (${result.setAside.join(', ')}); its days are missing.`;
  return {
    key: `history-moved:${profileId}`,
    profileId,
    title: 'The daily history moved into its database',
    body: `Zonewatch moved ${months} of daily history into its history database and checked every day against the old files, which it then removed.${setAside}`,
    notify: false,
  };
}

/** The history in this thread over `folder` (in memory when null), with the JSON files moved in where there is a folder. */
export function inThreadHistorySource(deps: Pick<HistorySourceDeps, 'now' | 'logger' | 'tell'>, folder: string | null): HistoryChannel {
  const { now, logger, tell } = deps;
  return inThreadHistory(
    createHistoryHost({
      folder: folder ?? IN_MEMORY,
      now,
      logger,
      tell,
      queries: HISTORY_QUERIES,
      ...(folder === null ? {} : { migrate: (database, profileId) => migrateFiles({ database, folder, profileId, now, logger, tell }) }),
    }),
  );
}

/** A channel that opens its history on first use and again after a close (a core stopped, then started: the tests). */
function reopening(open: () => HistoryChannel): HistoryChannel {
  let current: HistoryChannel | null = null;
  return {
    call: (op, args) => (current ??= open()).call(op, args),
    async close() {
      const closing = current;
      current = null;
      await closing?.close();
    },
  };
}

export function openHistorySource(deps: HistorySourceDeps): HistorySource {
  const data = reopening(() => (deps.open ? deps.open(deps.tell) : inThreadHistorySource(deps, deps.folder)));
  const demo = reopening(() => inThreadHistorySource(deps, null));
  const asked = new Set<string>();

  /** The first time an account is met: its JSON files, if any, move in before anything else it asks (the channel keeps the order). */
  function migrate(profileId: string): void {
    if (asked.has(profileId)) return;
    asked.add(profileId);
    data.call('migrate', { profileId }).then(
      (result) => {
        const notice = historyMovedNotice(profileId, result);
        if (notice) deps.raise(notice);
        // Files read but not verified against the database (migrate-files.ts keeps them): said, tried again next start.
        else if (result.months > 0) notMoved(profileId, new Error('the database did not give the months the files give'));
      },
      (err: unknown) => notMoved(profileId, err),
    );
  }

  function notMoved(profileId: string, err: unknown): void {
    deps.logger.error('history: could not move the daily history files into the database', { error: err });
    deps.raise({
      key: `history-not-moved:${profileId}`,
      profileId,
      title: 'The daily history could not be moved',
      body: 'Zonewatch could not move the daily history files into its database. The files are kept as they were, and the move is tried again at the next start.',
      notify: false,
    });
  }

  return {
    forAccount(profileId, isDemo) {
      if (isDemo) return demo;
      migrate(profileId);
      return data;
    },
    async forget(profileId) {
      await data.call('forget', { profileId });
    },
    async close() {
      asked.clear();
      const failed = (await Promise.allSettled([data.close(), demo.close()])).filter((outcome) => outcome.status === 'rejected');
      for (const outcome of failed) deps.logger.warn('history: closing the database failed', { error: (outcome as PromiseRejectedResult).reason });
    },
  };
}
