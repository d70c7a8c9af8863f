import { describe, expect, it } from 'vitest';
import {
  downsample,
  hasZoneDetail,
  HistoryStore,
  MAX_HISTORY_POINTS,
  storedHistory,
  historyPointFrom,
  spendAddedSince,
  ZONE_DETAIL_SPACING_MS,
  ZONE_DETAIL_TIERS,
} from '../../../../electron/core/data/history-store';
import { recentSpendRate, spendRateBetween } from '../../../../shared/burn-rate';
import { emptySnapshot, type Snapshot } from '../../../../shared/snapshot';
import { AlertSettings } from '../../../../shared/alert-settings';
import type { HistoryPoint } from '../../../../shared/history';

const MIN = 60_000;
const point = (t: number, bps = 100): HistoryPoint => ({
  t,
  balanceCents: 1000,
  spendTodayCents: t / MIN,
  spendMonthCents: t / MIN,
  throughputBps: bps,
  zones: { Z1: { s: t / MIN, m: t / MIN, b: bps } },
});

describe('history downsampling', () => {
  it('keeps every recent point and thins older ones, keeping the last spend and the mean throughput', () => {
    const now = 10 * 24 * 60 * MIN;
    const points = Array.from({ length: 60 }, (_, i) => point(now - 3 * 24 * 60 * MIN + i * MIN, i % 2 === 0 ? 0 : 200));
    const kept = downsample([...points, point(now - 1_000), point(now)], now);
    // Three days old: one point per hour for the 60 minutes, plus the two recent ones.
    expect(kept.length).toBeLessThanOrEqual(4);
    expect(kept.at(-1)?.t).toBe(now);
    const hourly = kept[0]!;
    expect(hourly.throughputBps).toBeGreaterThan(0);
    expect(hourly.throughputBps).toBeLessThan(200);
  });

  it('drops points older than a month', () => {
    const now = 60 * 24 * 60 * MIN;
    expect(downsample([point(now - 40 * 24 * 60 * MIN), point(now)], now).map((p) => p.t)).toEqual([now]);
  });

  it('stays small for a month of polling every minute', () => {
    const store = new HistoryStore();
    const start = 1_800_000_000_000;
    for (let t = start; t < start + 31 * 24 * 60 * MIN; t += MIN) store.add(point(t));
    expect(store.all().length).toBeLessThanOrEqual(MAX_HISTORY_POINTS);
    expect(store.all().length).toBeGreaterThan(1000);
  });
});

describe('per-zone samples in the history', () => {
  const start = 1_800_000_000_000;
  const thousandZones: HistoryPoint['zones'] = Object.fromEntries(
    Array.from({ length: 1000 }, (_, i) => [`Z${String(i).padStart(4, '0')}`, { s: 1234.5678 + i, m: 98765.4321 + i, b: 123456 + i }]),
  );
  const wide = (t: number): HistoryPoint => ({ ...point(t), spendTodayCents: 123456.789 + t / MIN, zones: thousandZones });

  const [recentTier, dayTier] = ZONE_DETAIL_TIERS;

  it('keeps them one every few minutes for hours, one an hour for two days, and on the newest point', () => {
    const store = new HistoryStore();
    const end = start + 50 * 60 * MIN;
    for (let t = start; t <= end; t += 30_000) store.add(wide(t));
    const detailed = store.all().filter(hasZoneDetail);
    expect(detailed.at(-1)?.t).toBe(end);
    // Compaction runs every half hour, so samples may outlive the limit by up to that much.
    expect(Math.min(...detailed.map((p) => p.t))).toBeGreaterThanOrEqual(end - dayTier!.maxAgeMs - 30 * MIN);
    expect(Math.min(...detailed.map((p) => p.t))).toBeLessThanOrEqual(end - 47 * 60 * MIN);
    const older = detailed.slice(0, -1).map((p) => p.t);
    const stretches = older.map((t) => Math.floor(t / ZONE_DETAIL_SPACING_MS));
    expect(new Set(stretches).size).toBe(older.length);
    const lastDay = (dayTier!.maxAgeMs - recentTier!.maxAgeMs + 30 * MIN) / dayTier!.spacingMs;
    expect(detailed.length).toBeLessThanOrEqual((recentTier!.maxAgeMs + 30 * MIN) / recentTier!.spacingMs + lastDay + 2);
    // Every point keeps its account figures.
    expect(store.all().every((p) => p.spendTodayCents > 0 && p.balanceCents === 1000)).toBe(true);
  }, 30_000);

  it('reach back past the longest spike window', () => {
    const longest = 120;
    expect(AlertSettings.safeParse({ spike: { windowMinutes: longest } }).success).toBe(true);
    expect(AlertSettings.safeParse({ spike: { windowMinutes: longest + 1 } }).success).toBe(false);
    expect(recentTier!.maxAgeMs - recentTier!.spacingMs).toBeGreaterThanOrEqual(longest * MIN);
  });

  it('stay out of the history file, so a month at 1,000 zones stays a small file', () => {
    const store = new HistoryStore();
    // Steps given, as the size is the point here: counting them over 1,000 zones a minute for a month is the bench's.
    for (let t = start; t < start + 30 * 24 * 60 * MIN; t += MIN) store.add({ ...wide(t), addedCents: 1234.5678, addedMs: MIN });
    const stored = storedHistory(store.all());
    expect(stored.some(hasZoneDetail)).toBe(false);
    expect(stored.length).toBe(store.all().length);
    // Each point also carries its spend step (addedCents, addedMs): about 10 % more than before them.
    expect(Buffer.byteLength(JSON.stringify(stored)) / 1024).toBeLessThan(288);
  }, 30_000);
});

