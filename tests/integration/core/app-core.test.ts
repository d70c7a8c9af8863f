import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingEntry } from '../../../shared/api/billing';
import type { ChannelOutput, Result } from '../../../shared/ipc';
import type { RunningService } from '../../../electron/service/start-service';
import { createApiClient } from '../../../electron/core/api/client';
import { createMemoryBackend } from '../../../electron/core/secrets/memory-backend';
import { accountCaller, createTestCore, readAllFiles, value } from './core-host';
import { setFaults, startTestService } from './service-harness';

let service: RunningService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(async () => {
  await service.close();
});

/** The entry's link; '' (which no test opens successfully) when it was refused. */
function documentUrl(entry: BillingEntry): string {
  return (entry.type === 'invoice' ? entry.invoice_url : entry.reciept_url) ?? '';
}

/** Every team member's key, straight from the service's state. */
function everyKey(): string[] {
  const state = (service.control as unknown as { state: { users: { api_key: string }[] } }).state;
  return state.users.map((user) => user.api_key);
}

describe('app core over a full session with an admin key', () => {
  const { core, dir, recorded, fire } = createTestCore();
  const results: unknown[] = [];
  let profileId = '';
  const call = accountCaller(core, () => profileId, (result) => results.push(result));
  const snapshot = () => core.snapshot(profileId)!;

  it('starts without an account and says so', async () => {
    await core.start();
    expect(value(await call('accounts:list'))).toEqual({ accounts: [], totals: { balanceCents: null, spendTodayCents: null, counted: 0, real: 0, monthEnd: null, needAttention: 0 } });
    const unknown = await core.invoke('snapshot:get', { profileId: 'no-such-account' });
    expect(unknown).toEqual({ ok: false, error: { kind: 'invalid_argument', message: 'That account is no longer watched. It may have been removed.' } });
    expect((await core.invoke('snapshot:get', undefined)).ok).toBe(false);
  });

  it('stores a key in the keychain and polls the account and every discovered zone', async () => {
    const set = value(await call('key:set', { apiKey: service.keys.admin, baseUrl: service.url }));
    expect(set.keyBackend).toBe('keychain');
    expect(set.profileId).toMatch(/^[0-9a-f-]{36}$/);
    profileId = set.profileId;
    const { snapshot, status } = value(await call('snapshot:get'));
    expect(status).toMatchObject({ auth: 'ok', poll: 'running', consecutiveFailures: 0 });
    expect(snapshot.account.data?.user).not.toHaveProperty('api_key');
    expect(snapshot.discovery.source).toBe('users_list');
    expect(snapshot.discovery.notYetKnown).toBe(service.seeded.undiscoveredZoneIds.length);
    expect(Object.keys(snapshot.zones).length).toBe(service.seeded.zoneIds.length - service.seeded.undiscoveredZoneIds.length);
  });

  it('pins the undiscovered zones from a pasted list and then knows every zone', async () => {
    const pasted = `${service.seeded.undiscoveredZoneIds.join(', ')}\nnot a zone!`;
    const pin = value(await call('zones:pin', { text: pasted }));
    expect(pin.added).toEqual(service.seeded.undiscoveredZoneIds);
    expect(pin.invalid.map((i: { value: string }) => i.value)).toEqual(['zone!', 'not', 'a']);
    await call('poll:refresh');
    const { snapshot } = value(await call('snapshot:get'));
    expect(snapshot.discovery.notYetKnown).toBe(0);
  });

  it('toggles, previews, updates, refreshes and deletes IPs, and deletes a zone', async () => {
    const zoneId = service.seeded.perGigabyteDatacenterZoneId;
    expect(value(await call('zones:setEnabled', { zoneId, enabled: false })).enabled).toBe(false);
    expect(snapshot().zones[zoneId]?.zone.enabled).toBe(false);
    const reserved = service.seeded.reservedDatacenterZoneId;
    const before = snapshot().zones[reserved]!.zone;
    const preview = value(await call('zones:preview', { zoneId: reserved, changes: { pool_size: before.pool_size! + 2 } }));
    expect(preview.standingMonthlyDeltaCents).toBeGreaterThan(0);
    expect(value(await call('zones:update', { zoneId: reserved, changes: { name: 'Renamed' } })).name).toBe('Renamed');
    const [ip1, ip2] = service.control.zoneIps(reserved) as [string, string];
    expect(value(await call('zones:refreshIps', { zoneId: reserved, ips: [ip1, '192.0.2.1'] }))).toMatchObject({ done: [ip1], notInZone: ['192.0.2.1'] });
    expect(value(await call('zones:deleteIps', { zoneId: reserved, ips: [ip2] })).done).toEqual([ip2]);
    const doomed = service.seeded.undiscoveredZoneIds[0]!;
    value(await call('zones:delete', { zoneId: doomed }));
    expect(snapshot().zones[doomed]).toBeUndefined();
  });

  it('reports a zone deleted elsewhere as no longer available', async () => {
    const gone = Object.keys(snapshot().zones).find((id) => id !== service.seeded.perGigabyteDatacenterZoneId && id !== service.seeded.reservedDatacenterZoneId)!;
    const elsewhere = createApiClient({ baseUrl: service.url, getApiKey: () => service.keys.admin });
    await elsewhere.deleteZone(gone);
    await call('poll:refresh');
    expect(snapshot().zones[gone]).toBeUndefined();
    expect(snapshot().discovery.removedIds).toContain(gone);
  });

  it('answers users, plans, billing and settings channels', async () => {
    const users = value(await call('users:list', { count: 100 }));
    expect(users.users.length).toBeGreaterThan(0);
    const sync = value(await call('billing:sync', { full: true }));
    expect(sync).toMatchObject({ done: true, error: null });
    const page = value(await call('billing:query', { filter: 'invoice' }));
    expect(page.complete).toBe(true);
    const csv = value(await call('billing:exportCsv', { filter: 'all' }));
    expect(csv.saved).toBe(true);
    // Plain http is for the demo's loopback service only.
    const refused = await call('billing:openDocument', { url: documentUrl(page.entries[0]!) });
    expect(refused.ok).toBe(false);
    expect(value(await call('plans:advisor')).plans.length).toBeGreaterThan(1);
    const settings = value(await call('settings:update', { theme: 'dark' }));
    expect(settings.theme).toBe('dark');
    expect(value(await call('settings:update', { zonesSort: 'spend_month' })).zonesSort).toBe('spend_month');
    expect(value(await call('settings:get')).zonesSort).toBe('spend_month');
    expect(value(await call('history:get', {})).length).toBeGreaterThan(0);
    expect(value(await call('notifications:test', { rule: 'lowBalance' })).test).toBe(true);
    expect(value(await call('notifications:list')).length).toBeGreaterThan(0);
    expect(value(await call('notifications:snooze', { until: '1h' })).snoozedUntil).not.toBeNull();
    expect(value(await call('app:state')).snoozedUntil).not.toBeNull();
    value(await call('notifications:snooze', { until: 'off' }));
    expect(recorded.notifications.length).toBeGreaterThan(0);
  });

  it('copies zone credentials and clears them after 30 s unless the clipboard changed', async () => {
    const zoneId = service.seeded.perGigabyteDatacenterZoneId;
    expect(value(await call('zones:copyCredentials', { zoneId })).clearsAfterMs).toBe(30_000);
    expect(recorded.clipboard.text).toBe(`zone-${zoneId}\n${service.keys.admin}`);
    expect(fire(30_000)).toBe(1);
    await new Promise((resolve) => setImmediate(resolve)); // the clear reads, then writes, asynchronously
    expect(recorded.clipboard.text).toBe('');
    await call('zones:copyCredentials', { zoneId });
    recorded.clipboard.text = 'something the user copied';
    fire(30_000);
    await new Promise((resolve) => setImmediate(resolve));
    expect(recorded.clipboard.text).toBe('something the user copied');
  });

  it('keeps the last good data and says what failed when the service fails', async () => {
    const zonesBefore = Object.keys(snapshot().zones).length;
    await setFaults(service, { rate: 1, statuses: [500] });
    const zoneId = service.seeded.perGigabyteDatacenterZoneId;
    const failed = await call('zones:setEnabled', { zoneId, enabled: true });
    expect(failed.ok).toBe(false);
    // Rolled back: the zone still shows what the service last said.
    expect(snapshot().zones[zoneId]?.zone.enabled).toBe(false);
    const status = value(await call('poll:refresh'));
    expect(status.lastError?.kind).toBe('server');
    expect(status.lastError?.message).toBe('The service had a problem of its own (HTTP 500).');
    expect(status.lastSuccessAt).not.toBeNull();
    expect(Object.keys(snapshot().zones).length).toBe(zonesBefore);
    await setFaults(service, { rate: 1, statuses: [429], retryAfterSeconds: 30 });
    expect(value(await call('poll:refresh')).lastError?.kind).toBe('rate_limited');
    await setFaults(service, {});
    expect(value(await call('poll:refresh')).lastError).toBeNull();
    expect((await call('zones:update', { zoneId: 'NOPE1', changes: { enabled: true } })).ok).toBe(false);
    expect((await call('key:set', { apiKey: 'short' })).ok).toBe(false);
  });

  it('lets no key of the team reach an IPC result, an event, a file or a log line', async () => {
    await call('app:copyDiagnostics');
    expect(recorded.clipboard.text).not.toContain(service.keys.admin);
    await core.stop();
    const haystacks = {
      results: JSON.stringify(results),
      events: JSON.stringify(recorded.events),
      files: readAllFiles(dir),
      logs: recorded.logLines.join('\n'),
    };
    expect(haystacks.files.length).toBeGreaterThan(1000);
    for (const key of everyKey()) {
      for (const [where, text] of Object.entries(haystacks)) expect({ where, leaked: text.includes(key) }).toEqual({ where, leaked: false });
    }
  });

  it('removes the account: the key and every file of the profile', async () => {
    await core.start();
    // The notification history written by the earlier test notification is among them.
    const before = fs.readdirSync(dir).filter((name) => name.includes(profileId));
    expect(before).toContain(`profile-${profileId}-notifications.json`);
    expect(value(await call('accounts:remove', { profileId }))).toEqual({ removed: true });
    expect(core.status(profileId)).toBeNull();
    expect(value(await call('accounts:list')).accounts).toEqual([]);
    expect(fs.readdirSync(dir).filter((name) => name.includes(profileId))).toEqual([]);
    expect((await call('snapshot:get')).ok).toBe(false);
    await core.stop();
  });
});

