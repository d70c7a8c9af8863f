import type { HistoryPoint } from '../../../shared/history';
import { startOfNextUtcDay, startOfNextUtcMonth, startOfUtcMonth } from '../../../shared/units';
import { HOUR_MS, recentSpendRate, spendRateBetween } from '../../../shared/burn-rate';

/** The burn rate behind the runway: the last hour's spend (at least 30 minutes of it). */
export const BURN_WINDOW_MS = HOUR_MS;
/** The rate behind the month-end projection: a whole day, so the daily rhythm evens out. */
export const PROJECTION_WINDOW_MS = 24 * HOUR_MS;

export interface SpendForecastInput {
  history: readonly HistoryPoint[];
  spendTodayCents: number;
  spendMonthCents: number;
  /** Balance including trial credit; null when the account is unknown. */
  balanceCents: number | null;
  now: number;
}

export interface SpendForecast {
  /** Spend per hour now (last hour); null without enough history. */
  burnCentsPerHour: number | null;
  /** The rate the projections use: the last 24 h (at least an hour of it), else this month's average. */
  projectionCentsPerHour: number;
  dayEndCents: number;
  /** Balance ÷ burn rate; null when either is unknown, Infinity when nothing is being spent. */
  runwayHours: number | null;
}

export function hoursUntil(now: number, end: Date): number {
  return Math.max(0, end.getTime() - now) / HOUR_MS;
}

/** This UTC month's average spend per hour so far (at least an hour counted, so day one is not inflated). */
export function monthAverageCentsPerHour(spendMonthCents: number, now: number): number {
  const elapsedHours = Math.max(1, (now - startOfUtcMonth(new Date(now)).getTime()) / HOUR_MS);
  return Math.max(0, spendMonthCents) / elapsedHours;
}

export function projectedDayEndCents(spendTodayCents: number, centsPerHour: number, now: number): number {
  return spendTodayCents + centsPerHour * hoursUntil(now, startOfNextUtcDay(new Date(now)));
}

/** The 24-hour-rate projection the month-end forecast replaced (docs/architecture.md › Month-end forecast): the backtest's yardstick. */
export function projectedMonthEndCents(spendMonthCents: number, centsPerHour: number, now: number): number {
  return spendMonthCents + centsPerHour * hoursUntil(now, startOfNextUtcMonth(new Date(now)));
}

/** Hours until the balance runs out at this rate: 0 once it has, Infinity while nothing is spent. */
export function runwayHours(balanceCents: number, centsPerHour: number): number {
  if (balanceCents <= 0) return 0;
  if (centsPerHour <= 0) return Number.POSITIVE_INFINITY;
  return balanceCents / centsPerHour;
}

export function spendForecast(input: SpendForecastInput): SpendForecast {
  const { history, now } = input;
  const burn = recentSpendRate(history, now, BURN_WINDOW_MS);
  const day = spendRateBetween(history, now - PROJECTION_WINDOW_MS, now, HOUR_MS);
  const projectionCentsPerHour = day?.centsPerHour ?? monthAverageCentsPerHour(input.spendMonthCents, now);
  return {
    burnCentsPerHour: burn?.centsPerHour ?? null,
    projectionCentsPerHour,
    dayEndCents: projectedDayEndCents(input.spendTodayCents, projectionCentsPerHour, now),
    runwayHours:
      input.balanceCents === null || burn === null ? null : runwayHours(input.balanceCents, burn.centsPerHour),
  };
}
