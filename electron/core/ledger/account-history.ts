import type { HistoryPoint } from '../../../shared/history';
import type { Snapshot } from '../../../shared/snapshot';
import { createIntradayStore } from '../intraday/intraday-store';
import type { SetAsideTeller } from '../notices/set-aside-notice';
import type { DemoPast, Logger } from '../ports';
import { demoHistoryPoint, demoZoneReadings } from './demo-backfill';
import type { DocumentStoreFactory } from '../storage/persistence';
import { createLedger } from './ledger-store';
import { type HistoryQueries, inThreadHistory } from '../history/history-facade';

/**
 * What one account keeps of its zones' past (docs/architecture.md › The daily ledger, › Per-zone
 * intraday history): the daily ledger, read and written through its asynchronous interface
 * (history/history-facade.ts), and the last 48 hours of per-zone samples on disk. The account's
 * watch calls it at start, within each cycle and when it saves its caches.
 */
export type AccountHistory = {
  /** The ledger's queries and writes, each a promise (docs/architecture.md › The daily ledger › Queries). */
  readonly queries: HistoryQueries;
  /** The history file's points with their last 48 hours of zone samples put back. */
  restore(points: readonly HistoryPoint[]): HistoryPoint[];
  /** A cycle's readings; never rejects (a ledger failure must not end the cycle): a failure is logged. */
  record(snapshot: Snapshot): Promise<void>;
  /** With the caches, on their schedule (storage/cache-save-schedule.ts); never rejects. */
  save(points: readonly HistoryPoint[]): Promise<void>;
  /**
   * The demo's past from its own service: its days into the ledger, its recent readings into the
   * ledger too (written in that order, before anything asked after), and back at once as the
   * history points to add before the first cycle's.
   */
  backfill(past: DemoPast): HistoryPoint[];
};

export function createAccountHistory(deps: { profileId: string; memory: boolean; factory: DocumentStoreFactory; now: () => number; logger: Logger; tell: SetAsideTeller }): AccountHistory {
  const queries = inThreadHistory(createLedger(deps));
  const intraday = createIntradayStore(deps);
  const logged = (what: string) => (err: unknown) => deps.logger.error(`ledger: could not ${what}`, { error: err });
  return {
    queries,
    restore: (points) => intraday.restore(points),
    record: (snapshot) => queries.record(snapshot).catch(logged('record a cycle')),
    save(points) {
      const saved = queries.save().catch(logged('save'));
      intraday.save(points);
      return saved;
    },
    backfill(past) {
      void queries.backfill(past.days).catch(logged("take in the demo's past days"));
      for (const reading of past.readings) void queries.recordReadings(demoZoneReadings(reading)).catch(logged("record the demo's readings"));
      return past.readings.map(demoHistoryPoint);
    },
  };
}
