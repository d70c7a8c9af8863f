import type { DerivedMonth, DerivedZoneMonth } from './ledger-model';
import { addDays, addMonths, DAY_MS, dayOf, domOf, monthOf, monthStart } from './utc-calendar';

/** The whole UTC days before today the ledger's figure averages, at most. */
export const USUAL_WINDOW_DAYS = 28;
/** The fewest whole days the ledger must hold in that window to be the zone's usual day. */
export const USUAL_MIN_DAYS = 7;
/** Through this day of the month, a zone's spend so far is too short a stretch: last month's daily mean stands in. */
export const EARLY_MONTH_DAYS = 7;

/**
 * A zone's usual spend per UTC day and what it rests on (docs/architecture.md › Usual daily spend):
 * `ledger`, the mean of its whole days in the ledger over the last four weeks; `last_month`, last
 * month's daily mean from the ledger; `this_month`, this month's spend over the days gone by.
 */
export type UsualDailySpend = {
  cents: number;
  basis: 'ledger' | 'last_month' | 'this_month';
  /** How many days the figure averages (with today's fraction for `this_month`). */
  days: number;
  /** Some of those days are estimated (docs/architecture.md › The daily ledger), or it rests on no days at all (`this_month`). */
  estimated: boolean;
};

export type UsualDailySpendInput = {
  /** The account's ledger as it derives its months (ledger-store.ts › months()). */
  months: readonly DerivedMonth[];
  zoneId: string;
  /** The zone's `spend_this_month_cents` at its latest reading; null when the service did not say. */
  spendThisMonthCents: number | null;
  now: number;
};

/** One zone's month in the ledger, by its month key (`2026-11`); undefined when the ledger holds none. */
type ZoneMonths = (month: string) => DerivedZoneMonth | undefined;

/**
 * The zone's whole days (exact or estimated, not today's so far) from `fromDay` to before `toDay`,
 * told by their day of the month within the first and last month rather than by building each
 * day's key: a caps preview asks this of every zone picked.
 */
function wholeDays(zoneMonth: ZoneMonths, fromDay: string, toDay: string) {
  const out: { spend: number; coverage: string }[] = [];
  const fromMonth = fromDay.slice(0, 7);
  const toMonth = toDay.slice(0, 7);
  const fromDom = Number(fromDay.slice(8, 10));
  const toDom = Number(toDay.slice(8, 10));
  for (let month = fromMonth; month <= toMonth; month = addMonths(month, 1)) {
    const first = month === fromMonth ? fromDom : 1;
    const end = month === toMonth ? toDom : Infinity;
    for (const d of zoneMonth(month)?.days ?? []) if (d.coverage !== 'partial' && d.dom >= first && d.dom < end) out.push(d);
  }
  return out;
}

/** Last month's daily mean: its whole days, and the spend it held before its first day over the days that spend covers. */
function lastMonthMean(zoneMonth: ZoneMonths, now: number): UsualDailySpend | null {
  const zone = zoneMonth(addMonths(monthOf(now), -1));
  const days = zone?.days.filter((d) => d.coverage !== 'partial') ?? [];
  if (!zone || days.length === 0) return null;
  const lumpDays = zone.before === null ? 0 : days[0]!.dom - 1;
  const spend = days.reduce((sum, d) => sum + d.spend, 0) + (zone.before ?? 0);
  return { cents: spend / (days.length + lumpDays), basis: 'last_month', days: days.length + lumpDays, estimated: days.some((d) => d.coverage === 'estimated') };
}

/**
 * The one place a zone's usual daily spend is worked out; spend caps, the plan advisor and the
 * spike rules read it. From the ledger when it holds at least USUAL_MIN_DAYS of the zone's whole
 * days among the last USUAL_WINDOW_DAYS; otherwise, in the month's first EARLY_MONTH_DAYS days,
 * last month's daily mean from the ledger; otherwise (or without last month) this month's spend ÷
 * the UTC days elapsed, today's fraction counted, at least one day. Null when none can be said. Pure.
 */
export function usualDailySpend(input: UsualDailySpendInput): UsualDailySpend | null {
  return usualFrom((month) => input.months.find((m) => m.month === month)?.zones.find((z) => z.zoneId === input.zoneId), input.spendThisMonthCents, input.now);
}

const indexByZone = (months: readonly DerivedMonth[]) => new Map(months.map((m) => [m.month, new Map(m.zones.map((z) => [z.zoneId, z]))]));

/**
 * The part of every zone's usual daily spend the ledger alone answers (the `ledger` and
 * `last_month` bases), by zone id; a zone it cannot answer for is absent. The history's query
 * (history/history-queries.ts) sends this, and `usualFromLedger` adds the snapshot's pace. Pure.
 */
export function ledgerUsualSpend(months: readonly DerivedMonth[], now: number): Record<string, UsualDailySpend> {
  // Four weeks before today and last month reach back one month at most: older months answer nothing.
  const from = addMonths(monthOf(now), -1);
  const recent = months.filter((m) => m.month >= from);
  const byMonth = indexByZone(recent);
  const zoneIds = new Set(recent.flatMap((m) => m.zones.map((z) => z.zoneId)));
  const out: Record<string, UsualDailySpend> = {};
  for (const zoneId of zoneIds) {
    const usual = fromLedger((month) => byMonth.get(month)?.get(zoneId), now);
    if (usual) out[zoneId] = usual;
  }
  return out;
}

/** A zone's usual daily spend from what the ledger answered (`ledgerUsualSpend`) and its spend this month. */
export function usualFromLedger(ledger: UsualDailySpend | null, spendThisMonthCents: number | null, now: number): UsualDailySpend | null {
  return ledger ?? thisMonthPace(spendThisMonthCents, now);
}

function usualFrom(zoneMonth: ZoneMonths, spendThisMonthCents: number | null, now: number): UsualDailySpend | null {
  return usualFromLedger(fromLedger(zoneMonth, now), spendThisMonthCents, now);
}

function fromLedger(zoneMonth: ZoneMonths, now: number): UsualDailySpend | null {
  const today = dayOf(now);
  const days = wholeDays(zoneMonth, addDays(today, -USUAL_WINDOW_DAYS), today);
  if (days.length >= USUAL_MIN_DAYS) {
    const spend = days.reduce((sum, d) => sum + d.spend, 0);
    return { cents: spend / days.length, basis: 'ledger', days: days.length, estimated: days.some((d) => d.coverage === 'estimated') };
  }
  return domOf(now) <= EARLY_MONTH_DAYS ? lastMonthMean(zoneMonth, now) : null;
}

function thisMonthPace(spendThisMonthCents: number | null, now: number): UsualDailySpend | null {
  if (spendThisMonthCents === null || !Number.isFinite(spendThisMonthCents) || spendThisMonthCents < 0) return null;
  const elapsed = Math.max(1, (now - monthStart(monthOf(now))) / DAY_MS);
  return { cents: spendThisMonthCents / elapsed, basis: 'this_month', days: elapsed, estimated: true };
}