describe('app core when a key is set', () => {
  it('refuses a key the service rejects, stores nothing, and keeps polling with the previous key', async () => {
    const keychain = { ...createMemoryBackend(), kind: 'keychain' as const };
    const { core } = createTestCore({ secretBackends: { keychain } });
    await core.start();
    const profileId = value(await core.invoke('key:set', { apiKey: service.keys.admin, baseUrl: service.url }) as Result<ChannelOutput<'key:set'>>).profileId;
    const settingsBefore = value(await core.invoke('settings:get', undefined));

    const rejected = { ok: false, error: { kind: 'unauthorized', message: 'The service rejected this API key. Check it in your dashboard and paste it again.' } };
    // Neither as this account's new key nor as a new account.
    expect(await core.invoke('key:set', { profileId, apiKey: 'definitely-not-valid-key', baseUrl: service.url, label: 'Typo' })).toEqual(rejected);
    expect(await core.invoke('key:set', { apiKey: 'definitely-not-valid-key', baseUrl: service.url, label: 'Typo' })).toEqual(rejected);
    expect(await keychain.read(profileId)).toBe(service.keys.admin);
    expect(value(await core.invoke('settings:get', undefined))).toEqual(settingsBefore);
    expect(core.overview().accounts.map((account) => account.profileId)).toEqual([profileId]);
    const status = value(await core.invoke('poll:refresh', { profileId }) as Result<ChannelOutput<'poll:refresh'>>);
    expect(status).toMatchObject({ auth: 'ok', poll: 'running', lastError: null, profile: { id: profileId } });
    await core.stop();
  });

  it('stores a valid key with a narrow role and polls with it', async () => {
    const { core } = createTestCore();
    await core.start();
    const { profileId } = value(await core.invoke('key:set', { apiKey: service.keys.billing_admin, baseUrl: service.url }) as Result<ChannelOutput<'key:set'>>);
    expect(core.status(profileId)).toMatchObject({ auth: 'ok', poll: 'running', keyBackend: 'keychain', lastError: null });
    // A billing admin may not list users: discovery falls back to pinned ids, of which there are none yet.
    expect(core.snapshot(profileId)!.discovery.source).toBe('pinned_only');
    expect(core.snapshot(profileId)!.discovery.message).toContain('cannot find zones by itself. Add your zone ids to watch them.');
    await core.stop();
  });

  it('stores a key it could not check while the service fails, says so, and settles it on the first good answer', async () => {
    const { core } = createTestCore();
    await core.start();
    await setFaults(service, { rate: 1, statuses: [500] });
    let profileId: string;
    try {
      profileId = value(await core.invoke('key:set', { apiKey: service.keys.admin, baseUrl: service.url }) as Result<ChannelOutput<'key:set'>>).profileId;
      expect(core.status(profileId)).toMatchObject({ auth: 'unknown', keyBackend: 'keychain' });
      expect(core.status(profileId)!.lastError?.message).toMatch(/^The new API key is saved, but Zonewatch could not check it with the service yet\. The service had a problem/);
    } finally {
      await setFaults(service, {});
    }
    const status = value(await core.invoke('poll:refresh', { profileId }) as Result<ChannelOutput<'poll:refresh'>>);
    expect(status).toMatchObject({ auth: 'ok', lastError: null });
    await core.stop();
  });
});

