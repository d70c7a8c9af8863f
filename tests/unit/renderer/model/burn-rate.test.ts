import { describe, expect, it } from 'vitest';
import { burnRate, runwayHours, runwayText } from '../../../../renderer/src/model/burn-rate';
import type { HistoryPoint } from '../../../../shared/history';

const now = Date.parse('2026-11-22T12:00:00Z');
const point = (minutesAgo: number, spendMonthCents: number): HistoryPoint => ({
  t: now - minutesAgo * 60_000,
  balanceCents: 0,
  spendTodayCents: 0,
  spendMonthCents,
  throughputBps: 0,
  zones: {},
});

describe('burnRate', () => {
  it('is the month spend gained over the last hour of history, per hour', () => {
    expect(burnRate([point(60, 1000), point(30, 1100), point(0, 1200)], 0, now)).toEqual({ centsPerHour: 200, basis: 'last_hour' });
  });

  it('ignores the drop of the month counter at a new month', () => {
    expect(burnRate([point(30, 5000), point(20, 0), point(0, 100)], 0, now)?.centsPerHour).toBeCloseTo(200);
  });

  it("falls back to today's average when history is short", () => {
    expect(burnRate([point(1, 10)], 1200, now)).toEqual({ centsPerHour: 100, basis: 'today' });
  });
});

describe('runway', () => {
  it('says how long the balance lasts at the rate, and that nothing runs out with no spend', () => {
    expect(runwayHours(1000, 100)).toBe(10);
    expect(runwayText(runwayHours(1000, 0))).toBe('no spend, so no end in sight');
    expect(runwayText(72)).toBe('3 days');
  });
});
