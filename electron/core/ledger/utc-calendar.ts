import { utcDayKey, utcMonthKey } from '../../../shared/units';

// The UTC days and months the ledger counts in (docs/architecture.md › The daily ledger).

export const DAY_MS = 86_400_000;

/** Epoch ms of 00:00 UTC on the first of `month` (`YYYY-MM`). */
export function monthStart(month: string): number {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  return Date.UTC(year, mon - 1, 1);
}

/** Days in a UTC month. */
export function daysInMonth(month: string): number {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, mon, 0)).getUTCDate();
}

/** Epoch ms of 00:00 UTC on day `dom` (1-based) of `month`; `dom` one past the end is the next month's start. */
export function dayStart(month: string, dom: number): number {
  return monthStart(month) + (dom - 1) * DAY_MS;
}

/** `YYYY-MM-DD` of day `dom` of `month`. */
export function dayKey(month: string, dom: number): string {
  return `${month}-${String(dom).padStart(2, '0')}`;
}

export function monthOf(ms: number): string {
  return utcMonthKey(new Date(ms));
}

export function dayOf(ms: number): string {
  return utcDayKey(new Date(ms));
}

/** The day of the month (1-based) a moment falls on. */
export function domOf(ms: number): number {
  return new Date(ms).getUTCDate();
}

/** The month `count` months after `month` (negative: before). */
export function addMonths(month: string, count: number): string {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  return utcMonthKey(new Date(Date.UTC(year, mon - 1 + count, 1)));
}

/** The day `count` days after `day` (`YYYY-MM-DD`; negative: before). */
export function addDays(day: string, count: number): string {
  return dayOf(Date.parse(`${day}T00:00:00Z`) + count * DAY_MS);
}
