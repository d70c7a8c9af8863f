import { describe, expect, it } from 'vitest';
import { emptyBillingCache, type BillingCache } from '../../../../electron/core/billing/cache';
import { syncBilling } from '../../../../electron/core/billing/sync';
import type { BillingSyncProgress } from '../../../../shared/views';
import { history, pageOf } from '../../../fixtures/billing-entries';

function holder(initial: BillingCache = emptyBillingCache()) {
  let cache = initial;
  return { get: () => cache, set: (next: BillingCache) => void (cache = next) };
}

function service(all = history(250)) {
  const requests: Array<[number, number]> = [];
  return {
    requests,
    fetchPage: async (page: number, count: number) => {
      requests.push([page, count]);
      return pageOf(all, page, count);
    },
  };
}

const now = () => new Date('2026-12-01T08:00:00Z');

describe('syncBilling', () => {
  it('walks every page at a gentle pace, reporting progress after each, and marks the cache complete', async () => {
    const svc = service();
    const cache = holder();
    const sleeps: number[] = [];
    const progress: BillingSyncProgress[] = [];
    const result = await syncBilling({
      fetchPage: svc.fetchPage,
      cache,
      full: true,
      pageDelayMs: 1500,
      sleep: async (ms) => void sleeps.push(ms),
      onProgress: (p) => progress.push(p),
      now,
    });
    expect(svc.requests).toEqual([[1, 100], [2, 100], [3, 100]]);
    expect(sleeps).toEqual([1500, 1500]);
    expect(progress.map((p) => [p.page, p.entries, p.done])).toEqual([[1, 100, false], [2, 200, false], [3, 250, true]]);
    expect(result).toEqual({ page: 3, totalPages: 3, entries: 250, done: true, error: null });
    expect(cache.get()).toMatchObject({ complete: true, asOf: '2026-12-01T08:00:00.000Z', serviceTotal: 250 });
    expect(cache.get().entries).toEqual(history(250));
  });

  it('fetches only the first page when not full', async () => {
    const svc = service();
    const cache = holder();
    const result = await syncBilling({ fetchPage: svc.fetchPage, cache, full: false, sleep: async () => {}, now });
    expect(svc.requests).toEqual([[1, 100]]);
    expect(result.done).toBe(true);
    expect(cache.get()).toMatchObject({ complete: false });
    expect(cache.get().entries).toHaveLength(100);
  });

  it('keeps the pages already merged when a later page fails, and reports the failure in words', async () => {
    const all = history(250);
    const cache = holder();
    const result = await syncBilling({
      fetchPage: async (page, count) => {
        if (page === 2) throw new Error('Zonewatch could not reach the service.');
        return pageOf(all, page, count);
      },
      cache,
      full: true,
      sleep: async () => {},
      now,
    });
    expect(result).toEqual({ page: 2, totalPages: 3, entries: 100, done: true, error: 'Zonewatch could not reach the service.' });
    expect(cache.get().complete).toBe(false);
  });

  it('stops when cancelled between pages', async () => {
    const svc = service();
    const controller = new AbortController();
    const result = await syncBilling({
      fetchPage: svc.fetchPage,
      cache: holder(),
      full: true,
      sleep: async () => controller.abort(),
      signal: controller.signal,
      now,
    });
    expect(svc.requests).toHaveLength(1);
    expect(result.error).toMatch(/cancelled/);
  });

  it('completes an empty history at once', async () => {
    const cache = holder();
    const result = await syncBilling({ fetchPage: async (p, c) => pageOf([], p, c), cache, full: true, sleep: async () => {}, now });
    expect(result).toMatchObject({ entries: 0, done: true, error: null });
    expect(cache.get().complete).toBe(true);
  });
});
