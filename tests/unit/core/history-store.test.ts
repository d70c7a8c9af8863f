import { describe, expect, it } from 'vitest';
import { downsample, HistoryStore, MAX_HISTORY_POINTS } from '../../../electron/core/history-store';
import type { HistoryPoint } from '../../../shared/history';

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
