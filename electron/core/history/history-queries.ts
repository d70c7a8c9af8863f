import type { Anomaly } from '../../../shared/anomalies';
import type { Period } from '../../../shared/digest';
import { dailyAnomalies } from '../anomalies/daily-anomalies';
import type { OffFact } from '../anomalies/off-days';
import { accountPeriodSpend } from '../digest/period-summary';
import type { MonthEndArgs } from '../forecast/account-forecast';
import { monthEndForecast } from '../forecast/month-end';
import { ledgerCsvRows } from '../ledger/ledger-csv';
import type { DerivedMonth } from '../ledger/ledger-model';
import { calendarOf, dayView, monthComparison, recentAccountDays, zoneDays } from '../ledger/ledger-views';
import { ledgerUsualSpend } from '../ledger/usual-daily-spend';

// Every computation the app does over an account's daily ledger, by name (docs/architecture.md ›
// The daily ledger › Queries): each a pure function of the ledger's months and plain arguments,
// answering a plain result (structured-cloneable: what a worker thread can send back), never the
// months themselves. Whoever holds the months runs them (history-facade.ts, in this thread).

/** How long a query may take before its caller is told the history did not answer. */
export const HISTORY_READ_DEADLINE_MS = 10_000;
/** An export walks every day of every zone: it may take longer. */
export const HISTORY_EXPORT_DEADLINE_MS = 30_000;

type Months = readonly DerivedMonth[];

export type HistoryQuery<A, R> = {
  /** What the query works out, in plain words ("the calendar"), for the sentence that says it failed. */
  what: string;
  deadlineMs: number;
  run: (months: Months, args: A) => R;
};

const query = <A, R>(what: string, run: (months: Months, args: A) => R, deadlineMs = HISTORY_READ_DEADLINE_MS): HistoryQuery<A, R> => ({ what, deadlineMs, run });

export const HISTORY_QUERIES = {
  /** Each day's account total and the spend held before a month's first day (History's calendar). */
  calendar: query('the calendar', (months, args: { lastReadingAt: number | null }) => calendarOf(months, args.lastReadingAt)),
  /** One UTC day's zones, highest spend first. */
  day: query("the day's zones", (months, args: { day: string }) => dayView(months, args.day)),
  /** A zone's days from `fromDay` on and its latest name. */
  zoneTrend: query("the zone's days", (months, args: { zoneId: string; fromDay: string }) => zoneDays(months, args.zoneId, args.fromDay)),
  /** This month through yesterday against last month through the same day. */
  monthComparison: query('the month comparison', (months, args: { now: number }) => monthComparison(months, args.now)),
  /** The account's last `count` whole days before today ("All accounts"' small line). */
  recentDays: query("the account's last days", (months, args: { now: number; count: number }) => recentAccountDays(months, args.now, args.count)),
  /** The CSV rows of the account's whole days under its label. */
  csvRows: query('the daily spend export', (months, args: { label: string }) => ledgerCsvRows([{ label: args.label, months }]), HISTORY_EXPORT_DEADLINE_MS),
  /** Every unusual day the ledger shows, newest first, with what turned zones off explaining low days. */
  anomalies: query('the unusual days', (months, args: { facts: readonly OffFact[] }): Anomaly[] => dailyAnomalies(months, '', args.facts)),
  /** The month-end forecast, each zone's (a Map: structured clone keeps it) and the account's. */
  monthEnd: query('the month-end forecast', (months, args: MonthEndArgs) => monthEndForecast({ months, ...args })),
  /** Each zone's usual daily spend as far as the ledger answers it (usual-daily-spend.ts › ledgerUsualSpend). */
  usualSpend: query("the zones' usual daily spend", (months, args: { now: number }) => ledgerUsualSpend(months, args.now)),
  /** A period's spend per zone and the period before's (the digest and History's Summary). */
  periodSpend: query("the period's spend", (months, args: { period: Period }) => accountPeriodSpend(months, args.period)),
} as const;

export type HistoryQueryName = keyof typeof HISTORY_QUERIES;
type Entry<N extends HistoryQueryName> = (typeof HISTORY_QUERIES)[N];
export type HistoryQueryArgs<N extends HistoryQueryName> = Parameters<Entry<N>['run']>[1];
export type HistoryQueryResult<N extends HistoryQueryName> = ReturnType<Entry<N>['run']>;

export function isHistoryQueryName(name: unknown): name is HistoryQueryName {
  return typeof name === 'string' && Object.hasOwn(HISTORY_QUERIES, name);
}

/** Runs one named query over the months held: what a worker thread calls on a request it received. */
export function runHistoryQuery<N extends HistoryQueryName>(name: N, months: Months, args: HistoryQueryArgs<N>): HistoryQueryResult<N> {
  const entry: HistoryQuery<HistoryQueryArgs<N>, HistoryQueryResult<N>> = HISTORY_QUERIES[name] as never;
  return entry.run(months, args);
}
