import { z } from 'zod';
import { type BillingEntry, billingDocumentUrl, CachedBillingEntry, type BillingFilter } from '../../../shared/api/billing';
import type { DroppedItem } from '../../../shared/api/list-validation';
import { Timestamp } from '../../../shared/api/timestamp';
import { formatBilled } from '../../../shared/money';
import { utcDayKey, utcMonthKey } from '../../../shared/units';
import type { BillingView, BillingViewQuery, MonthTotal } from '../../../shared/views';
import { summarizeGaps } from '../data/data-gaps';

/**
 * A billing entry the client could not read: left out of the cache, the views and the CSV, and
 * counted wherever they are shown. `id` is its `created_on` when that much was readable.
 */
export const UnreadableBillingEntry = z.object({
  id: z.string().optional(),
  path: z.string(),
  message: z.string(),
});
export type UnreadableBillingEntry = z.infer<typeof UnreadableBillingEntry>;

/** The items the client left out of a billing page, as the cache records them. */
export function unreadableBillingEntries(dropped: readonly DroppedItem[]): UnreadableBillingEntry[] {
  return dropped.map((item) => ({ ...(item.id === undefined ? {} : { id: item.id }), path: item.path, message: item.message }));
}

/** The local copy of the billing history (persisted per profile as the `billing` document). */
export const BillingCache = z.object({
  /** Newest first, no two with the same `billingEntryKey`. */
  entries: z.array(CachedBillingEntry),
  /** When the cache last took in a page from the service. */
  asOf: Timestamp.nullable(),
  /** True once every page of the history has been merged. */
  complete: z.boolean(),
  /** `total_count` of the last page seen: how many entries the service holds. */
  serviceTotal: z.number().int().nullable(),
  /** Entries the service sent that could not be read; absent in caches written before it existed. */
  unreadable: z.array(UnreadableBillingEntry).default([]),
});
export type BillingCache = z.infer<typeof BillingCache>;

export function emptyBillingCache(): BillingCache {
  return { entries: [], asOf: null, complete: false, serviceTotal: null, unreadable: [] };
}

function createdMs(entry: BillingEntry): number {
  return Date.parse(entry.created_on);
}

/**
 * The identity of an entry (docs/api.md › Degrading at the smallest unit): type, creation time,
 * total and document URL. The time is compared as an instant so `…Z` and `…+00:00` spellings are
 * the same entry. An entry whose link was refused has none, and is told apart by the other three.
 */
export function billingEntryKey(entry: BillingEntry): string {
  return [entry.type, createdMs(entry), entry.total_cents, billingDocumentUrl(entry) ?? ''].join('|');
}

type Keyed = { key: string; ms: number; entry: BillingEntry };

/** Newest first; ties broken by key so the order never depends on arrival. */
function newestFirst(a: Keyed, b: Keyed): number {
  if (a.ms !== b.ms) return b.ms - a.ms;
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}

export interface MergeInfo {
  /** When the page was fetched. */
  asOf: string;
  /** `pagination.total_count` of the page. */
  serviceTotal?: number | null;
  /** Set by a full sync once the last page is in. */
  complete?: boolean;
  /** Entries of the page that could not be read. */
  unreadable?: readonly UnreadableBillingEntry[];
  /** The whole history was walked: `unreadable` replaces what was recorded instead of adding to it. */
  replaceUnreadable?: boolean;
}

const unreadableKey = (entry: UnreadableBillingEntry) => `${entry.id ?? ''}|${entry.path}|${entry.message}`;

/** Unreadable entries without repeats (a page fetched again reports the same entry again). */
function mergeUnreadable(known: readonly UnreadableBillingEntry[], incoming: readonly UnreadableBillingEntry[]): UnreadableBillingEntry[] {
  const byKey = new Map(known.map((entry) => [unreadableKey(entry), entry]));
  for (const entry of incoming) byKey.set(unreadableKey(entry), entry);
  return [...byKey.values()];
}

/**
 * Merges a page of entries into the cache: no duplicates (a repeated entry replaces the cached
 * one, so a later status wins), newest first. Pages may overlap when new entries push older ones
 * down while a sync walks the pages; the key makes that harmless.
 */
