import { DEFAULT_COUNT } from '../../../shared/api/paging';
import type { ApiClient, CallOptions } from '../api/client';
import { ApiError } from '../api/error';
import { mergeBillingEntries, unreadableBillingEntries } from '../billing/cache';
import type { BillingCacheHolder } from '../billing/sync';

/** What the background billing fetch did: merged a page, was refused by the key's role, or failed. */
export type BillingWatchOutcome = { kind: 'merged'; entries: number } | { kind: 'forbidden' } | { kind: 'failed'; error: unknown };

/** Roles the service refuses the billing history (docs/api.md › Roles): no point asking. */
export function billingVisibleTo(role: string | null): boolean {
  return role !== 'collaborator';
}

/**
 * The first page of the billing history, merged into the cache, so that the billing alerts see
 * new invoices and failed payments with the window closed (docs/desktop.md › Alerts with the window closed). A 403 (a role
 * without billing access) is an answer, not a failure: it causes no back-off.
 */
export async function fetchNewestBilling(
  client: ApiClient,
  cache: BillingCacheHolder,
  call: CallOptions,
  asOf: () => string,
): Promise<BillingWatchOutcome> {
  try {
    const page = await client.getBillingHistory({ filter: 'all', page: 1, count: DEFAULT_COUNT }, call);
    const onlyPage = page.pagination.total_pages <= 1;
    cache.set(
      mergeBillingEntries(cache.get(), page.entries, {
        asOf: asOf(),
        serviceTotal: page.pagination.total_count,
        unreadable: unreadableBillingEntries(page.dropped),
        ...(onlyPage ? { complete: true } : {}),
      }),
    );
    return { kind: 'merged', entries: page.entries.length };
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'forbidden') return { kind: 'forbidden' };
    return { kind: 'failed', error };
  }
}
