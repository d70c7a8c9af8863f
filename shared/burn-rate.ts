import type { HistoryPoint } from './history';

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/**
 * Spend added between two consecutive history points. "Today" resets at 00:00 UTC
 * (docs/api.md › Units, money and time), so across midnight the new value is all new spend; a drop within a day
 * (a zone deleted or no longer visible) counts as no spend rather than negative spend.
 * This reads the account's figures: the fallback for points without `addedCents`.
 */
export function spendIncrementCents(previous: HistoryPoint, current: HistoryPoint): number {
  // Epoch milliseconds count whole UTC days from a UTC midnight, so the day is a division.
  const sameDay = Math.floor(previous.t / DAY_MS) === Math.floor(current.t / DAY_MS);
  const delta = sameDay ? current.spendTodayCents - previous.spendTodayCents : current.spendTodayCents;
  return Math.max(0, delta);
}

/** The spend one point adds to the one before it, and the time that spend covers. */
export interface SpendStep {
  cents: number;
  ms: number;
}

/**
 * The step from `previous` to `current`: the point's own `addedCents`/`addedMs` (counted over the
 * zones present in both when it was recorded, so a zone that joins adds no jump and a gap adds no
 * time), else the account figures over the whole interval.
 */
export function spendStep(previous: HistoryPoint, current: HistoryPoint): SpendStep {
  if (current.addedCents !== undefined && current.addedMs !== undefined) return { cents: current.addedCents, ms: current.addedMs };
  return { cents: spendIncrementCents(previous, current), ms: Math.max(0, current.t - previous.t) };
}

/** An average spend rate and the stretch of history it was measured over. */
export interface SpendRate {
  centsPerHour: number;
  spanMs: number;
}

/** Index of the first point at or after `t` (history is oldest first): a month of points is thousands. */
function firstAtOrAfter(history: readonly HistoryPoint[], t: number): number {
  let low = 0;
  let high = history.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((history[mid]?.t ?? t) < t) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * The average spend rate over the history points in [fromMs, toMs]: the spend they add up to,
 * divided by the time that spend covers (gaps, where no zone was seen on both sides, count for
 * neither). Null when they cover less than `minSpanMs` (too little data to call it a rate).
 * History is oldest first.
 */
export function spendRateBetween(
  history: readonly HistoryPoint[],
  fromMs: number,
  toMs: number,
  minSpanMs: number,
): SpendRate | null {
  let previous: HistoryPoint | null = null;
  let cents = 0;
  let spanMs = 0;
  for (let i = firstAtOrAfter(history, fromMs); i < history.length; i += 1) {
    const point = history[i];
    if (point === undefined || point.t > toMs) break;
    if (previous !== null && point.t > previous.t) {
      const step = spendStep(previous, point);
      cents += step.cents;
      spanMs += step.ms;
    }
    previous = point;
  }
  if (spanMs <= 0 || spanMs < minSpanMs) return null;
  return { centsPerHour: (cents / spanMs) * HOUR_MS, spanMs };
}

/**
 * Spend per hour right now: over the last `windowMs` (15 min for the spike rule, an hour for the
 * runway). Needs the window at least half covered.
 */
export function recentSpendRate(history: readonly HistoryPoint[], now: number, windowMs: number): SpendRate | null {
  return spendRateBetween(history, now - windowMs, now, windowMs / 2);
}

/**
 * The trailing rate a spike is measured against: the `trailingMs` (24 h) before the recent window,
 * so that the spike itself does not raise its own yardstick. Needs at least an hour of data.
 */
export function trailingSpendRate(
  history: readonly HistoryPoint[],
  now: number,
  trailingMs: number,
  recentWindowMs: number,
): SpendRate | null {
  return spendRateBetween(history, now - trailingMs, now - recentWindowMs, HOUR_MS);
}
