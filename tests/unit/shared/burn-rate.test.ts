import { describe, expect, it } from 'vitest';
import { recentSpendRate, spendIncrementCents, spendRateBetween, trailingSpendRate } from '../../../shared/burn-rate';
import type { HistoryPoint } from '../../../shared/history';

const HOUR = 3_600_000;
const MINUTE = 60_000;

function point(iso: string | number, spendTodayCents: number): HistoryPoint {
  const t = typeof iso === 'number' ? iso : Date.parse(iso);
  return { t, balanceCents: null, spendTodayCents, spendMonthCents: 0, throughputBps: 0, zones: {} };
}

describe('spend increments', () => {
  it('counts the new day’s spend as new after 00:00 UTC', () => {
    expect(spendIncrementCents(point('2026-11-22T23:59:00Z', 5_000), point('2026-11-23T00:01:00Z', 30))).toBe(30);
  });

  it('counts a drop within the day (a zone gone) as no spend', () => {
    expect(spendIncrementCents(point('2026-11-22T10:00:00Z', 5_000), point('2026-11-22T10:01:00Z', 4_000))).toBe(0);
  });
});

describe('spend rates', () => {
  const t0 = Date.parse('2026-11-22T10:00:00Z');
  const steady = Array.from({ length: 121 }, (_, m) => point(t0 + m * MINUTE, m * 2)); // 2 ¢ a minute

  it('measures spend per hour over a window', () => {
    expect(spendRateBetween(steady, t0, t0 + HOUR, 0)?.centsPerHour).toBeCloseTo(120);
    expect(recentSpendRate(steady, t0 + 2 * HOUR, 15 * MINUTE)?.centsPerHour).toBeCloseTo(120);
  });

  it('has no rate when the history covers too little of the window', () => {
    expect(recentSpendRate(steady.slice(0, 5), t0 + 4 * MINUTE, 15 * MINUTE)).toBeNull();
    expect(recentSpendRate(steady, t0 + 5 * HOUR, 15 * MINUTE)).toBeNull();
    expect(trailingSpendRate(steady.slice(0, 50), t0 + 49 * MINUTE, 24 * HOUR, 15 * MINUTE)).toBeNull();
  });

  it('leaves the recent window out of the trailing rate, so a spike does not raise its own bar', () => {
    const spiking = [...steady, ...Array.from({ length: 15 }, (_, m) => point(t0 + (121 + m) * MINUTE, 240 + (m + 1) * 100))];
    const now = t0 + 135 * MINUTE;
    expect(trailingSpendRate(spiking, now, 24 * HOUR, 15 * MINUTE)?.centsPerHour).toBeCloseTo(120);
    expect(recentSpendRate(spiking, now, 15 * MINUTE)!.centsPerHour).toBeGreaterThan(5_000);
  });
});
