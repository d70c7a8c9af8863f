import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningService } from '../../../electron/service/start-service';
import type { AccountsOverview } from '../../../shared/accounts';
import type { ChannelOutput, EventPayload, Result } from '../../../shared/ipc';
import type { Status } from '../../../shared/status';
import { createMemoryBackend } from '../../../electron/core/secrets/memory-backend';
import { createTestCore, value } from '../core/core-host';
import { startHostileServer, type HostileServer } from '../core/hostile-server';
import { startTestService } from '../core/service-harness';

/**
 * With three accounts where two services hang from their very first
 * request, the healthy account's cycle, started by Refresh all, completes while both hanging
 * accounts' first requests are still in flight (docs/architecture.md › The request budget).
 * Checked by the order of events, not by the clock: the hanging servers report each request's
 * arrival and close, the core reports the healthy account's cycle ending.
 */
describe('two accounts whose services hang from their first request, and a healthy one', () => {
  let fine: RunningService;
  const upstream: RunningService[] = [];
  const hanging: HostileServer[] = [];
  const keychain = { ...createMemoryBackend(), kind: 'keychain' as const };
  const ids = { a: '', b: '', c: '' };
  let dir = '';

  beforeAll(async () => {
    const started = await Promise.all([startTestService(), startTestService(), startTestService()]);
    fine = started[0]!;
    upstream.push(...started.slice(1));
    hanging.push(...(await Promise.all(upstream.map((service) => startHostileServer(service.url)))));
    // The accounts are added while every service answers, the healthy one last: Refresh all asks
    // its accounts in the user's order, so the healthy account's requests queue behind the others'.
    const setup = createTestCore({ secretBackends: { keychain } });
    dir = setup.dir;
    await setup.core.start();
    const add = async (apiKey: string, baseUrl: string, label: string) =>
      value((await setup.core.invoke('key:set', { apiKey, baseUrl, label })) as Result<ChannelOutput<'key:set'>>).profileId;
    ids.b = await add(upstream[0]!.keys.admin, hanging[0]!.url, 'Hangs B');
    ids.c = await add(upstream[1]!.keys.admin, hanging[1]!.url, 'Hangs C');
    ids.a = await add(fine.keys.admin, fine.url, 'Healthy A');
    await setup.core.stop();
  });
  afterAll(async () => {
    await Promise.all(hanging.map((server) => server.close()));
    await Promise.all([fine, ...upstream].map((service) => service.close()));
  });

  it('completes the healthy account’s cycle, and its Refresh all, while both hanging accounts’ first requests are still in flight', async () => {
    for (const server of hanging) server.setMode({ kind: 'silent' });
    const order: string[] = [];
    hanging.forEach((server, i) => server.onTraffic((event) => order.push(`${i === 0 ? 'B' : 'C'} ${event.kind}`)));
    // A fresh start of the app: no account has a cycle behind it, so none is degraded yet.
    // The deadline of a request is long enough that no hanging request ends on its own first.
    const { core } = createTestCore({ secretBackends: { keychain }, http: { timeoutMs: 10_000 } }, dir);
    const startedAt = Date.now();
    // An account sends one update when its cycle ends (docs/architecture.md › How data flows).
    const aEnded = new Promise<Status>((resolve) =>
      core.onEvent((event, payload) => {
        if (event !== 'account') return;
        const update = payload as EventPayload<'account'>;
        const { status } = update;
        if (update.profileId !== ids.a || status.refreshing || status.lastAttemptAt === null) return;
        if (Date.parse(status.lastAttemptAt) < startedAt) return;
        order.push('A cycle ended');
        resolve(status);
      }),
    );
    await core.start();
    const refreshAll = core.invoke('poll:refreshAll', undefined) as Promise<Result<AccountsOverview>>;

    const a = await aEnded;
    expect(a).toMatchObject({ lastError: null, consecutiveFailures: 0 });
    expect(a.lastSuccessAt).not.toBeNull();
    const untilA = order.slice(0, order.indexOf('A cycle ended'));
    // Both hanging accounts had sent requests (their first ones, and as many as they were given)…
    expect(untilA.filter((entry) => entry === 'B arrived').length).toBeGreaterThanOrEqual(1);
    expect(untilA.filter((entry) => entry === 'C arrived').length).toBeGreaterThanOrEqual(1);
    // …and none of them had ended when the healthy account's cycle did.
    expect(untilA.filter((entry) => entry.endsWith('closed'))).toEqual([]);

    // The hanging services go away: their accounts' cycles fail, and Refresh all answers.
    await Promise.all(hanging.map((server) => server.close()));
    const overview = value(await refreshAll);
    const state = (profileId: string) => overview.accounts.find((account) => account.profileId === profileId)?.state;
    expect([state(ids.a), state(ids.b), state(ids.c)]).toEqual(['ok', 'offline', 'offline']);
    expect(order.indexOf('B closed')).toBeGreaterThan(order.indexOf('A cycle ended'));
    expect(order.indexOf('C closed')).toBeGreaterThan(order.indexOf('A cycle ended'));
    await core.stop();
  });
});
