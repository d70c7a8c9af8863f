import type { Anomaly } from '../../../shared/anomalies';
import type { Period } from '../../../shared/digest';
import { dailyAnomalies } from '../anomalies/daily-anomalies';
import type { OffFact } from '../anomalies/off-days';
import { accountPeriodSpend, previousPeriod } from '../digest/period-summary';
import type { MonthEndArgs } from '../forecast/account-forecast';
import { monthEndForecast, monthEndReach } from '../forecast/month-end';
import { ledgerCsvRows } from '../ledger/ledger-csv';
import type { DerivedMonth } from '../ledger/ledger-model';
import { calendarOf, dayView, monthComparison, recentAccountDays, zoneDays } from '../ledger/ledger-views';
import { ledgerUsualSpend } from '../ledger/usual-daily-spend';
import { addDays, addMonths, dayOf, monthOf } from '../ledger/utc-calendar';

// Every computation the app does over an account's daily ledger, by name (docs/architecture.md ›
// The daily ledger › Queries): each a pure function of the ledger's months and plain arguments,
// answering a plain result (structured-cloneable: what a worker thread can send back), never the
// months themselves. Whoever holds the months runs them (history-facade.ts, in this thread).

/** How long a query may take before its caller is told the history did not answer. */
export const HISTORY_READ_DEADLINE_MS = 10_000;
/** An export walks every day of every zone: it may take longer. */
export const HISTORY_EXPORT_DEADLINE_MS = 30_000;

type Months = readonly DerivedMonth[];

/** The months a query reads: from and to (UTC months, inclusive) and one zone; all when empty. */
export type MonthSlice = { from?: string; to?: string; zoneId?: string };

export type HistoryQuery<A, R> = {
  /** What the query works out, in plain words ("the calendar"), for the sentence that says it failed. */
  what: string;
  deadlineMs: number;
  /** The months its answer depends on, for a store that reads by slice: the rest cannot change it. */
  slice: (args: A) => MonthSlice;
  run: (months: Months, args: A) => R;
};

const ALL: MonthSlice = {};
const query = <A, R>(what: string, run: (months: Months, args: A) => R, slice: (args: A) => MonthSlice = () => ALL, deadlineMs = HISTORY_READ_DEADLINE_MS): HistoryQuery<A, R> => ({
  what,
  deadlineMs,
  slice,
  run,
});
const monthOfDay = (day: string) => day.slice(0, 7);

export const HISTORY_QUERIES = {
  /** Each day's account total and the spend held before a month's first day (History's calendar). */
  calendar: query('the calendar', (months, args: { lastReadingAt: number | null }) => calendarOf(months, args.lastReadingAt)),
  /** One UTC day's zones, highest spend first. */
  day: query("the day's zones", (months, args: { day: string }) => dayView(months, args.day), ({ day }) => ({ from: monthOfDay(day), to: monthOfDay(day) })),
  /** A zone's days from `fromDay` on and its latest name. */
  // Every month of the zone: its latest name may be in a month before `fromDay`.
  zoneTrend: query("the zone's days", (months, args: { zoneId: string; fromDay: string }) => zoneDays(months, args.zoneId, args.fromDay), ({ zoneId }) => ({ zoneId })),
  /** This month through yesterday against last month through the same day. */
  monthComparison: query('the month comparison', (months, args: { now: number }) => monthComparison(months, args.now), ({ now }) => ({ from: addMonths(monthOf(now), -1), to: monthOf(now) })),
  /** The account's last `count` whole days before today ("All accounts"' small line). */
  recentDays: query(
    "the account's last days",
    (months, args: { now: number; count: number }) => recentAccountDays(months, args.now, args.count),
    ({ now, count }) => ({ from: monthOfDay(addDays(dayOf(now), -count)) }),
  ),
  /** The CSV rows of the account's whole days under its label. */
  csvRows: query('the daily spend export', (months, args: { label: string }) => ledgerCsvRows([{ label: args.label, months }]), () => ALL, HISTORY_EXPORT_DEADLINE_MS),
  /** Every unusual day the ledger shows, newest first, with what turned zones off explaining low days. */
  anomalies: query('the unusual days', (months, args: { facts: readonly OffFact[] }): Anomaly[] => dailyAnomalies(months, '', args.facts)),
  /** The month-end forecast, each zone's (a Map: structured clone keeps it) and the account's. */
  monthEnd: query('the month-end forecast', (months, args: MonthEndArgs) => monthEndForecast({ months, ...args }), ({ now }) => ({ from: monthEndReach(now) })),
  /** Each zone's usual daily spend as far as the ledger answers it (usual-daily-spend.ts › ledgerUsualSpend). */
  usualSpend: query("the zones' usual daily spend", (months, args: { now: number }) => ledgerUsualSpend(months, args.now), ({ now }) => ({ from: addMonths(monthOf(now), -1) })),
  /** A period's spend per zone and the period before's (the digest and History's Summary). */
  periodSpend: query(
    "the period's spend",
    (months, args: { period: Period }) => accountPeriodSpend(months, args.period),
    ({ period }) => ({ from: monthOfDay(previousPeriod(period).from), to: monthOfDay(period.to) }),
  ),
} as const;

export type HistoryQueryName = keyof typeof HISTORY_QUERIES;
type Entry<N extends HistoryQueryName> = (typeof HISTORY_QUERIES)[N];
export type HistoryQueryArgs<N extends HistoryQueryName> = Parameters<Entry<N>['run']>[1];
export type HistoryQueryResult<N extends HistoryQueryName> = ReturnType<Entry<N>['run']>;

export function isHistoryQueryName(name: unknown): name is HistoryQueryName {
  return typeof name === 'string' && Object.hasOwn(HISTORY_QUERIES, name);
}

const entryOf = <N extends HistoryQueryName>(name: N): HistoryQuery<HistoryQueryArgs<N>, HistoryQueryResult<N>> => HISTORY_QUERIES[name] as never;

/** The months of `slice` among `months`: what a store that reads by slice answers for it. */
export function sliceMonths(months: Months, slice: MonthSlice): DerivedMonth[] {
  return months
    .filter((month) => (slice.from === undefined || month.month >= slice.from) && (slice.to === undefined || month.month <= slice.to))
    .map((month) => (slice.zoneId === undefined ? month : { ...month, zones: month.zones.filter((zone) => zone.zoneId === slice.zoneId) }));
}

/** The months one query reads, for its arguments. */
export function historyQuerySlice<N extends HistoryQueryName>(name: N, args: HistoryQueryArgs<N>): MonthSlice {
  return entryOf(name).slice(args);
}

/**
 * Runs one named query over the months held (all of them, or at least its slice): what a worker
 * thread calls on a request it received.
 */
export function runHistoryQuery<N extends HistoryQueryName>(name: N, months: Months, args: HistoryQueryArgs<N>): HistoryQueryResult<N> {
  const entry = entryOf(name);
  return entry.run(sliceMonths(months, entry.slice(args)), args);
}
