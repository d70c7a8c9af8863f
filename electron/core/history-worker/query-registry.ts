import type { DerivedMonth } from '../ledger/ledger-model';
import { dayView } from '../ledger/ledger-views';
import { z } from 'zod';
import { ZoneId } from '../../../shared/api/zone';
import { UtcDay, UtcMonth } from '../../../shared/ledger';
import type { MonthSlice } from '../history-db/closed-rows';
import type { SqliteLedger } from '../history-db/sqlite-ledger';

// The queries the history worker answers by name (docs/architecture.md › The history database):
// each reads what it needs of one account's history where the rows are, and only its result
// crosses to the main process.

/** A query over one account's ledger; `args` arrive as the caller sent them and are checked here. */
export type HistoryQuery = (ledger: SqliteLedger, args: unknown) => unknown;
export type QueryRegistry = ReadonlyMap<string, HistoryQuery>;

/** A pure query over the months (history-queries' shape), and which months it reads (all when absent). */
export type MonthsQuery<A, R> = (months: readonly DerivedMonth[], args: A) => R;

/**
 * Registers a table of `(months, args) => result` functions: each runs over the months its
 * `slices` entry names for its args (all 13 when it names none), read by the ledger's slice.
 */
export function monthQueries<T extends Record<string, MonthsQuery<never, unknown>>>(table: T, slices: { [K in keyof T]?: (args: Parameters<T[K]>[1]) => MonthSlice } = {}): QueryRegistry {
  return new Map(
    Object.entries(table).map(([name, query]): [string, HistoryQuery] => {
      const slice = slices[name as keyof T] as ((args: unknown) => MonthSlice) | undefined;
      return [name, (ledger, args) => (query as MonthsQuery<unknown, unknown>)(ledger.slice(slice?.(args) ?? {}), args)];
    }),
  );
}

const SliceArgs = z.object({ from: UtcMonth.optional(), to: UtcMonth.optional(), zoneId: ZoneId.optional() }).strict();

function dayArg(args: unknown): string {
  return UtcDay.parse((args as { day?: unknown } | null)?.day);
}

/** The queries the worker starts with: the calendar (from the account totals), one day, a slice of months. */
export const BUILT_IN_QUERIES: QueryRegistry = new Map<string, HistoryQuery>([
  ['calendar', (ledger) => ledger.calendar()],
  [
    'day',
    (ledger, args) => {
      const day = dayArg(args);
      return dayView(ledger.dayMonths(day), day);
    },
  ],
  ['months', (ledger, args) => ledger.slice(SliceArgs.parse(args ?? {}))],
]);

/** Registries joined; a later one's name wins (the lead's table may replace a built-in). */
export function joinRegistries(...registries: readonly QueryRegistry[]): QueryRegistry {
  return new Map(registries.flatMap((registry) => [...registry]));
}
