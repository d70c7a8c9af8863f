import { describe, expect, it } from 'vitest';
import { calibrate, pastErrors } from '../../../../electron/core/forecast/range-calibration';
import type { DayValue } from '../../../../electron/core/forecast/series-fit';

// docs/architecture.md › Month-end forecast, its 80 % range: the account's own past forecasts,
// replayed on its own days, set how far the range reaches and where its middle lies.

const Z80 = 1.2816;
const TODAY = 20_400; // an epoch day in November 2025

function series(days: number, cents: (day: number, i: number) => number): DayValue[] {
  return Array.from({ length: days }, (_, i) => TODAY - days + i).map((day, i) => ({ day, cents: cents(day, i), estimated: false }));
}

describe('the account’s past forecasts', () => {
  it('are one per origin whose horizon had ended before today, each the log of what came over what the fit expected', () => {
    const steady = pastErrors(series(200, () => 10_000), TODAY, 10);
    // A week apart, each on today's weekday, over 17 weeks.
    expect(steady.errors.length).toBe(18);
    for (const error of steady.errors) expect(Math.abs(error)).toBeLessThan(1e-9);
    // Ten-day horizons a week apart overlap: fewer count as independent than there are.
    expect(steady.independent).toBeLessThan(steady.errors.length);
    expect(steady.independent).toBeGreaterThanOrEqual(1);
  });

  it('show a level that steps up every fortnight as forecasts that ran low', () => {
    const stepping = pastErrors(series(200, (_, i) => 10_000 * 1.15 ** Math.floor(i / 14)), TODAY, 14);
    const mean = stepping.errors.reduce((a, e) => a + e, 0) / stepping.errors.length;
    expect(mean).toBeGreaterThan(0.03);
  });

  it('need whole days: a horizon with a day missing is no past forecast', () => {
    const gappy = series(200, () => 10_000).filter((_, i) => i % 5 !== 0);
    expect(pastErrors(gappy, TODAY, 10).errors).toEqual([]);
  });
});

describe('calibrating the range', () => {
  it('keeps the model’s spread and middle without a past forecast', () => {
    expect(calibrate(0.1, Z80, { errors: [], independent: 0 })).toEqual({ shift: 0, centre: 0, spread: 0.1 });
  });

  it('moves the expectation up when past forecasts ran low, less the fewer there are', () => {
    const errors = Array.from({ length: 30 }, (_, i) => 0.1 + 0.01 * Math.sin(i));
    const many = calibrate(0.05, Z80, { errors, independent: 30 });
    const few = calibrate(0.05, Z80, { errors, independent: 2 });
    expect(many.shift).toBeGreaterThan(0.07);
    expect(few.shift).toBeGreaterThan(0);
    expect(few.shift).toBeLessThan(many.shift);
  });

  it('widens a range the model drew too narrow, and leans it towards the side past forecasts missed on', () => {
    // Most past forecasts a little high, a few far too low: a heavy upper tail.
    const errors = Array.from({ length: 40 }, (_, i) => (i % 8 === 0 ? 0.5 : -0.03));
    const calibrated = calibrate(0.02, Z80, { errors, independent: 20 });
    expect(calibrated.spread).toBeGreaterThan(0.02);
    expect(calibrated.centre).toBeGreaterThan(0);
    // The range still reaches below the expectation, and further above it than below.
    expect(calibrated.centre - Z80 * calibrated.spread).toBeLessThan(0);
    expect(calibrated.centre + Z80 * calibrated.spread).toBeGreaterThan(-(calibrated.centre - Z80 * calibrated.spread));
  });

  it('narrows a range the model drew too wide when the account’s forecasts kept close', () => {
    const errors = Array.from({ length: 40 }, (_, i) => 0.005 * Math.sin(i));
    expect(calibrate(0.2, Z80, { errors, independent: 20 }).spread).toBeLessThan(0.1);
  });
});
