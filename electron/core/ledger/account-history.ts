import type { HistoryPoint } from '../../../shared/history';
import type { Snapshot } from '../../../shared/snapshot';
import type { DemoPast, Logger } from '../ports';
import { demoHistoryPoint, demoZoneReadings } from './demo-backfill';
import { channelHistory } from '../history/channel-history';
import type { HistoryQueries, Timers } from '../history/history-facade';
import type { HistoryChannel } from '../history-worker/protocol';
import { INTRADAY_KEEP_MS } from '../intraday/intraday-file';
import { hasZoneDetail } from '../data/history-store';

/**
 * What one account keeps of its zones' past (docs/architecture.md › The daily ledger, › Per-zone
 * intraday history): the daily ledger and the last 48 hours of per-zone samples, both in the
 * history database (docs/architecture.md › The history database), reached through its channel.
 * The account's watch calls it at start, within each cycle and when it saves its caches.
 */
export type AccountHistory = {
  /** The ledger's queries and writes, each a promise (docs/architecture.md › The daily ledger › Queries). */
  readonly queries: HistoryQueries;
  /** The points of the last 48 hours among `points`, with their zone samples put back; never rejects (none on failure, logged). */
  restore(points: readonly HistoryPoint[]): Promise<HistoryPoint[]>;
  /** A cycle's readings; never rejects (a ledger failure must not end the cycle): a failure is logged. */
  record(snapshot: Snapshot): Promise<void>;
  /** The last 48 hours of zone samples, with the caches, on their schedule (storage/cache-save-schedule.ts); never rejects. */
  save(points: readonly HistoryPoint[]): Promise<void>;
  /**
   * The demo's past from its own service: its days into the ledger, its recent readings into the
   * ledger too (written in that order, before anything asked after), and back at once as the
   * history points to add before the first cycle's.
   */
  backfill(past: DemoPast): HistoryPoint[];
};

export function createAccountHistory(deps: { profileId: string; channel: HistoryChannel; timers: Timers; now: () => number; logger: Logger }): AccountHistory {
  const { profileId, channel } = deps;
  /** The times whose samples the database holds: a save sends only newer points' samples, not 48 hours' each time. */
  let held = new Set<number>();
  const queries = channelHistory(deps);
  const logged = (what: string) => (err: unknown) => deps.logger.error(`ledger: could not ${what}`, { error: err });
  return {
    queries,
    // Only the last 48 hours can get samples back: the older points need not cross to the worker and back.
    restore: (points) => {
      const from = deps.now() - INTRADAY_KEEP_MS;
      return channel.call('intradayRestore', { profileId, points: points.filter((point) => point.t >= from) }).then(
        (restored) => {
          held = new Set(restored.filter(hasZoneDetail).map((point) => point.t));
          return restored;
        },
        (err: unknown) => {
          logged('read the last 48 hours of per-zone samples')(err);
          return [];
        },
      );
    },
    record: (snapshot) => queries.record(snapshot).catch(logged('record a cycle')),
    save(points) {
      const from = deps.now() - INTRADAY_KEEP_MS;
      const kept = points.filter((point) => point.t >= from && hasZoneDetail(point));
      const keep = kept.map((point) => point.t);
      const fresh = kept.filter((point) => !held.has(point.t));
      return channel.call('intradaySave', { profileId, points: fresh, keep }).then(() => {
        held = new Set(keep);
      }, logged('save the last 48 hours of per-zone samples'));
    },
    backfill(past) {
      void queries.backfill(past.days).catch(logged("take in the demo's past days"));
      for (const reading of past.readings) void queries.recordReadings(demoZoneReadings(reading)).catch(logged("record the demo's readings"));
      return past.readings.map(demoHistoryPoint);
    },
  };
}
