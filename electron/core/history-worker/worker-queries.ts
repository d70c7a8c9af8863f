import { BUILT_IN_QUERIES, joinRegistries, type QueryRegistry } from './query-registry';

/**
 * The queries the history answers, in the worker and in-thread alike. A table of pure
 * `(months, args) => result` functions joins here through query-registry.ts › monthQueries.
 */
export const HISTORY_QUERIES: QueryRegistry = joinRegistries(BUILT_IN_QUERIES);