describe('app core diagnostics', () => {
  it('copies versions, settings, key backend, poll status and recent problems, with the key redacted even from a log line', async () => {
    const { core, recorded } = createTestCore({
      appInfo: { version: '0.0.0-test', platform: 'linux', shell: 'web', versions: { node: process.versions.node } },
      recentLogLines: () => [`2026-11-21T10:00:00.000Z ERROR a careless line with ${service.keys.admin} in it`],
    });
    await core.start();
    value(await core.invoke('key:set', { apiKey: service.keys.admin, baseUrl: service.url }));
    expect(value(await core.invoke('app:info', undefined))).toEqual({ version: '0.0.0-test', platform: 'linux', shell: 'web' });
    value(await core.invoke('app:copyDiagnostics', undefined));
    const text = recorded.clipboard.text;
    expect(text).toContain(`runtime: node ${process.versions.node}`);
    expect(text).toContain(`account 1 of 1: account at ${service.url}`);
    expect(text).toContain('  key stored in: keychain');
    expect(text).toContain('  polling: running, failures 0');
    expect(text).toContain(`"baseUrl": "${service.url}"`);
    expect(text).toContain('ERROR a careless line with [redacted] in it');
    expect(text).not.toContain(service.keys.admin);
    await core.stop();
  });
});

