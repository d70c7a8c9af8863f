import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningService } from '../../../electron/service/start-service';
import type { AccountsOverview } from '../../../shared/accounts';
import type { ChannelOutput, Result } from '../../../shared/ipc';
import type { Status } from '../../../shared/status';
import { BUDGET_LIMITS } from '../../../electron/core/accounts/request-budget';
import { createTestCore, value } from '../core/core-host';
import { startHostileServer, type HostileServer } from '../core/hostile-server';
import { startTestService } from '../core/service-harness';

/** The request deadline, short so that the test takes seconds; the cycle may take it once, plus a second. */
const DEADLINE_MS = 2_000;
const MARGIN_MS = 1_000;

/**
 * A host that accepts connections and never answers, or refuses them, costs its account's cycle
 * one request deadline, not one per request (docs/architecture.md › Polling): once a request of the
 * cycle finds it not answering, nothing more is sent to it; the account says so in plain words and
 * backs off, and another account on a healthy service goes on as before.
 */
describe('an account whose service stops answering, and a healthy one', () => {
  let fine: RunningService;
  let upstream: RunningService;
  let dead: HostileServer;
  // Every request either account sends, as its URL: the fetch port is the one way out.
  const sent: string[] = [];
  const { core } = createTestCore({
    http: {
      timeoutMs: DEADLINE_MS,
      fetch: (input, init) => {
        sent.push(String(input));
        return globalThis.fetch(input, init);
      },
    },
  });
  const ids = { dead: '', fine: '' };
  const sentTo = (server: { url: string }) => sent.filter((url) => url.startsWith(`${server.url}/`));
  const refresh = async (profileId: string) => value((await core.invoke('poll:refresh', { profileId })) as Result<Status>);
  const overviewRow = async (profileId: string) =>
    value((await core.invoke('accounts:list', undefined)) as Result<AccountsOverview>).accounts.find((account) => account.profileId === profileId);

  beforeAll(async () => {
    [fine, upstream] = await Promise.all([startTestService(), startTestService()]);
    dead = await startHostileServer(upstream.url);
    await core.start();
    const add = async (apiKey: string, baseUrl: string, label: string) =>
      value((await core.invoke('key:set', { apiKey, baseUrl, label })) as Result<ChannelOutput<'key:set'>>).profileId;
    // Both added while both services answer; each first cycle succeeds.
    ids.dead = await add(upstream.keys.admin, dead.url, 'Goes silent');
    ids.fine = await add(fine.keys.admin, fine.url, 'Healthy');
    expect((await refresh(ids.dead)).lastError).toBeNull();
    expect((await refresh(ids.fine)).lastError).toBeNull();
  });
  afterAll(async () => {
    await core.stop();
    await dead.close();
    await Promise.all([fine.close(), upstream.close()]);
  });

  it('ends the cycle of a host that never sends headers within one deadline, sending no more requests than the account’s slots, while the other account keeps updating', async () => {
    dead.setMode({ kind: 'silent' });
    const order: string[] = [];
    let arrived!: () => void;
    const firstArrival = new Promise<void>((resolve) => (arrived = resolve));
    dead.onTraffic((event) => {
      order.push(`dead ${event.kind}`);
      if (event.kind === 'arrived') arrived();
    });
    const before = sentTo(dead).length;
    const healthyBefore = (await overviewRow(ids.fine))!;

    const startedAt = Date.now();
    const deadCycle = refresh(ids.dead).then((status) => {
      order.push('dead cycle ended');
      return { status, ms: Date.now() - startedAt };
    });
    // While the silent host holds the account's requests, the healthy account's cycle runs as ever.
    await firstArrival;
    const healthy = await refresh(ids.fine);
    order.push('healthy cycle ended');
    expect(healthy).toMatchObject({ lastError: null, consecutiveFailures: 0 });
    expect(Date.parse(healthy.lastSuccessAt!)).toBeGreaterThan(Date.parse(healthyBefore.lastSuccessAt!));
    // …and ended while the silent host still held every request it had been sent.
    expect(order.slice(0, order.indexOf('healthy cycle ended'))).not.toContain('dead closed');

    const { status, ms } = await deadCycle;
    expect(ms).toBeLessThan(DEADLINE_MS + MARGIN_MS);
    expect(sentTo(dead).length - before).toBeLessThanOrEqual(BUDGET_LIMITS.perAccount);
    const host = new URL(dead.url).host;
    expect(status.lastError?.message).toBe(`The service at ${host} is not answering.`);
    // It backs off as after any failure: the next try is planned, not at once.
    expect(status).toMatchObject({ consecutiveFailures: 1, offline: true });
    expect(status.nextPollAt).not.toBeNull();
    const row = (await overviewRow(ids.dead))!;
    expect(row).toMatchObject({ state: 'offline', problem: { message: `The service at ${host} is not answering.` } });
    // The healthy account's figures are its own service's, untouched.
    expect((await overviewRow(ids.fine))!).toMatchObject({ state: 'ok', problem: null, figures: { balanceCents: healthyBefore.figures.balanceCents } });
  });

  it('sends nothing more to a host that refuses connections once a request has been refused through its retries', async () => {
    await dead.close();
    const before = sentTo(dead).length;
    const status = await refresh(ids.dead);
    expect(status.lastError?.message).toBe(`The service at ${new URL(dead.url).host} is not answering.`);
    // Discovery's requests found the host gone; the account and zone reads were never sent.
    const paths = sentTo(dead).slice(before).map((url) => new URL(url).pathname);
    expect(paths.length).toBeGreaterThan(0);
    expect(paths.filter((path) => path === '/v1/account/info' || path.startsWith('/v1/zones'))).toEqual([]);
  });
});
