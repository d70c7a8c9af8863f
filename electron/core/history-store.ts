import type { HistoryPoint } from '../../shared/history';
import type { Snapshot } from '../../shared/snapshot';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How history thins out with age, so a month stays small: every point for 6 h, one per 5 min
 * to 2 days, one per hour to 31 days, nothing older. Roughly 360–2,200 + 480 + 700 points.
 */
export const HISTORY_TIERS: readonly { maxAgeMs: number; bucketMs: number }[] = [
  { maxAgeMs: 6 * HOUR, bucketMs: 0 },
  { maxAgeMs: 2 * DAY, bucketMs: 5 * MINUTE },
  { maxAgeMs: 31 * DAY, bucketMs: HOUR },
];
/** A hard bound whatever the poll rate. */
export const MAX_HISTORY_POINTS = 5_000;

/** A history point from a snapshot: account balance and spend, per-zone spend and throughput. */
export function historyPointFrom(snapshot: Snapshot, t: number): HistoryPoint {
  const zones: HistoryPoint['zones'] = {};
  let spendTodayCents = 0;
  let spendMonthCents = 0;
  let throughputBps = 0;
  for (const { zone } of Object.values(snapshot.zones)) {
    zones[zone.zone_id] = { s: zone.spend_today_cents, m: zone.spend_this_month_cents, b: zone.current_thoughput_bps };
    spendTodayCents += zone.spend_today_cents;
    spendMonthCents += zone.spend_this_month_cents;
    throughputBps += zone.current_thoughput_bps;
  }
  const account = snapshot.account.data;
  return {
    t,
    balanceCents: account ? account.billing.balance.amount_total_cents : null,
    spendTodayCents,
    // The account's own month spend covers zones the client does not know yet.
    spendMonthCents: account ? Math.max(account.billing.spend.amount_cents, spendMonthCents) : spendMonthCents,
    throughputBps,
    zones,
  };
}

/**
 * Keeps the points of each tier's bucket that arrived last, with throughput averaged over the
 * bucket (spend figures are running totals, so the last one is the right one). Pure.
 */
export function downsample(points: readonly HistoryPoint[], now: number): HistoryPoint[] {
  const out: HistoryPoint[] = [];
  let bucketKey: string | null = null;
  let group: HistoryPoint[] = [];
  const flush = () => {
    if (group.length > 0) out.push(merge(group));
    group = [];
  };
  for (const point of points) {
    const age = now - point.t;
    const tierIndex = HISTORY_TIERS.findIndex((tier) => age <= tier.maxAgeMs);
    if (tierIndex === -1) continue;
    const tier = HISTORY_TIERS[tierIndex]!;
    const key = tier.bucketMs === 0 ? `raw:${point.t}` : `${tierIndex}:${Math.floor(point.t / tier.bucketMs)}`;
    if (key !== bucketKey) flush();
    bucketKey = key;
    group.push(point);
  }
  flush();
  return out.length > MAX_HISTORY_POINTS ? out.slice(out.length - MAX_HISTORY_POINTS) : out;
}

function merge(group: HistoryPoint[]): HistoryPoint {
  const last = group[group.length - 1]!;
  if (group.length === 1) return last;
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  const zones: HistoryPoint['zones'] = {};
  for (const [id, sample] of Object.entries(last.zones)) {
    zones[id] = { ...sample, b: mean(group.map((p) => p.zones[id]?.b ?? 0)) };
  }
  return { ...last, throughputBps: mean(group.map((p) => p.throughputBps)), zones };
}

/** The bounded history in memory; compacts itself every half hour of data. */
export class HistoryStore {
  private points: HistoryPoint[] = [];
  private compactedAt = 0;

  constructor(initial: readonly HistoryPoint[] = []) {
    this.points = [...initial].sort((a, b) => a.t - b.t);
  }

  add(point: HistoryPoint): void {
    const last = this.points[this.points.length - 1];
    if (last && point.t <= last.t) return;
    this.points.push(point);
    if (point.t - this.compactedAt >= 30 * MINUTE || this.points.length > MAX_HISTORY_POINTS) {
      this.points = downsample(this.points, point.t);
      this.compactedAt = point.t;
    }
  }

  since(sinceMs = 0): HistoryPoint[] {
    return this.points.filter((p) => p.t >= sinceMs);
  }

  all(): readonly HistoryPoint[] {
    return this.points;
  }

  clear(): void {
    this.points = [];
    this.compactedAt = 0;
  }
}
