import { describe, expect, it } from 'vitest';
import {
  monthAverageCentsPerHour,
  projectedDayEndCents,
  projectedMonthEndCents,
  runwayHours,
  spendForecast,
} from '../../../../electron/core/readout/spend-forecast';
import type { HistoryPoint } from '../../../../shared/history';

const HOUR = 3_600_000;
const MINUTE = 60_000;

describe('forecasts', () => {
  const noon = Date.parse('2026-11-22T12:00:00Z');

  it('projects spend to the end of the UTC day and month at a rate', () => {
    expect(projectedDayEndCents(1_000, 100, noon)).toBe(1_000 + 12 * 100);
    // 8 days and 12 hours are left of November.
    expect(projectedMonthEndCents(50_000, 100, noon)).toBe(50_000 + (8 * 24 + 12) * 100);
  });

  it('averages this month’s spend over the hours gone', () => {
    expect(monthAverageCentsPerHour(21 * 24 * 100 + 12 * 100, noon)).toBeCloseTo(100);
  });

  it('says how long the balance lasts', () => {
    expect(runwayHours(1_000, 100)).toBe(10);
    expect(runwayHours(1_000, 0)).toBe(Number.POSITIVE_INFINITY);
    expect(runwayHours(-5, 100)).toBe(0);
  });

  it('puts burn rate, projections and runway together from the history', () => {
    const history: HistoryPoint[] = Array.from({ length: 61 }, (_, m) => ({
      t: noon - HOUR + m * MINUTE,
      balanceCents: 2_000,
      spendTodayCents: 500 + m * 5, // $3 an hour
      spendMonthCents: 0,
      throughputBps: 0,
      zones: {},
    }));
    const forecast = spendForecast({ history, spendTodayCents: 800, spendMonthCents: 40_000, balanceCents: 2_000, now: noon });
    expect(forecast.burnCentsPerHour).toBeCloseTo(300);
    expect(forecast.dayEndCents).toBeCloseTo(800 + 12 * 300);
    expect(forecast.runwayHours).toBeCloseTo(2_000 / 300);
  });

  it('falls back to the month average without history, and knows no runway', () => {
    const forecast = spendForecast({ history: [], spendTodayCents: 0, spendMonthCents: 21.5 * 24 * 100, balanceCents: 2_000, now: noon });
    expect(forecast.projectionCentsPerHour).toBeCloseTo(100);
    expect(forecast.burnCentsPerHour).toBeNull();
    expect(forecast.runwayHours).toBeNull();
  });
});
