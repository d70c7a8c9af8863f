import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../../electron/core/api/client';
import { ApiError } from '../../../../electron/core/api/error';
import { isUnanswered } from '../../../../electron/core/polling/host-silence';
import { toAppError } from '../../../../electron/core/error-messages';
import { createPollCycle } from '../../../../electron/core/polling/cycle';
import { SnapshotStore } from '../../../../electron/core/data/snapshot-store';
import { emptyBillingCache } from '../../../../electron/core/billing/cache';
import { sampleAccountInfoResponse, sampleBillingHistoryResponse, samplePlansResponse } from '../../../fixtures/api-samples';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

/** A key that may not list users, on an account where it sees `visible` zones and fetches none of them. */
function cycleWithNarrowKey(pinnedIds: string[], visible: number) {
  const client = createApiClient({
    baseUrl: 'https://api.example.com',
    getApiKey: () => 'narrow-key',
    fetch: async (url) => {
      const path = new URL(String(url)).pathname;
      if (path === '/v1/users') return json(403, { status: 'error', error: { code: 'forbidden', message: 'not an admin' } });
      if (path === '/v1/plans') return json(200, samplePlansResponse());
      if (path === '/v1/account/info') return json(200, sampleAccountInfoResponse());
      return json(200, { status: 'ok', info: { current: visible, allowed: 100 }, zones: [] });
    },
  });
  const store = new SnapshotStore();
  const run = createPollCycle({ client: () => client, store, now: () => Date.parse('2026-11-20T12:00:00Z'), pinnedIds: () => pinnedIds, toAppError });
  return { store, run: () => run({ forceDiscovery: true, signal: new AbortController().signal }) };
}

describe('a poll cycle with a key that may not list users', () => {
  it('asks for zone ids when none are pinned, rather than claiming to watch the pinned ones', async () => {
    const { store, run } = cycleWithNarrowKey([], 0);
    await run();
    expect(store.get().discovery).toMatchObject({ source: 'pinned_only', pinnedIds: [] });
    expect(store.get().discovery.message).toBe(
      'This key may not list team members, so Zonewatch cannot find zones by itself. Add your zone ids to watch them.',
    );
  });

  it('says it watches the pinned zones, and how many it cannot see yet', async () => {
    const { store, run } = cycleWithNarrowKey(['PIN1ABCD'], 3);
    await run();
    expect(store.get().discovery.message).toBe(
      'This key may not list team members, so Zonewatch watches only the zones you added by id. 3 zones are not yet known to Zonewatch. Add their ids to watch them.',
    );
  });
});

/** A cycle whose billing-history answer is `billing`; records which paths were asked. */
function cycleWithBilling(billing: () => Response) {
  const asked: string[] = [];
  const client = createApiClient({
    baseUrl: 'https://api.example.com',
    getApiKey: () => 'key',
    fetch: async (url) => {
      const path = new URL(String(url)).pathname;
      asked.push(path);
      if (path === '/v1/account/billinghistory') return billing();
      if (path === '/v1/users') return json(403, { status: 'error', error: { code: 'forbidden', message: 'not an admin' } });
      if (path === '/v1/plans') return json(200, samplePlansResponse());
      if (path === '/v1/account/info') return json(200, sampleAccountInfoResponse());
      return json(200, { status: 'ok', info: { current: 0, allowed: 100 }, zones: [] });
    },
  });
  let cache = emptyBillingCache();
  const holder = { get: () => cache, set: (next: typeof cache) => void (cache = next) };
  const store = new SnapshotStore();
  const run = createPollCycle({
    client: () => client,
    store,
    now: () => Date.parse('2026-11-20T12:00:00Z'),
    pinnedIds: () => [],
    toAppError,
    billingCache: () => holder,
  });
  return { store, asked, cache: () => cache, run: () => run({ forceDiscovery: true, signal: new AbortController().signal }) };
}

