import type { HistoryPoint, ZoneSample } from '../../../shared/history';
import type { Snapshot } from '../../../shared/snapshot';
import { utcMonthKey } from '../../../shared/units';

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
 * Per-zone samples are the bulk of a point at scale (1,000 zones ≈ 75 KB a point), and their
 * readers are the spike rules: a zone's recent rate over its window (at most 120 min,
 * shared/alert-settings.ts) against its own trailing 24 h; and a zone's last 48 hours in its
 * detail view, which the intraday file keeps across a restart (docs/architecture.md › Per-zone
 * intraday history). So points keep them one every 5 min for 3 h, then one an hour to 48 h, plus
 * the newest point: about 80 points with zone detail.
 */
export const ZONE_DETAIL_TIERS: readonly { maxAgeMs: number; spacingMs: number }[] = [
  { maxAgeMs: 3 * HOUR, spacingMs: 5 * MINUTE },
  { maxAgeMs: 48 * HOUR, spacingMs: HOUR },
];
/** The closest spacing of points with zone detail (the newest but one is kept only this far from the one before). */
export const ZONE_DETAIL_SPACING_MS = ZONE_DETAIL_TIERS[0]!.spacingMs;

/** The spacing zone detail keeps at this age, or null when points this old keep none. */
function detailSpacing(ageMs: number): number | null {
  return ZONE_DETAIL_TIERS.find((tier) => ageMs <= tier.maxAgeMs)?.spacingMs ?? null;
}

/** Spend a zone added between two of its samples; the month total resets at 00:00 UTC on the 1st. */
export function zoneSpendAdded(previous: ZoneSample, current: ZoneSample, sameMonth: boolean): number {
  return Math.max(0, sameMonth ? current.m - previous.m : current.m);
}

/**
 * The spend `current` adds to `previous`, counted only over zones sampled in both (docs/architecture.md ›
 * Alerts): a zone discovered, pinned or back after an outage adds nothing, and when no zone is in
 * both (after a restart, whose stored history has no zone detail) the step covers no time at all.
 */
export function spendAddedSince(previous: HistoryPoint | undefined, current: HistoryPoint): { addedCents: number; addedMs: number } {
  if (previous === undefined || current.t <= previous.t) return { addedCents: 0, addedMs: 0 };
  let addedCents = 0;
  let common = 0;
  const sameMonth = utcMonthKey(new Date(previous.t)) === utcMonthKey(new Date(current.t));
  for (const [zoneId, sample] of Object.entries(current.zones)) {
    const before = previous.zones[zoneId];
    if (before === undefined) continue;
    common += 1;
    addedCents += zoneSpendAdded(before, sample, sameMonth);
  }
  return { addedCents, addedMs: common > 0 ? current.t - previous.t : 0 };
}

/**
 * A history point from a snapshot, stamped with the time its zone data was fetched; null before
 * any zone data arrived. Only zones fetched at that time are sampled, so a zone whose batch failed
 * keeps no stale figures in the point. Account figures (charts) sum every known zone figure.
 */
