import type { BillingHistoryResponse } from '../../../shared/api/responses';
import { MAX_COUNT } from '../../../shared/api/paging';
import type { DroppedItem } from '../../../shared/api/list-validation';
import type { BillingSyncProgress } from '../../../shared/views';
import { systemClock, systemDate } from '../ports';
import { mergeBillingEntries, type BillingCache, type UnreadableBillingEntry, unreadableBillingEntries } from './cache';

/** Where the cache lives: a persisted document in the app, a plain holder in tests. */
export interface BillingCacheHolder {
  get(): BillingCache;
  set(cache: BillingCache): void;
}

export interface SyncBillingOptions {
  /** One page of `GET /v1/account/billinghistory` with `filter=all`, and the entries it could not read. */
  fetchPage(page: number, count: number): Promise<BillingHistoryResponse & { dropped?: readonly DroppedItem[] }>;
  cache: BillingCacheHolder;
  /** Walk every page; otherwise only the first (the newest entries). */
  full: boolean;
  onProgress?(progress: BillingSyncProgress): void;
  sleep?(ms: number): Promise<void>;
  /** Pause between pages, so a long history does not eat into the account's rate limit. */
  pageDelayMs?: number;
  pageSize?: number;
  now?: () => Date;
  signal?: AbortSignal;
  /** Plain words for a failed page; errors of the API client already say what happened. */
  describeError?(error: unknown): string;
}

export const DEFAULT_PAGE_DELAY_MS = 1000;

const defaultSleep = (ms: number): Promise<void> => new Promise((resolve) => systemClock.setTimeout(resolve, ms));

function defaultDescribe(error: unknown): string {
  if (error instanceof Error && error.name === 'AbortError') return 'The billing sync was cancelled.';
  return error instanceof Error && error.message ? error.message : 'The billing history could not be fetched.';
}

/**
 * Fetches billing-history pages into the cache, merging each page as it arrives so that whatever
 * was fetched survives a failure halfway. Reports progress after every page; never throws: a
 * failure ends the sync with `error` set.
 */
export async function syncBilling(options: SyncBillingOptions): Promise<BillingSyncProgress> {
  const {
    fetchPage,
    cache,
    full,
    onProgress,
    sleep = defaultSleep,
    pageDelayMs = DEFAULT_PAGE_DELAY_MS,
    pageSize = MAX_COUNT,
    now = systemDate,
    signal,
    describeError = defaultDescribe,
  } = options;
  let page = 1;
  let totalPages: number | null = null;
  // A full walk learns every unreadable entry, so it replaces the recorded list once it is done.
  const unreadableSeen: UnreadableBillingEntry[] = [];
  const report = (progress: BillingSyncProgress): BillingSyncProgress => {
    onProgress?.(progress);
    return progress;
  };

  for (;;) {
    try {
      signal?.throwIfAborted();
      const response = await fetchPage(page, pageSize);
      totalPages = Math.max(response.pagination.total_pages, 0);
      const last = response.billing_histories.length === 0 || page >= totalPages;
      const unreadable = unreadableBillingEntries(response.dropped ?? []);
      unreadableSeen.push(...unreadable);
      cache.set(
        mergeBillingEntries(cache.get(), response.billing_histories, {
          asOf: now().toISOString(),
          serviceTotal: response.pagination.total_count,
          // The last page reached (page 1 of a one-page history included) means nothing is missing.
          ...(last ? { complete: true } : {}),
          ...(full && last ? { unreadable: unreadableSeen, replaceUnreadable: true } : { unreadable }),
        }),
      );
      const entries = cache.get().entries.length;
      if (!full || last) return report({ page, totalPages, entries, done: true, error: null });
      report({ page, totalPages, entries, done: false, error: null });
      page += 1;
      await sleep(pageDelayMs);
    } catch (err) {
      return report({ page, totalPages, entries: cache.get().entries.length, done: true, error: describeError(err) });
    }
  }
}
