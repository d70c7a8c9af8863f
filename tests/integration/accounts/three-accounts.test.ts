import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningService } from '../../../electron/service/start-service';
import type { ChannelOutput, Result } from '../../../shared/ipc';
import { createApiClient } from '../../../electron/core/api/client';
import { createRequestBudget } from '../../../electron/core/accounts/request-budget';
import { createMemoryBackend } from '../../../electron/core/secrets/memory-backend';
import { accountCaller, createTestCore, value } from '../core/core-host';
import { startHostileServer, type HostileServer } from '../core/hostile-server';
import { startTestService } from '../core/service-harness';

/**
 * Three accounts on three local services, watched at once by one core —
 * one fine, one whose service hangs, one whose key is revoked — sharing one request budget (docs/architecture.md › The request budget).
 */
describe('three accounts watched at once: one fine, one hanging, one with a rejected key', () => {
  let fine: RunningService;
  let hangingUpstream: RunningService;
  let hanging: HostileServer;
  let revoked: RunningService;
  const keychain = { ...createMemoryBackend(), kind: 'keychain' as const };
  const budget = createRequestBudget();
  const host = createTestCore({ secretBackends: { keychain }, budget, http: { timeoutMs: 1_500, retry: { retries: 1, baseDelayMs: 5, maxDelayMs: 10 } } });
  const { core, dir, recorded } = host;
  const ids = { a: '', b: '', c: '' };
  const call = {
    a: accountCaller(core, () => ids.a),
    b: accountCaller(core, () => ids.b),
    c: accountCaller(core, () => ids.c),
  };
  const add = async (apiKey: string, baseUrl: string, label: string) =>
    value((await core.invoke('key:set', { apiKey, baseUrl, label })) as Result<ChannelOutput<'key:set'>>).profileId;
  const files = (profileId: string) => fs.readdirSync(dir).filter((name) => name.includes(profileId));

  beforeAll(async () => {
    [fine, hangingUpstream, revoked] = await Promise.all([startTestService(), startTestService(), startTestService()]);
    hanging = await startHostileServer(hangingUpstream.url);
    await core.start();
    ids.a = await add(fine.keys.admin, fine.url, 'Client A');
    ids.b = await add(hangingUpstream.keys.admin, hanging.url, 'Client B');
    ids.c = await add(revoked.keys.admin, revoked.url, 'Client C');
  });
  afterAll(async () => {
    await core.stop();
    await hanging.close();
    await Promise.all([fine.close(), hangingUpstream.close(), revoked.close()]);
  });

  it('adds each account with its own key in the keychain, its own colour, in the order added', async () => {
    expect(core.overview().accounts.map((account) => [account.label, account.color])).toEqual([
      ['Client A', 'blue'],
      ['Client B', 'green'],
      ['Client C', 'orange'],
    ]);
    expect(await keychain.read(ids.a)).toBe(fine.keys.admin);
    expect(await keychain.read(ids.b)).toBe(hangingUpstream.keys.admin);
    expect(await keychain.read(ids.c)).toBe(revoked.keys.admin);
    for (const id of Object.values(ids)) expect(Object.keys(core.snapshot(id)!.zones).length).toBeGreaterThan(0);
  });

  it('refuses to watch the same key at the same address twice, naming the account that has it', async () => {
    const twice = await core.invoke('key:set', { apiKey: fine.keys.admin, baseUrl: fine.url, label: 'Client A again' });
    expect(twice).toEqual({ ok: false, error: { kind: 'invalid_argument', message: 'This API key is already watched as “Client A”.' } });
    expect(core.overview().accounts.length).toBe(3);
  });

  it('keeps polling the fine account while the other hangs, and the hanging one never holds more than its share', async () => {
    hanging.setMode({ kind: 'silent' });
    const stuck = call.b('poll:refresh');
    // While B's requests hang, A's whole cycle runs through and lands.
    const before = core.status(ids.a)!.lastSuccessAt;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const a = value(await call.a('poll:refresh'));
    expect(a).toMatchObject({ auth: 'ok', lastError: null, consecutiveFailures: 0 });
    expect(a.lastSuccessAt).not.toBe(before);
    expect(core.status(ids.b)!.refreshing).toBe(true);
    expect(budget.held().byAccount.get(ids.b) ?? 0).toBeLessThanOrEqual(2);

    const b = value(await stuck);
    expect(b).toMatchObject({ offline: true, consecutiveFailures: 1 });
    expect(b.lastError?.kind).toBe('timeout');
    // A kept its own schedule: the next cycle is planned, and A's data is as fresh as A's cycle left it.
    expect(core.status(ids.a)!.nextPollAt).not.toBeNull();
    expect(core.overview().accounts.find((account) => account.profileId === ids.a)?.state).toBe('ok');
    expect(core.overview().accounts.find((account) => account.profileId === ids.b)?.state).toBe('offline');

    // Backing off, B may hold one slot only: A and C still get theirs.
    const again = call.b('poll:refresh');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(budget.held().byAccount.get(ids.b) ?? 0).toBeLessThanOrEqual(1);
    value(await call.a('poll:refresh'));
    await again;
    expect(budget.peaks().counted).toBeLessThanOrEqual(4);
    expect(budget.peaks().perAccount).toBeLessThanOrEqual(2);
    hanging.setMode({ kind: 'pass' });
  });

  it('stops the account whose key is revoked, alone, and says so naming it', async () => {
    revoked.control.setKeyRevoked(revoked.keys.admin, true);
    const c = value(await call.c('poll:refresh'));
    expect(c).toMatchObject({ poll: 'stopped_unauthorized', auth: 'rejected', nextPollAt: null });
    expect(core.status(ids.a)).toMatchObject({ poll: 'running', auth: 'ok' });
    expect(core.status(ids.a)!.nextPollAt).not.toBeNull();
    const shown = recorded.notifications as { title: string; target: { profileId?: string } }[];
    const rejected = shown.filter((n) => n.title.includes('The API key was rejected'));
    expect(rejected.map((n) => [n.title, n.target.profileId])).toEqual([['Client C · The API key was rejected', ids.c]]);
    const summary = core.overview();
    expect(summary.accounts.find((account) => account.profileId === ids.c)).toMatchObject({ state: 'rejected', stateText: 'API key rejected — polling stopped' });
    expect(summary.totals.needAttention).toBeGreaterThanOrEqual(2);
    // The notification lands in C's history only.
    expect(value(await call.c('notifications:list')).map((n) => n.title)).toContain('Client C · The API key was rejected');
    expect(value(await call.a('notifications:list')).map((n) => n.title)).not.toContain('Client C · The API key was rejected');
  });

  it('toggles a zone in one account only, though the same zone id exists in another', async () => {
    const zoneId = fine.seeded.perGigabyteDatacenterZoneId;
    expect(core.snapshot(ids.b)!.zones[zoneId]).toBeDefined();
    const wasInB = core.snapshot(ids.b)!.zones[zoneId]!.zone.enabled;
    const toggled = value(await call.a('zones:setEnabled', { zoneId, enabled: false }));
    expect(toggled.enabled).toBe(false);
    expect(core.snapshot(ids.a)!.zones[zoneId]?.zone.enabled).toBe(false);
    expect(core.snapshot(ids.b)!.zones[zoneId]?.zone.enabled).toBe(wasInB);
    const inB = await createApiClient({ baseUrl: hangingUpstream.url, getApiKey: () => hangingUpstream.keys.admin }).getZones([zoneId]);
    expect(inB.zones[0]?.enabled).toBe(wasInB);
  });

  it('bills each account on its own, and exports every account in one CSV with an account column', async () => {
    expect(value(await call.a('billing:sync', { full: true }))).toMatchObject({ done: true, error: null });
    expect(value(await call.b('billing:sync', { full: true }))).toMatchObject({ done: true, error: null });
    const a = value(await call.a('billing:query', { perPage: 500 }));
    expect(a.complete).toBe(true);
    // C's cache holds only what its own discovery fetched before its key was revoked: A's full sync did not fill it.
    const c = value(await call.c('billing:query', { perPage: 500 }));
    expect(c.complete).toBe(false);
    expect(c.entries.length).toBeLessThan(a.entries.length);
    const all = value(await core.invoke('billing:exportAllCsv', {}) as Result<ChannelOutput<'billing:exportAllCsv'>>);
    const file = recorded.saved.at(-1)!;
    expect(file.name).toMatch(/^zonewatch-billing-all-accounts-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = file.content.trim().split('\r\n');
    expect(rows[0]!.startsWith('Account,Month (UTC),')).toBe(true);
    expect(rows.filter((row) => row.startsWith('Client A,')).length).toBe(a.entries.length);
    expect(rows.filter((row) => row.startsWith('Client B,')).length).toBeGreaterThan(0);
    expect(rows.filter((row) => row.startsWith('Client C,')).length).toBe(c.entries.length);
    expect(all.rows).toBe(rows.length - 1);
  });

  it("sums up every account in one Summary, a part each read from the same summary as its own, and exports it in one CSV", async () => {
    const query = { kind: 'week' as const, from: '2026-11-23' };
    const all = value(await core.invoke('history:summaryAll', query) as Result<ChannelOutput<'history:summaryAll'>>);
    expect(all.period).toEqual({ kind: 'week', from: '2026-11-23', to: '2026-11-29' });
    expect(all.accounts.map((account) => account.label)).toEqual(['Client A', 'Client B', 'Client C']);
    for (const [i, each] of [call.a, call.b, call.c].entries()) expect(all.accounts[i]).toEqual(value(await each('history:summary', query)).accounts[0]);
    const saved = value(await core.invoke('history:exportSummaryAllCsv', query) as Result<ChannelOutput<'history:exportSummaryAllCsv'>>);
    const file = recorded.saved.at(-1)!;
    expect(file.name).toBe('zonewatch-summary-all-accounts-week-2026-11-23.csv');
    const rows = file.content.trim().split('\r\n');
    expect(rows.slice(1).map((row) => row.split(',')[0])).toEqual(expect.arrayContaining(['Client A', 'Client B', 'Client C']));
    expect(rows.filter((row) => row.includes(',total,'))).toHaveLength(3);
    expect(saved.rows).toBe(rows.length - 1);
  });

  it('keeps the notifications, snooze and pause app-wide and the rules per account', async () => {
    const snoozed = value(await core.invoke('notifications:snooze', { until: '1h' }) as Result<ChannelOutput<'notifications:snooze'>>);
    // Snooze is app-wide: said once, in the app's state, not copied into every account's status.
    expect(core.app().snoozedUntil).toBe(snoozed.snoozedUntil);
    for (const id of Object.values(ids)) expect(core.status(id)).not.toHaveProperty('snoozedUntil');
    value(await core.invoke('notifications:snooze', { until: 'off' }));
    value(await core.invoke('poll:setPaused', { paused: true }));
    expect(core.app().paused).toBe(true);
    for (const id of [ids.a, ids.b]) expect(core.overview().accounts.find((account) => account.profileId === id)?.state).toMatch(/paused|offline|stale/);
    expect(core.overview().accounts.find((account) => account.profileId === ids.a)?.state).toBe('paused');
    value(await core.invoke('poll:setPaused', { paused: false }));
    // B's own rules: a low-balance threshold no other account has.
    const own = value(await core.invoke('settings:get', undefined) as Result<ChannelOutput<'settings:get'>>).alerts;
    value(await core.invoke('accounts:update', { profileId: ids.b, alerts: { ...own, lowBalance: { enabled: true, thresholdCents: 123_400 } } }));
    const test = value(await call.b('notifications:test', { rule: 'lowBalance' }));
    expect(test.title).toBe('Client B · Test: Balance is below $1,234.00');
    expect(test.target.profileId).toBe(ids.b);
    expect(value(await call.a('notifications:test', { rule: 'lowBalance' })).title).toBe('Client A · Test: Balance is below $10.00');
  });

  it('renames, recolours and reorders, and a restart watches every account again in that order', async () => {
    value(await core.invoke('accounts:update', { profileId: ids.a, label: 'Client A (prod)', color: 'purple' }));
    value(await core.invoke('accounts:reorder', { profileIds: [ids.c, ids.a, ids.b] }));
    expect(core.overview().accounts.map((account) => account.label)).toEqual(['Client C', 'Client A (prod)', 'Client B']);
    await core.stop();
    const again = createTestCore({ secretBackends: { keychain } }, dir);
    await again.core.start();
    expect(again.core.overview().accounts.map((account) => [account.label, account.color])).toEqual([
      ['Client C', 'orange'],
      ['Client A (prod)', 'purple'],
      ['Client B', 'green'],
    ]);
    // The cached figures come back before the first cycle.
    expect(again.core.overview().accounts[1]!.figures.balanceCents).not.toBeNull();
    await again.core.stop();
    await core.start();
  });

  it('replaces one account’s key keeping it listed throughout, with its caches, and leaves the others alone', async () => {
    const seen: string[][] = [];
    const off = core.onEvent((event, payload) => {
      if (event === 'accounts') seen.push((payload as { accounts: { profileId: string }[] }).accounts.map((account) => account.profileId));
    });
    const zonesBefore = Object.keys(core.snapshot(ids.a)!.zones).length;
    const replaced = value(await core.invoke('key:set', { profileId: ids.a, apiKey: fine.keys.admin, baseUrl: fine.url }) as Result<ChannelOutput<'key:set'>>);
    off();
    expect(replaced.profileId).toBe(ids.a);
    expect(seen.length).toBeGreaterThan(0);
    for (const list of seen) expect(list).toContain(ids.a);
    expect(Object.keys(core.snapshot(ids.a)!.zones).length).toBe(zonesBefore);
    expect(core.overview().accounts.map((account) => account.profileId)).toEqual([ids.c, ids.a, ids.b]);
  });

  it('drops the key of an account moved to another host, keeps the account listed asking for it, across a restart, until it is entered again', async () => {
    const otherHost = hanging.url.replace('127.0.0.1', 'localhost');
    value(await core.invoke('accounts:update', { profileId: ids.b, baseUrl: otherHost }));
    expect(await keychain.read(ids.b)).toBeNull();
    const asking = { state: 'no_key', stateText: 'No API key stored', baseUrl: otherHost };
    expect(core.overview().accounts.find((account) => account.profileId === ids.b)).toMatchObject(asking);
    // The others keep their keys and their polling.
    expect(await keychain.read(ids.a)).toBe(fine.keys.admin);
    expect(value(await call.a('poll:refresh'))).toMatchObject({ auth: 'ok', lastError: null });

    await core.stop();
    const again = createTestCore({ secretBackends: { keychain } }, dir);
    await again.core.start();
    expect(again.core.overview().accounts.find((account) => account.profileId === ids.b)).toMatchObject(asking);
    await again.core.stop();
    await core.start();

    value(await core.invoke('key:set', { profileId: ids.b, apiKey: hangingUpstream.keys.admin, baseUrl: hanging.url }));
    expect(await keychain.read(ids.b)).toBe(hangingUpstream.keys.admin);
    expect(core.status(ids.b)).toMatchObject({ auth: 'ok', lastError: null });
  });

  it('removes one account: only its key and files go, the others keep theirs and keep polling', async () => {
    const before = { a: files(ids.a), b: files(ids.b) };
    expect(files(ids.c).length).toBeGreaterThan(0);
    expect(value(await core.invoke('accounts:remove', { profileId: ids.c }))).toEqual({ removed: true });
    expect(files(ids.c)).toEqual([]);
    expect(await keychain.read(ids.c)).toBeNull();
    expect(files(ids.a)).toEqual(before.a);
    expect(files(ids.b)).toEqual(before.b);
    expect(await keychain.read(ids.a)).toBe(fine.keys.admin);
    expect(await keychain.read(ids.b)).toBe(hangingUpstream.keys.admin);
    expect(core.overview().accounts.map((account) => account.profileId)).toEqual([ids.a, ids.b]);
    expect((await call.c('snapshot:get')).ok).toBe(false);
    expect(value(await call.a('poll:refresh'))).toMatchObject({ auth: 'ok', lastError: null });
  });
});
