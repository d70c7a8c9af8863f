import { HISTORY_QUERIES as APP_QUERIES, type HistoryQueryName } from '../history/history-queries';
import type { MonthSlice } from '../history-db/closed-rows';
import { BUILT_IN_QUERIES, joinRegistries, monthQueries, type MonthsQuery, type QueryRegistry } from './query-registry';

const names = Object.keys(APP_QUERIES) as HistoryQueryName[];

/** Every app query (history-queries.ts) as a months query, each over the months its own slice names. */
const table = Object.fromEntries(names.map((name) => [name, APP_QUERIES[name].run as MonthsQuery<never, unknown>]));
const slices = Object.fromEntries(names.map((name) => [name, APP_QUERIES[name].slice as (args: never) => MonthSlice]));

/**
 * The queries the history answers, in the worker and in-thread alike: the app's table of pure
 * `(months, args) => result` functions, then the built-ins, which answer the calendar from the
 * account totals and a day from that day's rows alone (docs/architecture.md › The history database).
 */
export const HISTORY_QUERIES: QueryRegistry = joinRegistries(monthQueries(table, slices), BUILT_IN_QUERIES);