export function historyPointFrom(snapshot: Snapshot): HistoryPoint | null {
  const fetchedAt = snapshot.zonesFetch.fetchedAt;
  if (fetchedAt === null) return null;
  const zones: HistoryPoint['zones'] = {};
  let spendTodayCents = 0;
  let spendMonthCents = 0;
  let throughputBps = 0;
  for (const { zone, fetchedAt: zoneFetchedAt } of Object.values(snapshot.zones)) {
    const { spend_today_cents: s, spend_this_month_cents: m, current_thoughput_bps: b } = zone;
    // A zone with an unknown figure is not sampled: rates count only zones sampled on both sides
    // (`spendAddedSince`), so a figure that goes unknown and comes back adds no false jump.
    if (zoneFetchedAt === fetchedAt && s !== undefined && m !== undefined && b !== undefined) zones[zone.zone_id] = { s, m, b };
    spendTodayCents += s ?? 0;
    spendMonthCents += m ?? 0;
    throughputBps += b ?? 0;
  }
  const account = snapshot.account.data;
  return {
    t: Date.parse(fetchedAt),
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
 * What the history file holds: account figures only. Per-zone samples go to the compact intraday
 * file beside it (electron/core/intraday/), which keeps the last 48 hours of them.
 */
export function storedHistory(points: readonly HistoryPoint[]): HistoryPoint[] {
  return points.map(withoutZoneDetail);
}

/**
 * Drops per-zone samples except on the newest point and on the first one kept of each
 * spacing-long stretch for their age (ZONE_DETAIL_TIERS). Pure.
 */
export function thinZoneDetail(points: readonly HistoryPoint[], now: number): HistoryPoint[] {
  let keptBucket: string | null = null;
  return points.map((point, index) => {
    if (!hasZoneDetail(point)) return point;
    const spacing = detailSpacing(now - point.t);
    const bucket = spacing === null ? null : `${spacing}:${Math.floor(point.t / spacing)}`;
    const keep = index === points.length - 1 || (bucket !== null && bucket !== keptBucket);
    if (!keep) return withoutZoneDetail(point);
    keptBucket = bucket;
    return point;
  });
}

function merge(group: HistoryPoint[]): HistoryPoint {
  const last = group[group.length - 1]!;
  if (group.length === 1) return last;
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  const zones: HistoryPoint['zones'] = {};
  const detailed = group.filter(hasZoneDetail);
  for (const [id, sample] of Object.entries(last.zones)) {
    zones[id] = { ...sample, b: mean(detailed.flatMap((p) => { const z = p.zones[id]; return z === undefined ? [] : [z.b]; })) };
  }
  const merged: HistoryPoint = { ...last, throughputBps: mean(group.map((p) => p.throughputBps)), zones };
  // The kept point now follows the previous bucket's: its step is the whole group's.
  if (group.every((p) => p.addedCents !== undefined && p.addedMs !== undefined)) {
    merged.addedCents = group.reduce((sum, p) => sum + (p.addedCents ?? 0), 0);
    merged.addedMs = group.reduce((sum, p) => sum + (p.addedMs ?? 0), 0);
  }
  return merged;
}

/**
 * The bounded history in memory; compacts itself every half hour of data, and thins per-zone
 * samples as points arrive (one point per 5-minute stretch keeps them, see thinZoneDetail).
 */
export class HistoryStore {
  private points: HistoryPoint[] = [];
  private compactedAt = 0;

  constructor(initial: readonly HistoryPoint[] = []) {
    this.points = [...initial].sort((a, b) => a.t - b.t);
  }

  /** Adds a point newer than the newest (an older or same-time one, from a failed cycle, is ignored). */
  add(incoming: HistoryPoint): void {
    const lastIndex = this.points.length - 1;
    const last = this.points[lastIndex];
    if (last && incoming.t <= last.t) return;
    const point = incoming.addedMs === undefined ? { ...incoming, ...spendAddedSince(last, incoming) } : incoming;
    // The previous newest point is newest no more: it keeps its samples only if it is the last of
    // its 5-minute stretch, the point downsampling keeps of that stretch later on.
    if (last && hasZoneDetail(last) && Math.floor(last.t / ZONE_DETAIL_SPACING_MS) === Math.floor(point.t / ZONE_DETAIL_SPACING_MS)) {
      this.points[lastIndex] = withoutZoneDetail(last);
    }
    this.points.push(point);
    if (point.t - this.compactedAt >= 30 * MINUTE || this.points.length > MAX_HISTORY_POINTS) {
      this.points = downsample(this.points, point.t);
      this.compactedAt = point.t;
    }
  }

  /**
   * Puts zone samples read after start back on the points of the same time that have none (the
   * history database answers after the window's first figures: docs/architecture.md › Per-zone
   * intraday history).
   */
  putBackZoneDetail(restored: readonly HistoryPoint[]): void {
    const byTime = new Map(restored.filter(hasZoneDetail).map((point) => [point.t, point.zones]));
    if (byTime.size === 0) return;
    this.points = this.points.map((point) => {
      const zones = byTime.get(point.t);
      return zones && !hasZoneDetail(point) ? { ...point, zones } : point;
    });
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
