import type { BillingSyncProgress } from '../../../shared/views';
import type { ApiClient } from '../api/client';
import { toAppError } from '../error-messages';
import type { Clock } from '../ports';
import type { BillingCache } from './cache';
import { syncBilling, type BillingCacheHolder } from './sync';

export type BillingBook = {
  /** The cached billing history as it is now. */
  cache(): BillingCache;
  /** Fetches the newest page (or, with `full`, every page) into the cache; joins a sync already running. */
  sync(full: boolean): Promise<BillingSyncProgress>;
  /**
   * Cancels a running sync (its request in flight and the pause between pages) and resolves once
   * it has ended: stopping waits for it before the last save, and no page is requested after.
   */
  stopSync(): Promise<void>;
};

/** One account's billing history: its cache and the one sync of it that may run at a time. */
export function createBillingBook(deps: {
  client: () => ApiClient;
  cache: BillingCacheHolder;
  clock: Clock;
  /** The pause between pages; billing/sync.ts's own when absent. */
  pageDelayMs?: number;
  onProgress: (progress: BillingSyncProgress) => void;
}): BillingBook {
  const { clock } = deps;
  let syncRun: Promise<BillingSyncProgress> | null = null;
  let syncAbort: AbortController | null = null;

  return {
    cache: () => deps.cache.get(),
    sync(full) {
      if (syncRun) return syncRun;
      const abort = (syncAbort = new AbortController());
      const { signal } = abort;
      const client = deps.client();
      syncRun = syncBilling({
        full,
        cache: deps.cache,
        signal,
        fetchPage: async (page, count) => {
          const result = await client.getBillingHistory({ filter: 'all', page, count }, { signal });
          return { status: 'ok' as const, pagination: result.pagination, billing_histories: result.entries, dropped: result.dropped };
        },
        onProgress: deps.onProgress,
        // The pause between pages ends early on cancel, so quitting never waits out a full sync.
        sleep: (ms) =>
          new Promise<void>((resolve) => {
            const timer = clock.setTimeout(done, ms);
            function done() {
              clock.clearTimeout(timer);
              signal.removeEventListener('abort', done);
              resolve();
            }
            signal.addEventListener('abort', done, { once: true });
          }),
        ...(deps.pageDelayMs !== undefined ? { pageDelayMs: deps.pageDelayMs } : {}),
        now: () => new Date(clock.now()),
        describeError: (err) => (signal.aborted ? 'The billing sync was cancelled: Zonewatch is stopping.' : toAppError(err, { action: 'fetch the billing history' }).message),
      }).finally(() => {
        syncRun = null;
        if (syncAbort === abort) syncAbort = null;
      });
      return syncRun;
    },
    async stopSync() {
      syncAbort?.abort();
      if (syncRun) await syncRun.catch(() => undefined);
    },
  };
}
