import type { HistoryPoint } from '../../../shared/history';
import type { Snapshot } from '../../../shared/snapshot';
import { createIntradayStore } from '../intraday/intraday-store';
import type { SetAsideTeller } from '../notices/set-aside-notice';
import type { DemoPast, Logger } from '../ports';
import { demoHistoryPoint, demoZoneReadings } from './demo-backfill';
import type { DocumentStoreFactory } from '../storage/persistence';
import { createLedger, type Ledger } from './ledger-store';

/**
 * What one account keeps of its zones' past (docs/architecture.md › The daily ledger, › Per-zone
 * intraday history): the daily ledger and the last 48 hours of per-zone samples on disk. The
 * account's watch calls it at start, after each cycle and when it saves its caches.
 */
export type AccountHistory = {
  readonly ledger: Ledger;
  /** The history file's points with their last 48 hours of zone samples put back. */
  restore(points: readonly HistoryPoint[]): HistoryPoint[];
  /** A cycle's readings; never throws (a ledger failure must not end the cycle). */
  record(snapshot: Snapshot): void;
  /** With the caches, on their schedule (storage/cache-save-schedule.ts). */
  save(points: readonly HistoryPoint[]): void;
  /**
   * The demo's past from its own service: its days into the ledger, its recent readings into the
   * ledger too, and back as the history points to add before the first cycle's.
   */
  backfill(past: DemoPast): HistoryPoint[];
};

export function createAccountHistory(deps: { profileId: string; memory: boolean; factory: DocumentStoreFactory; now: () => number; logger: Logger; tell: SetAsideTeller }): AccountHistory {
  const ledger = createLedger(deps);
  const intraday = createIntradayStore(deps);
  return {
    ledger,
    restore: (points) => intraday.restore(points),
    record(snapshot) {
      try {
        ledger.record(snapshot);
      } catch (err) {
        deps.logger.error('ledger: could not record a cycle', { error: err });
      }
    },
    save(points) {
      ledger.save();
      intraday.save(points);
    },
    backfill(past) {
      ledger.backfill(past.days);
      for (const reading of past.readings) ledger.recordReadings(demoZoneReadings(reading));
      return past.readings.map(demoHistoryPoint);
    },
  };
}