describe('app core in demo mode', () => {
  it('runs the embedded service under the demo profile, opens its documents, and forgets it', async () => {
    const { core, dir, recorded } = createTestCore();
    await core.start();
    const status = (await core.invoke('demo:start', undefined)) as Result<ChannelOutput<'demo:start'>>;
    expect(value(status).profile).toMatchObject({ id: 'demo', demo: true });
    const call = accountCaller(core, () => 'demo');
    expect(Object.keys(core.snapshot('demo')!.zones).length).toBeGreaterThan(0);
    value(await call('billing:sync', { full: false }));
    const page = value(await call('billing:query', {}));
    const url = documentUrl(page.entries[0]!);
    expect(value(await call('billing:openDocument', { url }))).toEqual({ opened: true });
    expect(recorded.opened).toEqual([url]);
    expect((await call('billing:openDocument', { url: 'https://evil.example/x.pdf' })).ok).toBe(false);
    expect(value(await call('accounts:remove', { profileId: 'demo' }))).toEqual({ removed: true });
    expect(core.overview().accounts).toEqual([]);
    expect(fs.readdirSync(dir).filter((name) => name.includes('demo'))).toEqual([]);
    await core.stop();
  });

  it('watches the demo again after a restart once it was added, until it is removed', async () => {
    const first = createTestCore();
    await first.core.start();
    value(await first.core.invoke('demo:start', undefined));
    await first.core.stop();

    const second = createTestCore({}, first.dir);
    await second.core.start();
    expect(second.core.status('demo')!.profile).toMatchObject({ id: 'demo', demo: true });
    value(await second.core.invoke('poll:refresh', { profileId: 'demo' }));
    expect(Object.keys(second.core.snapshot('demo')!.zones).length).toBeGreaterThan(0);
    value(await second.core.invoke('accounts:remove', { profileId: 'demo' }));
    await second.core.stop();

    const third = createTestCore({}, first.dir);
    await third.core.start();
    expect(third.core.overview().accounts).toEqual([]);
    await third.core.stop();
  });

  it('has saved the choice of the demo by the time the window is shown it, so quitting during its first cycle still reopens it', async () => {
    const { core, dir } = createTestCore();
    await core.start();
    // What a quit at that moment would leave on disk: the window shows the demo before its first cycle ends.
    const savedWhenShown: unknown[] = [];
    core.onEvent((event, payload) => {
      if (event !== 'accounts' || savedWhenShown.length > 0 || !(payload as { accounts: { demo: boolean }[] }).accounts.some((account) => account.demo)) return;
      const file = path.join(dir, 'settings.json');
      savedWhenShown.push(fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as { data?: { watchDemo?: boolean } }).data?.watchDemo : 'no settings file');
    });
    value(await core.invoke('demo:start', undefined));
    await core.stop();
    expect(savedWhenShown).toEqual([true]);
  });

  it('does not keep the choice of a demo that could not start', async () => {
    const { core } = createTestCore({ demoService: { start: () => Promise.reject(new Error('no port')) } });
    await core.start();
    expect((await core.invoke('demo:start', undefined)).ok).toBe(false);
    expect(value(await core.invoke('settings:get', undefined)) as { watchDemo: boolean }).toMatchObject({ watchDemo: false });
    await core.stop();
  });

  it('watches the real account and the demo beside it after a restart, the demo last and apart from the totals', async () => {
    const keychain = { ...createMemoryBackend(), kind: 'keychain' as const };
    const first = createTestCore({ secretBackends: { keychain } });
    await first.core.start();
    const { profileId } = value(await first.core.invoke('key:set', { apiKey: service.keys.admin, baseUrl: service.url }) as Result<ChannelOutput<'key:set'>>);
    value(await first.core.invoke('demo:start', undefined));
    await first.core.stop();

    const second = createTestCore({ secretBackends: { keychain } }, first.dir);
    await second.core.start();
    await Promise.all([second.core.invoke('poll:refresh', { profileId }), second.core.invoke('poll:refresh', { profileId: 'demo' })]);
    const overview = second.core.overview();
    expect(overview.accounts.map((account) => [account.profileId, account.demo])).toEqual([
      [profileId, false],
      ['demo', true],
    ]);
    const real = overview.accounts[0]!;
    expect(real.figures.balanceCents).not.toBeNull();
    // The demo's balance is not added to the real one.
    expect(overview.totals).toMatchObject({ balanceCents: real.figures.balanceCents, counted: 1, real: 1 });
    await second.core.stop();
  });
});