describe('history that cannot invent spend', () => {
  const t0 = Date.parse('2026-11-22T10:00:00Z');
  const zones = (t: number, ids: readonly string[]): HistoryPoint['zones'] =>
    Object.fromEntries(ids.map((id) => [id, { s: 0, m: 1_000 + (t - t0) / MIN, b: 0 }]));
  const at = (t: number, ids: readonly string[]): HistoryPoint => ({ ...point(t), zones: zones(t, ids) });

  it('counts only zones present in both points, so a zone that joins adds no jump', () => {
    const before = at(t0, ['A', 'B']);
    const after = { ...at(t0 + MIN, ['A', 'B']), zones: { ...zones(t0 + MIN, ['A', 'B']), NEW: { s: 9_000, m: 50_000, b: 0 } } };
    expect(spendAddedSince(before, after)).toEqual({ addedCents: 2, addedMs: MIN });
  });

  it('counts a gap with no zone on both sides as no time at all', () => {
    expect(spendAddedSince({ ...point(t0), zones: {} }, at(t0 + 8 * 60 * MIN, ['A']))).toEqual({ addedCents: 0, addedMs: 0 });
  });

  it("takes a new month's total as all new spend", () => {
    const last = Date.parse('2026-11-30T23:59:00Z');
    const before = { ...point(last), zones: { A: { s: 500, m: 90_000, b: 0 } } };
    const after = { ...point(last + 2 * MIN), zones: { A: { s: 3, m: 3, b: 0 } } };
    expect(spendAddedSince(before, after)).toEqual({ addedCents: 3, addedMs: 2 * MIN });
  });

  it('gives a steady rate across a zone pinned mid-day and across a restart', () => {
    const store = new HistoryStore();
    for (let i = 0; i <= 60; i++) store.add(at(t0 + i * MIN, ['A']));
    // A zone that has spent $500 today is pinned: the rate stays one zone's cent a minute.
    for (let i = 61; i <= 120; i++) store.add({ ...at(t0 + i * MIN, ['A']), zones: { ...zones(t0 + i * MIN, ['A']), P: { s: 50_000, m: 50_000 + i, b: 0 } } });
    expect(recentSpendRate(store.all(), t0 + 75 * MIN, 15 * MIN)?.centsPerHour).toBeCloseTo(60 + 14 * 4, 0);
    // A restart: the stored history has no zone detail, and 8 h pass with the app closed.
    const restarted = new HistoryStore(storedHistory(store.all()));
    const later = t0 + 8 * 60 * MIN + 120 * MIN;
    for (let i = 0; i <= 20; i++) restarted.add(at(later + i * MIN, ['A']));
    const rate = spendRateBetween(restarted.all(), t0, later + 20 * MIN, 0);
    // The 8 h gap counts as neither spend nor time, so the rate is not diluted and shows no jump.
    expect(rate!.centsPerHour).toBeGreaterThan(59);
    expect(rate!.centsPerHour).toBeLessThan(90);
  });

  it('stamps a point with when its zone data was fetched and samples only the zones fetched then', () => {
    expect(historyPointFrom(emptySnapshot())).toBeNull();
    const zone = (zone_id: string) => ({ zone_id, spend_today_cents: 10, spend_this_month_cents: 100, current_thoughput_bps: 5 });
    const snapshot = {
      ...emptySnapshot(),
      zonesFetch: { fetchedAt: '2026-11-22T10:05:00.000Z', error: null, info: null },
      zones: {
        A: { zone: zone('A'), fetchedAt: '2026-11-22T10:05:00.000Z' },
        B: { zone: zone('B'), fetchedAt: '2026-11-22T09:00:00.000Z' },
      },
    } as unknown as Snapshot;
    const p = historyPointFrom(snapshot)!;
    expect(p.t).toBe(Date.parse('2026-11-22T10:05:00Z'));
    expect(Object.keys(p.zones)).toEqual(['A']);
    expect(p.spendTodayCents).toBe(20);
  });

  it('ignores a point no newer than the newest, as a failed cycle would add', () => {
    const store = new HistoryStore();
    store.add(at(t0, ['A']));
    store.add(at(t0, ['A']));
    expect(store.all()).toHaveLength(1);
  });
});
