import type { AppError } from '../../../shared/app-error';
import type { Result } from '../../../shared/ipc';

/** A page of results asked for by a query: the billing and users views. */
export type PagedQueryState<Q extends { page: number }, V> = {
  query: Q;
  view: V | null;
  loading: boolean;
  error: AppError | null;
  /** Any change but the page itself starts again at page 1; then loads. */
  setQuery(patch: Partial<Q>): Promise<void>;
  load(): Promise<void>;
};

type SetState<S> = (partial: Partial<S> | ((state: S) => Partial<S>)) => void;

/**
 * The query, view and loading part of a store, for zustand's `create((set, get) => ({ ...slice }))`.
 * An answer to a query that has since changed is dropped: a slow page 2 must not replace page 3.
 * So is one for an account the window no longer shows.
 */
export function pagedQuerySlice<Q extends { page: number }, V>(
  set: SetState<PagedQueryState<Q, V>>,
  get: () => PagedQueryState<Q, V>,
  initial: Q,
  /** Resolves to null when the answer no longer applies (the person switched accounts meanwhile). */
  fetch: (query: Q) => Promise<Result<V> | null>,
): PagedQueryState<Q, V> {
  return {
    query: initial,
    view: null,
    loading: false,
    error: null,
    async setQuery(patch) {
      set(({ query }) => ({ query: { ...query, page: 1, ...patch } }));
      await get().load();
    },
    async load() {
      const query = get().query;
      set({ loading: true });
      const res = await fetch(query);
      if (res === null || get().query !== query) return;
      if (res.ok) set({ view: res.value, error: null, loading: false });
      else set({ error: res.error, loading: false });
    },
  };
}
