import type { HistoryPoint } from '../../../shared/history';
import type { Logger } from '../ports';
import { INTRADAY_KEEP_MS } from '../intraday/intraday-file';
import type { HistoryDatabase } from './history-database';
import { openRows } from './open-rows';
import { writeFailure } from './write-failure';

// One account's per-zone intraday samples in the history database (docs/architecture.md ›
// Per-zone intraday history): a save adds the points not written yet and erases those older than
// 48 hours or thinned out of the history (hourly after 3 hours), never rewriting the rest.

/** One account's samples: `save` takes the points not sent before and the times of every point still kept. */
export type IntradayRows = {
  /** The history read at start, with the zone samples of its last 48 hours put back. */
  restore(points: readonly HistoryPoint[]): HistoryPoint[];
  /** Writes `points`' samples not held yet; erases those held but not in `keep` (all of `points`' when absent). */
  save(points: readonly HistoryPoint[], keep?: readonly number[]): void;
};

type SampleRow = { t: number; zone_id: string; spend_today: number; spend_month: number; throughput: number };

export function createIntradayRows(deps: { database: HistoryDatabase; profileId: string; now: () => number; logger: Logger }): IntradayRows {
  const { db } = deps.database;
  const account = openRows(db).account(deps.profileId).account;
  const select = db.prepare<[number, number], SampleRow>('SELECT t, zone_id, spend_today, spend_month, throughput FROM intraday_sample WHERE account = ? AND t >= ?');
  const times = db.prepare<[number], { t: number }>('SELECT DISTINCT t FROM intraday_sample WHERE account = ?');
  const insert = db.prepare('INSERT OR REPLACE INTO intraday_sample (account, t, zone_id, spend_today, spend_month, throughput) VALUES (?, ?, ?, ?, ?, ?)');
  const prune = db.prepare<[number, number]>('DELETE FROM intraday_sample WHERE account = ? AND t < ?');
  const erase = db.prepare<[number, number]>('DELETE FROM intraday_sample WHERE account = ? AND t = ?');
  /** The points' times held, so a save writes only new points and erases those the history let go. */
  let stored = new Set(times.all(account).map((row) => row.t));

  return {
    restore(points) {
      const byTime = new Map<number, HistoryPoint['zones']>();
      for (const row of select.iterate(account, deps.now() - INTRADAY_KEEP_MS)) {
        const zones = byTime.get(row.t) ?? {};
        zones[row.zone_id] = { s: row.spend_today, m: row.spend_month, b: row.throughput };
        byTime.set(row.t, zones);
      }
      return points.map((point) => {
        const zones = byTime.get(point.t);
        return zones ? { ...point, zones } : point;
      });
    },
    save(points, keep) {
      const from = deps.now() - INTRADAY_KEEP_MS;
      const kept = points.filter((point) => point.t >= from && Object.keys(point.zones).length > 0);
      const keptTimes = new Set(keep?.filter((t) => t >= from) ?? kept.map((point) => point.t));
      try {
        db.transaction(() => {
          for (const point of kept) if (!stored.has(point.t)) for (const [zoneId, sample] of Object.entries(point.zones)) insert.run(account, point.t, zoneId, sample.s, sample.m, sample.b);
          for (const t of stored) if (t >= from && !keptTimes.has(t)) erase.run(account, t);
          prune.run(account, from);
        })();
        stored = keptTimes;
      } catch (err) {
        throw writeFailure(err, 'the last 48 hours per zone', deps.logger);
      }
    },
  };
}
