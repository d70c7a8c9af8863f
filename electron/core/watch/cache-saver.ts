import type { HistoryPoint } from '../../../shared/history';
import type { Snapshot } from '../../../shared/snapshot';
import type { HistoryStore } from '../data/history-store';
import { storedHistory } from '../data/history-store';
import type { SnapshotStore } from '../data/snapshot-store';
import type { Logger } from '../ports';
import { shouldSaveCaches } from '../storage/cache-save-schedule';
import type { AccountFiles } from './account-files';

export type CacheSaver = {
  /**
   * Writes the snapshot and history caches when they changed: at once with `force`, otherwise at
   * most every CACHE_SAVE_INTERVAL_MS. Settles once the daily ledger's save has (the ledger answers
   * asynchronously: docs/architecture.md › The daily ledger › Queries); never rejects.
   */
  save(options?: { force?: boolean }): Promise<void>;
};

/** Writes an account's snapshot, history, daily ledger and per-zone intraday history to its files when they changed, on the schedule of storage/cache-save-schedule.ts. */
export function createCacheSaver(deps: {
  store: SnapshotStore;
  history: HistoryStore;
  files: Pick<AccountFiles, 'snapshot' | 'history' | 'zoneHistory'>;
  now: () => number;
  logger: Logger;
  label: () => string;
}): CacheSaver {
  // What was just loaded needs no write; the first cycle's data is written at once.
  let saved: { snapshot: Snapshot; history: readonly HistoryPoint[]; historyLength: number; at: number | null } = {
    snapshot: deps.store.get(),
    history: deps.history.all(),
    historyLength: deps.history.all().length,
    at: null,
  };
  return {
    async save({ force = false } = {}) {
      const snapshot = deps.store.get();
      const points = deps.history.all();
      const now = deps.now();
      const changed = saved.snapshot !== snapshot || saved.history !== points || points.length !== saved.historyLength;
      if (!shouldSaveCaches({ savedAt: saved.at, changed }, now, force)) return;
      saved = { snapshot, history: points, historyLength: points.length, at: now };
      let ledger: Promise<void> = Promise.resolve();
      try {
        deps.files.snapshot.set(snapshot);
        deps.files.history.set(storedHistory(points));
        ledger = deps.files.zoneHistory.save(points);
      } catch (err) {
        deps.logger.error('core: could not save the snapshot cache', { account: deps.label(), error: err });
      }
      await ledger;
    },
  };
}
