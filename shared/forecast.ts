import { z } from 'zod';

// The month-end forecast (docs/architecture.md › Month-end forecast): this UTC month's expected
// total and an 80 % range, worked out once in the core (electron/core/forecast/) and read by every
// view and by the budget and minimum-shortfall rules.

/**
 * What the forecast rests on. `pattern`: whole days enough for a weekday pattern and a trend;
 * `few_days`: too few days for a weekday pattern, so the range is wider; `month_so_far`: no whole
 * day in the ledger yet, only this month's spend so far (the widest range); `off`: the zone is off,
 * so only its standing charges are still to come.
 */
export const ForecastBasis = z.enum(['pattern', 'few_days', 'month_so_far', 'off']);
export type ForecastBasis = z.infer<typeof ForecastBasis>;

export const MonthEndForecast = z.object({
  /** The month's expected total: spent so far plus what the rest of the month is expected to add. */
  expectedCents: z.number().nonnegative(),
  /** The 80 % range: the month's total lands below `lowCents` one time in ten, above `highCents` one time in ten. */
  lowCents: z.number().nonnegative(),
  highCents: z.number().nonnegative(),
  /** Spent so far this month (the part of the total no longer in doubt). */
  spentCents: z.number().nonnegative(),
  /** The spread of what is still to come, as a log-normal's σ: how All accounts combines accounts. */
  spread: z.number().nonnegative(),
  basis: ForecastBasis,
  /** Some of the days it rests on are estimated (docs/architecture.md › The daily ledger). */
  estimated: z.boolean(),
  /** What it rests on, in plain words ("From 56 days: weekday pattern and trend"). */
  words: z.string(),
});
export type MonthEndForecast = z.infer<typeof MonthEndForecast>;

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** A forecast figure in whole dollars: it is an estimate, and cents would claim a precision it has not. */
export function forecastDollars(cents: number): string {
  return dollars.format(Math.round(cents / 100));
}

/** "Month end ≈ $2,410, likely $2,280–$2,560". */
export function monthEndLine(forecast: Pick<MonthEndForecast, 'expectedCents' | 'lowCents' | 'highCents'>): string {
  return `Month end ≈ ${forecastDollars(forecast.expectedCents)}, likely ${forecastDollars(forecast.lowCents)}–${forecastDollars(forecast.highCents)}`;
}
