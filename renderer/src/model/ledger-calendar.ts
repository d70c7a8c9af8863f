import type { AccountDay, DayCoverage, MonthBefore, ZoneDay } from '../../../shared/ledger';
import { formatBilled } from '../../../shared/money';
import { formatBytes, formatCount, zonesText } from '../../../shared/units';

// The History view's calendar (docs/desktop.md › History): UTC days, weeks from Monday, a colour
// per day by its spend. Pure.

export type CalendarCell = { day: string; dom: number; data: AccountDay | null; level: number };
export type CalendarMonth = { month: string; weeks: (CalendarCell | null)[][]; totalCents: number; estimatedDays: number; before: MonthBefore | null };

const DAY_MS = 86_400_000;
export const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
/** Colour steps besides "nothing spent". */
export const LEVELS = 4;

const utcDay = new Intl.DateTimeFormat('en-US', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const utcDayShort = new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const utcClock = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });

/** "Tue, Dec 3, 2026": a UTC day named as such (no time zone moves it). */
export function utcDayText(day: string): string {
  return utcDay.format(Date.parse(`${day}T00:00:00Z`));
}

/** "Dec 3" */
export function utcDayShortText(day: string): string {
  return utcDayShort.format(Date.parse(`${day}T00:00:00Z`));
}

function utcMoment(iso: string): string {
  return `${utcDayShortText(iso.slice(0, 10))} ${utcClock.format(Date.parse(iso))} UTC`;
}

/**
 * The amounts that separate the colours: the quartiles of the days with spend, so a month of
 * steady days still shows which were higher and one runaway day does not pale all the others.
 */
export function colourScale(days: readonly AccountDay[]): number[] {
  const spends = days.map((d) => d.spendCents).filter((s) => s > 0).sort((a, b) => a - b);
  if (spends.length === 0) return [];
  return [0.25, 0.5, 0.75].map((q) => spends[Math.min(spends.length - 1, Math.floor(spends.length * q))]!);
}

/** 0 for a day with no spend, else 1 to LEVELS by the quartile its spend falls in. */
export function spendLevel(spendCents: number, scale: readonly number[]): number {
  if (spendCents <= 0 || scale.length === 0) return 0;
  return 1 + scale.filter((bound) => spendCents > bound).length;
}

/** The months the calendar can show: from the ledger's first day's month to today's, oldest first. */
export function calendarMonthKeys(days: readonly AccountDay[], today: string): string[] {
  const first = days[0]?.day.slice(0, 7) ?? today.slice(0, 7);
  const keys: string[] = [];
  let [year, month] = first.split('-').map(Number) as [number, number];
  const last = today.slice(0, 7);
  for (;;) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    keys.push(key);
    if (key >= last) return keys;
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
}

/** One month as weeks of seven cells from Monday; null cells pad the first and last week. */
export function calendarMonth(month: string, days: readonly AccountDay[], before: readonly MonthBefore[], scale: readonly number[]): CalendarMonth {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const start = Date.UTC(year, mon - 1, 1);
  const length = new Date(Date.UTC(year, mon, 0)).getUTCDate();
  const byDay = new Map(days.filter((d) => d.day.startsWith(month)).map((d) => [d.day, d]));
  const cells: (CalendarCell | null)[] = Array.from({ length: (new Date(start).getUTCDay() + 6) % 7 }, () => null);
  for (let dom = 1; dom <= length; dom += 1) {
    const day = new Date(start + (dom - 1) * DAY_MS).toISOString().slice(0, 10);
    const data = byDay.get(day) ?? null;
    cells.push({ day, dom, data, level: data ? spendLevel(data.spendCents, scale) : 0 });
  }
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (CalendarCell | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  const held = [...byDay.values()];
  const lump = before.find((b) => b.month === month) ?? null;
  return {
    month,
    weeks,
    totalCents: held.reduce((sum, d) => sum + d.spendCents, 0) + (lump?.spendCents ?? 0),
    estimatedDays: held.filter((d) => d.coverage === 'estimated').length,
    before: lump,
  };
}

/** "exact", "estimated for 3 of 25 zones", "so far, through 14:32 UTC". */
export function coverageText(day: Pick<AccountDay, 'coverage' | 'zones' | 'estimatedZones' | 'through'>): string {
  if (day.coverage === 'partial') return day.through ? `so far, through ${utcMoment(day.through)}` : 'so far';
  if (day.coverage === 'exact') return 'exact';
  return day.estimatedZones === day.zones ? 'estimated' : `estimated for ${formatCount(day.estimatedZones)} of ${zonesText(day.zones)}`;
}

/** Everything a day's cell says, for its label and the line under the calendar. */
export function dayText(cell: CalendarCell): string {
  const name = `${utcDayText(cell.day)} (UTC)`;
  if (!cell.data) return `${name}: no history`;
  const usage = cell.data.usageBytes === null ? '' : `, ${formatBytes(cell.data.usageBytes)}`;
  return `${name}: ${formatBilled(cell.data.spendCents)}${usage}, ${coverageText(cell.data)}`;
}

/** Why one zone's day is estimated, or how far a day so far runs. */
export function zoneCoverageText(day: Pick<ZoneDay, 'coverage' | 'estimate' | 'through'>): string {
  if (day.coverage === 'partial') return day.through ? `so far, through ${utcMoment(day.through)}` : 'so far';
  if (day.coverage === 'exact' || !day.estimate) return 'exact';
  if (day.estimate.before === null) {
    return `estimated: the month's figures start again at 00:00 UTC, so the time after its last reading (${utcMoment(day.estimate.after)}) is estimated from what the zone usually spends on those days`;
  }
  return `estimated: no reading from ${utcMoment(day.estimate.after)} to ${utcMoment(day.estimate.before)}, whose spend is spread over that time by what the zone usually spends on each day`;
}

export const COVERAGE_MARK: Record<DayCoverage, string> = { exact: '', estimated: '≈', partial: '…' };

/** Where a key press moves the focused day, or null for a key the calendar leaves alone. */
export function movedDay(day: string, key: string): string | null {
  const t = Date.parse(`${day}T00:00:00Z`);
  const shift = (days: number) => new Date(t + days * DAY_MS).toISOString().slice(0, 10);
  const date = new Date(t);
  switch (key) {
    case 'ArrowLeft':
      return shift(-1);
    case 'ArrowRight':
      return shift(1);
    case 'ArrowUp':
      return shift(-7);
    case 'ArrowDown':
      return shift(7);
    case 'Home':
      return shift(-((date.getUTCDay() + 6) % 7));
    case 'End':
      return shift(6 - ((date.getUTCDay() + 6) % 7));
    case 'PageUp':
    case 'PageDown': {
      const step = key === 'PageUp' ? -1 : 1;
      const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + step, 1));
      const length = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
      return new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth(), Math.min(date.getUTCDate(), length))).toISOString().slice(0, 10);
    }
    default:
      return null;
  }
}
