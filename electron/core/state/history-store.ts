import type { HistoryPoint } from '../../../shared/history';
import type { Snapshot } from '../../../shared/snapshot';

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

/**
 * Per-zone samples are the bulk of a point at scale (1,000 zones ≈ 75 KB a point), and their one
 * reader is the spike rule naming the zone that spent most over its window (at most 120 min,
 * shared/alert-settings.ts); charts, burn rate and forecasts read account figures. So only points
 * this recent keep them…
 */
export const ZONE_DETAIL_MAX_AGE_MS = 3 * HOUR;
/** …and only one every 5 min (the shortest spike window), plus the newest point. */
export const ZONE_DETAIL_SPACING_MS = 5 * MINUTE;

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
  return thinZoneDetail(out.length > MAX_HISTORY_POINTS ? out.slice(out.length - MAX_HISTORY_POINTS) : out, now);
}

export function hasZoneDetail(point: HistoryPoint): boolean {
  for (const _ in point.zones) return true;
  return false;
}

/** The point with account figures only. */
export function withoutZoneDetail(point: HistoryPoint): HistoryPoint {
  return hasZoneDetail(point) ? { ...point, zones: {} } : point;
}

/**
 * What is written to disk: account figures only. Per-zone samples would make a 1,000-zone file
 * megabytes, rewritten every cycle, for a spike message that rebuilds them minutes after a restart.
 */
export function storedHistory(points: readonly HistoryPoint[]): HistoryPoint[] {
  return points.map(withoutZoneDetail);
}

/**
 * Drops per-zone samples except on the newest point and on older ones at least
 * ZONE_DETAIL_SPACING_MS after the previous one kept, within ZONE_DETAIL_MAX_AGE_MS. Pure.
 */
export function thinZoneDetail(points: readonly HistoryPoint[], now: number): HistoryPoint[] {
  let keptAt = -Infinity;
  return points.map((point, index) => {
    if (!hasZoneDetail(point)) return point;
    const keep = index === points.length - 1 || (now - point.t <= ZONE_DETAIL_MAX_AGE_MS && point.t - keptAt >= ZONE_DETAIL_SPACING_MS);
    if (!keep) return withoutZoneDetail(point);
    keptAt = point.t;
    return point;
  });
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

/**
 * The bounded history in memory; compacts itself every half hour of data, and thins per-zone
 * samples as points arrive (thinZoneDetail, one point at a time).
 */
export class HistoryStore {
  private points: HistoryPoint[] = [];
  private compactedAt = 0;
  /** `t` of the newest point but one that keeps per-zone samples. */
  private detailKeptAt = -Infinity;

  constructor(initial: readonly HistoryPoint[] = []) {
    this.points = [...initial].sort((a, b) => a.t - b.t);
    this.detailKeptAt = this.points.slice(0, -1).findLast(hasZoneDetail)?.t ?? -Infinity;
  }

  add(point: HistoryPoint): void {
    const lastIndex = this.points.length - 1;
    const last = this.points[lastIndex];
    if (last && point.t <= last.t) return;
    // The previous newest point is newest no more: it keeps its samples only if spaced enough.
    if (last && hasZoneDetail(last)) {
      if (last.t - this.detailKeptAt >= ZONE_DETAIL_SPACING_MS) this.detailKeptAt = last.t;
      else this.points[lastIndex] = withoutZoneDetail(last);
    }
    this.points.push(point);
    if (point.t - this.compactedAt >= 30 * MINUTE || this.points.length > MAX_HISTORY_POINTS) {
      this.points = downsample(this.points, point.t);
      this.compactedAt = point.t;
      this.detailKeptAt = this.points.slice(0, -1).findLast(hasZoneDetail)?.t ?? -Infinity;
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
    this.detailKeptAt = -Infinity;
  }
}
