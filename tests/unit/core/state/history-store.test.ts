import { describe, expect, it } from 'vitest';
import {
  downsample,
  hasZoneDetail,
  HistoryStore,
  MAX_HISTORY_POINTS,
  storedHistory,
  ZONE_DETAIL_MAX_AGE_MS,
  ZONE_DETAIL_SPACING_MS,
} from '../../../../electron/core/state/history-store';
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

  it('keeps them only on recent points, one every few minutes, and on the newest point', () => {
    const store = new HistoryStore();
    const end = start + 12 * 60 * MIN;
    for (let t = start; t <= end; t += 10_000) store.add(wide(t));
    const detailed = store.all().filter(hasZoneDetail);
    expect(detailed.at(-1)?.t).toBe(end);
    // Compaction runs every half hour, so samples may outlive the limit by up to that much.
    expect(Math.min(...detailed.map((p) => p.t))).toBeGreaterThanOrEqual(end - ZONE_DETAIL_MAX_AGE_MS - 30 * MIN);
    const older = detailed.slice(0, -1).map((p) => p.t);
    for (let i = 1; i < older.length; i++) expect(older[i]! - older[i - 1]!).toBeGreaterThanOrEqual(ZONE_DETAIL_SPACING_MS);
    expect(detailed.length).toBeLessThanOrEqual((ZONE_DETAIL_MAX_AGE_MS + 30 * MIN) / ZONE_DETAIL_SPACING_MS + 2);
    // Every point keeps its account figures.
    expect(store.all().every((p) => p.spendTodayCents > 0 && p.balanceCents === 1000)).toBe(true);
  });

  it('reach back past the longest spike window', () => {
    const longest = 120;
    expect(AlertSettings.safeParse({ spike: { windowMinutes: longest } }).success).toBe(true);
    expect(AlertSettings.safeParse({ spike: { windowMinutes: longest + 1 } }).success).toBe(false);
    expect(ZONE_DETAIL_MAX_AGE_MS - ZONE_DETAIL_SPACING_MS).toBeGreaterThanOrEqual(longest * MIN);
  });

  it('are never written to disk, so a month at 1,000 zones stays a small file', () => {
    const store = new HistoryStore();
    for (let t = start; t < start + 30 * 24 * 60 * MIN; t += MIN) store.add(wide(t));
    const stored = storedHistory(store.all());
    expect(stored.some(hasZoneDetail)).toBe(false);
    expect(stored.length).toBe(store.all().length);
    expect(Buffer.byteLength(JSON.stringify(stored)) / 1024).toBeLessThan(256);
  });
});
