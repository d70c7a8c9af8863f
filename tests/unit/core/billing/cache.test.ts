import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  type BillingCache,
  billingEntryKey,
  emptyBillingCache,
  isKnownDocumentUrl,
  mergeBillingEntries,
  queryBillingCache,
} from '../../../../electron/core/billing/cache';
import { BillingViewQuery } from '../../../../shared/views';
import { history, invoice, payment } from '../../../fixtures/billing-entries';

const asOf = '2026-12-01T00:00:00.000Z';

/** What `billing:query` answers; the dispatch parses the query, so the test does too. */
function viewOf(cache: BillingCache, query: z.input<typeof BillingViewQuery> = {}) {
  return queryBillingCache(cache, BillingViewQuery.parse(query));
}

function cacheOf(entries = history(30)) {
  return mergeBillingEntries(emptyBillingCache(), entries, { asOf, serviceTotal: entries.length, complete: true });
}

describe('mergeBillingEntries', () => {
  it('merges overlapping pages without duplicates, newest first', () => {
    const all = history(25);
    let cache = emptyBillingCache();
    // Pages that overlap, as when new entries push older ones down during a walk, arriving out of order.
    cache = mergeBillingEntries(cache, all.slice(8, 20), { asOf });
    cache = mergeBillingEntries(cache, all.slice(0, 10), { asOf });
    cache = mergeBillingEntries(cache, all.slice(18, 25), { asOf });
    expect(cache.entries).toHaveLength(25);
    expect(cache.entries).toEqual(all);
    expect(new Set(cache.entries.map(billingEntryKey)).size).toBe(25);
  });

  it('treats the same instant written with Z or an offset as one entry', () => {
    const a = payment('2026-11-05T14:22:07Z', 5000);
    const b = { ...a, created_on: '2026-11-05T15:22:07+01:00' };
    expect(mergeBillingEntries(emptyBillingCache(), [a, b], { asOf }).entries).toHaveLength(1);
  });

  it('keeps entries that differ only in amount or document as separate entries', () => {
    const a = payment('2026-11-05T14:22:07Z', 5000);
    const b = { ...a, total_cents: 6000 };
    const c = { ...a, reciept_url: 'https://api.bytio.com/receipts/other.pdf' };
    expect(mergeBillingEntries(emptyBillingCache(), [a, b, c], { asOf }).entries).toHaveLength(3);
  });

  it('stays complete while new pages reach what it holds, and not once a page of all-new entries leaves a possible gap', () => {
    const cache = cacheOf(history(10).slice(5));
    expect(mergeBillingEntries(cache, history(10).slice(0, 6), { asOf }).complete).toBe(true);
    expect(mergeBillingEntries(cache, [payment('2027-01-01T00:00:00Z', 1)], { asOf }).complete).toBe(false);
  });
});

describe('queryBillingCache', () => {
  it('pages through the cache with totals and page counts', () => {
    const view = viewOf(cacheOf(history(30)), { page: 2, perPage: 10 });
    expect(view.entries.map((e) => e.total_cents)).toEqual(history(30).slice(10, 20).map((e) => e.total_cents));
    expect(view).toMatchObject({ total: 30, page: 2, pages: 3, cachedCount: 30, complete: true, asOf });
  });

  it('clamps a page past the end to the last page', () => {
    expect(viewOf(cacheOf(history(30)), { page: 9, perPage: 10 }).page).toBe(3);
  });

  it('answers an empty cache with one empty page and no as-of time', () => {
    expect(viewOf(emptyBillingCache())).toMatchObject({ entries: [], total: 0, page: 1, pages: 1, asOf: null, complete: false });
  });

  it('filters invoices or payments', () => {
    const cache = cacheOf([invoice('2026-10', 12_000), payment('2026-11-05T00:00:00Z', 5000), invoice('2026-09', 9000)]);
    expect(viewOf(cache, { filter: 'invoice' }).entries.map((e) => e.type)).toEqual(['invoice', 'invoice']);
    expect(viewOf(cache, { filter: 'payment' }).total).toBe(1);
  });

  it('searches name, type, status, card brand and amount, case-insensitively', () => {
    const cache = cacheOf([
      invoice('2026-10', 12_244.8178, 'October 2026'),
      payment('2026-11-05T00:00:00Z', 5000, 'failed', 'mastercard'),
      payment('2026-11-06T00:00:00Z', 7500, 'succeeded', 'visa'),
    ]);
    const hits = (search: string) => viewOf(cache, { search }).entries.map((e) => e.total_cents);
    expect(hits('october')).toEqual([12_244.8178]);
    expect(hits('FAILED')).toEqual([5000]);
    expect(hits('Mastercard')).toEqual([5000]);
    expect(hits('75.00')).toEqual([7500]);
    expect(hits('$122.45')).toEqual([12_244.8178]);
    expect(hits('payment visa')).toEqual([7500]);
    expect(hits('nothing-like-this')).toEqual([]);
  });

  it('totals each UTC month shown, counting invoiced, paid and failed amounts apart', () => {
    const cache = cacheOf([
      invoice('2026-10', 12_000),
      payment('2026-11-05T00:00:00Z', 5000, 'succeeded'),
      payment('2026-11-06T00:00:00Z', 2000, 'failed'),
      // 23:30 on Oct 31 UTC is October even where it is already November locally.
      payment('2026-10-31T23:30:00Z', 1000),
      payment('2026-11-01T00:30:00+02:00', 300),
    ]);
    expect(viewOf(cache).months).toEqual([
      { month: '2026-11', invoicedCents: 12_000, paidCents: 5000, failedCents: 2000, count: 3 },
      { month: '2026-10', invoicedCents: 0, paidCents: 1300, failedCents: 0, count: 2 },
    ]);
  });

  it('gives a month split across pages the same total on both pages', () => {
    const cache = cacheOf(history(40)); // Nov 30 back to Oct 22: 30 in November, 10 in October
    const first = viewOf(cache, { perPage: 20, page: 1 }).months;
    const second = viewOf(cache, { perPage: 20, page: 2 }).months;
    expect(first.map((m) => m.month)).toEqual(['2026-11']);
    expect(second.map((m) => m.month)).toEqual(['2026-11', '2026-10']);
    expect(second[0]).toEqual(first[0]);
    expect(first[0]!.count).toBe(30);
  });
});

describe('isKnownDocumentUrl', () => {
  it('knows only the invoice and receipt links of cached entries', () => {
    const cache = cacheOf([invoice('2026-10', 1), payment('2026-11-05T00:00:00Z', 5)]);
    expect(isKnownDocumentUrl(cache, 'https://api.bytio.com/invoices/in_2026-10.pdf')).toBe(true);
    expect(isKnownDocumentUrl(cache, cache.entries[0]!.type === 'payment' ? (cache.entries[0]!.reciept_url ?? '') : '')).toBe(true);
    expect(isKnownDocumentUrl(cache, 'https://evil.example/invoices/in_2026-10.pdf')).toBe(false);
  });
});