export function mergeBillingEntries(cache: BillingCache, incoming: readonly BillingEntry[], info: MergeInfo): BillingCache {
  const byKey = new Map<string, Keyed>();
  for (const entry of cache.entries) {
    const key = billingEntryKey(entry);
    byKey.set(key, { key, ms: createdMs(entry), entry });
  }
  let known = 0;
  for (const entry of incoming) {
    const key = billingEntryKey(entry);
    if (byKey.has(key)) known += 1;
    byKey.set(key, { key, ms: createdMs(entry), entry });
  }
  const entries = [...byKey.values()].sort(newestFirst).map((keyed) => keyed.entry);
  // A complete cache stays complete only while the newest page still reaches what it held: a page
  // of entries all new means more may lie between them and the cache, unseen.
  const gap = incoming.length > 0 && known === 0 && cache.entries.length > 0;
  const complete = info.complete ?? (cache.complete && !gap);
  const unreadable = mergeUnreadable(info.replaceUnreadable ? [] : cache.unreadable, info.unreadable ?? []);
  return { entries, asOf: info.asOf, complete, serviceTotal: info.serviceTotal ?? cache.serviceTotal, unreadable };
}

/** Whether `url` is the invoice or receipt link of a cached entry (the only ones main opens); a refused link is in none. */
export function isKnownDocumentUrl(cache: BillingCache, url: string): boolean {
  return cache.entries.some((entry) => billingDocumentUrl(entry) === url);
}

/** The UTC month of an entry, `YYYY-MM`. */
export function utcMonth(entry: BillingEntry): string {
  return utcMonthKey(new Date(createdMs(entry)));
}

function matchesFilter(entry: BillingEntry, filter: BillingFilter): boolean {
  return filter === 'all' || entry.type === filter;
}

/** What a search matches: description, type, status, card brand, method, date and amount. */
function searchText(entry: BillingEntry): string {
  const amount = formatBilled(entry.total_cents);
  const parts: string[] = [entry.type, amount, amount.replace(/[$,]/g, ''), utcDayKey(new Date(createdMs(entry)))];
  if (entry.type === 'invoice') {
    parts.push(entry.name ?? '');
  } else {
    const method = entry.payment_method;
    parts.push(entry.status ?? '', entry.payment_type ?? '', method?.type ?? '');
    if (method?.type === 'card') parts.push(method.brand, method.wallet);
  }
  return parts.join('\n').toLowerCase();
}

/** The cached entries a filter and a search select, newest first. */
export function selectBillingEntries(cache: BillingCache, filter: BillingFilter, search: string): BillingEntry[] {
  const terms = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  return cache.entries.filter((entry) => {
    if (!matchesFilter(entry, filter)) return false;
    if (terms.length === 0) return true;
    const text = searchText(entry);
    return terms.every((term) => text.includes(term));
  });
}

/** Totals per UTC month of `entries`, newest month first. */
export function monthTotals(entries: readonly BillingEntry[]): MonthTotal[] {
  const months = new Map<string, MonthTotal>();
  for (const entry of entries) {
    const month = utcMonth(entry);
    const total = months.get(month) ?? { month, invoicedCents: 0, paidCents: 0, failedCents: 0, count: 0 };
    if (entry.type === 'invoice') total.invoicedCents += entry.total_cents;
    else if (entry.status === 'succeeded') total.paidCents += entry.total_cents;
    else if (entry.status === 'failed') total.failedCents += entry.total_cents;
    total.count += 1;
    months.set(month, total);
  }
  return [...months.values()].sort((a, b) => (a.month < b.month ? 1 : a.month > b.month ? -1 : 0));
}

/**
 * One page of the cached history for a filter and search, offline. Month totals cover every
 * selected entry of the months that appear on the page, not only the rows shown, so a month split
 * across two pages reads the same total on both. `query` comes parsed (the IPC dispatch checks it).
 */
export function queryBillingCache(cache: BillingCache, query: BillingViewQuery): BillingView {
  const selected = selectBillingEntries(cache, query.filter, query.search);
  const pages = Math.max(1, Math.ceil(selected.length / query.perPage));
  const page = Math.min(query.page, pages);
  const entries = selected.slice((page - 1) * query.perPage, page * query.perPage);
  const shownMonths = new Set(entries.map(utcMonth));
  const months = monthTotals(selected.filter((entry) => shownMonths.has(utcMonth(entry))));
  return {
    entries,
    total: selected.length,
    page,
    pages,
    months,
    asOf: cache.asOf,
    complete: cache.complete,
    cachedCount: cache.entries.length,
    unreadable: unreadableSummary(cache),
  };
}

/** "1 billing entry could not be read: …" for the status, the Billing view and the CSV export; null when none. */
export function unreadableSummary(cache: Pick<BillingCache, 'unreadable'>): { count: number; message: string } | null {
  const [summary] = summarizeGaps(cache.unreadable.map((entry) => ({ kind: 'billing_entry' as const, ...entry })));
  return summary ? { count: summary.count, message: summary.message } : null;
}