describe('a poll cycle watching the billing history', () => {
  it('merges the first page into the cache with each discovery, complete when it is the only page', async () => {
    const { run, cache } = cycleWithBilling(() => json(200, sampleBillingHistoryResponse()));
    await run();
    expect(cache().entries).toHaveLength(3);
    expect(cache()).toMatchObject({ complete: true, serviceTotal: 3, asOf: '2026-11-20T12:00:00.000Z' });
  });

  it('records the entries of the page it could not read in the cache, as a sync does', async () => {
    const body = sampleBillingHistoryResponse();
    const [first, ...rest] = body.billing_histories;
    const { run, cache } = cycleWithBilling(() => json(200, { ...body, billing_histories: [{ ...first, total_cents: 'lots' }, ...rest] }));
    await run();
    expect(cache().entries).toHaveLength(2);
    expect(cache().unreadable).toEqual([expect.objectContaining({ path: 'total_cents' })]);
  });

  it('takes a 403 as an answer, not a failure to back off from', async () => {
    const { run, cache } = cycleWithBilling(() => json(403, { status: 'error', error: { code: 'forbidden', message: 'no billing' } }));
    await expect(run()).resolves.toBeUndefined();
    expect(cache().entries).toEqual([]);
  });

  it('does not ask for the billing history with a role the service refuses it', async () => {
    const { run, asked, store } = cycleWithBilling(() => json(200, sampleBillingHistoryResponse()));
    store.setDiscovery({ ...store.get().discovery, role: 'collaborator' });
    await run();
    expect(asked).not.toContain('/v1/account/billinghistory');
  });
});

describe('a poll cycle whose host stops answering', () => {
  /** A host that takes every request and never answers; records which paths were sent. */
  function silentCycle() {
    const asked: string[] = [];
    const client = createApiClient({
      baseUrl: 'https://api.example.com',
      getApiKey: () => 'key',
      timeoutMs: 50,
      fetch: (url, init) => {
        asked.push(new URL(String(url)).pathname);
        return new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))));
      },
    });
    const store = new SnapshotStore();
    const run = createPollCycle({ client: () => client, store, now: () => Date.parse('2026-11-20T12:00:00Z'), pinnedIds: () => ['PIN1ABCD'], toAppError });
    return { asked, store, run: (signal = new AbortController().signal) => run({ forceDiscovery: true, signal }) };
  }

  it('sends nothing after discovery found it silent, and fails with its host named', async () => {
    const { asked, store, run } = silentCycle();
    const failed = await run().then(
      () => null,
      (err: unknown) => err,
    );
    expect(failed).toMatchObject({ kind: 'timeout', notAnswering: true, host: 'api.example.com' });
    expect(toAppError(failed).message).toBe('The service at api.example.com is not answering.');
    expect(asked.sort()).toEqual(['/v1/plans', '/v1/users']);
    // Every part the cycle could not read says the same.
    expect(store.get().account.error?.message).toBe('The service at api.example.com is not answering.');
    expect(store.get().zonesFetch.error?.message).toBe('The service at api.example.com is not answering.');
  });

  it('ends as cancelled, naming no host, when the poller cancels it first', async () => {
    const { run } = silentCycle();
    const controller = new AbortController();
    const cycle = run(controller.signal);
    controller.abort();
    await expect(cycle).resolves.toBeUndefined();
  });
});

describe('isUnanswered', () => {
  it('counts a request sent and not answered in time, or not connected at all, and nothing else', () => {
    expect(isUnanswered(new ApiError('timeout', 'x', { timeoutMs: 15_000 }))).toBe(true);
    expect(isUnanswered(new ApiError('network', 'x'))).toBe(true);
    // Never sent: it waited for a slot; the host was not asked.
    expect(isUnanswered(new ApiError('timeout', 'x', { queued: true }))).toBe(false);
    expect(isUnanswered(new ApiError('timeout', 'x', { abandoned: true }))).toBe(false);
    expect(isUnanswered(new ApiError('network', 'x', { cancelled: true }))).toBe(false);
    // The host answered; its body broke off.
    expect(isUnanswered(new ApiError('network', 'x', { status: 200 }))).toBe(false);
    expect(isUnanswered(new ApiError('server', 'x', { status: 503 }))).toBe(false);
    expect(isUnanswered(new Error('x'))).toBe(false);
  });
});
