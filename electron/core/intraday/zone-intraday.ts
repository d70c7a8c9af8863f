import type { HistoryPoint } from '../../../shared/history';
import type { ZoneIntradayPoint } from '../../../shared/ledger';
import { utcMonthKey } from '../../../shared/units';
import { zoneSpendAdded } from '../data/history-store';
import { INTRADAY_KEEP_MS } from './intraday-file';

const HOUR_MS = 3_600_000;

/**
 * One zone's last 48 hours from the history's points with zone detail: its throughput at each, and
 * its spend rate since the point before that sampled it too (null for the first, or across a gap
 * where the zone was not sampled). Pure.
 */
export function zoneIntraday(points: readonly HistoryPoint[], zoneId: string, now: number): ZoneIntradayPoint[] {
  const out: ZoneIntradayPoint[] = [];
  let previous: { t: number; sample: HistoryPoint['zones'][string] } | null = null;
  for (const point of points) {
    if (now - point.t > INTRADAY_KEEP_MS || point.t > now) continue;
    const sample = point.zones[zoneId];
    if (sample === undefined) continue;
    let rate: number | null = null;
    if (previous !== null && point.t > previous.t) {
      const sameMonth = utcMonthKey(new Date(previous.t)) === utcMonthKey(new Date(point.t));
      rate = (zoneSpendAdded(previous.sample, sample, sameMonth) / (point.t - previous.t)) * HOUR_MS;
    }
    out.push({ t: point.t, spendCentsPerHour: rate, throughputBps: sample.b });
    previous = { t: point.t, sample };
  }
  return out;
}
