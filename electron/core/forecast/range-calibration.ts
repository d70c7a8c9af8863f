import { type DayValue, expectedOn, fitSeries } from './series-fit';

// The account's own past forecasts, replayed on its own days (docs/architecture.md › Month-end forecast,
// its 80 % range): how far what came strayed from what the fit expected, over the same
// number of days as are left now. What a fit cannot know of itself — steps, quiet stretches, heavy
// tails, a trend it shrinks — shows here as it did for this account. Pure.

/**
 * Past forecasts start on today's weekday, a week apart, over the 17 weeks before the horizon: each
 * covers the same weekdays as the days left now.
 */
const ORIGIN_STEP_DAYS = 7;
const ORIGIN_SPAN_DAYS = 119;
/** Days of history before the origins: what the fit reads, and what calibrating reaches back to. */
export const CALIBRATION_REACH_DAYS = ORIGIN_SPAN_DAYS;

export type PastErrors = {
  /** ln(what came ÷ what was expected), one per past forecast. */
  errors: number[];
  /** About how many of them are independent: past forecasts over many days overlap. */
  independent: number;
};

/**
 * The fit's past forecasts of `horizon` whole days, made as if on each origin day before `today`
 * whose horizon had ended by then and that had every day of it and a fit before it.
 */
export function pastErrors(series: readonly DayValue[], today: number, horizon: number): PastErrors {
  const byDay = new Map(series.map((d) => [d.day, d.cents]));
  const errors: number[] = [];
  const firstDay = series[0]?.day ?? today;
  const latest = today - ORIGIN_STEP_DAYS * Math.ceil(horizon / ORIGIN_STEP_DAYS);
  for (let origin = latest; origin >= latest - ORIGIN_SPAN_DAYS && origin > firstDay; origin -= ORIGIN_STEP_DAYS) {
    let actual = 0;
    let whole = true;
    for (let day = origin; day < origin + horizon && whole; day += 1) {
      const cents = byDay.get(day);
      if (cents === undefined) whole = false;
      else actual += cents;
    }
    if (!whole) continue;
    const fit = fitSeries(series, origin);
    if (fit === null) continue;
    let expected = 0;
    for (let day = origin; day < origin + horizon; day += 1) expected += expectedOn(fit, day);
    if (expected > 0 && actual > 0) errors.push(Math.log(actual / expected));
  }
  const span = errors.length * ORIGIN_STEP_DAYS;
  return { errors, independent: errors.length === 0 ? 0 : Math.max(1, Math.min(errors.length, span / horizon)) };
}

/** Pseudo-forecasts the model's own spread and a zero shift count for, against the independent past ones. */
const SPREAD_PRIOR = 0.5;
const SHIFT_PRIOR = 6;
/** The ends are widened by √(1 + this ÷ independent past forecasts): quantiles of a few fall short of the truth's. */
const FEW_WIDEN = 0.25;

export type Calibration = {
  /** How much the fit's expectation is moved (a factor e^shift on what is still to come). */
  shift: number;
  /** Where the range's middle lies from the expectation so moved (logarithmic): past misses lean one way. */
  centre: number;
  /** The spread of what is still to come around that middle (logarithmic). */
  spread: number;
};

/** The q-th quantile of sorted values, interpolated. */
function quantile(sorted: readonly number[], q: number): number {
  const at = q * (sorted.length - 1);
  const below = Math.floor(at);
  const above = Math.min(sorted.length - 1, below + 1);
  return sorted[below]! + (at - below) * (sorted[above]! - sorted[below]!);
}

/**
 * The model's spread, no shift and a range centred on the expectation, moved towards what the past
 * forecasts show as they count: the mean of their errors shifts the expectation, their 10th and
 * 90th percentiles the range's ends. Pure.
 */
export function calibrate(prior: number, z: number, past: PastErrors): Calibration {
  const { errors, independent } = past;
  if (errors.length === 0) return { shift: 0, centre: 0, spread: prior };
  const sorted = [...errors].sort((a, b) => a - b);
  const mean = errors.reduce((a, e) => a + e, 0) / errors.length;
  const shift = (mean * independent) / (independent + SHIFT_PRIOR);
  const weigh = (own: number, model: number) => (independent * own + SPREAD_PRIOR * model) / (independent + SPREAD_PRIOR);
  const low = weigh(quantile(sorted, 0.1) - shift, -z * prior);
  const high = weigh(quantile(sorted, 0.9) - shift, z * prior);
  const widen = Math.sqrt(1 + FEW_WIDEN / independent);
  return { shift, centre: (low + high) / 2, spread: Math.max(0, (widen * (high - low)) / (2 * z)) };
}
