import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Zone } from '../../../shared/api/zone';
import { applyChangesOf, type CapRule } from '../../../shared/caps';
import type { Notice } from '../../../shared/notices';
import type { RequestRecord } from '../../../electron/core/api/client';
import { createMemoryBackend } from '../../../electron/core/secrets/memory-backend';
import type { SecretBackend } from '../../../electron/core/ports';
import type { RunningService } from '../../../electron/service/start-service';
import { accountCaller, createTestCore, value } from './core-host';
import { type DiskFault, failingDisk, storeOfKind } from './failing-disk';
import { setFaults, startTestService, serviceZones } from './service-harness';

// docs/architecture.md › Write ahead, then act, › Offline and › Notices: with the data folder's
// writes failing (ENOSPC, EIO, the folder's sync), no action that must be written ahead sends a
// request, every refusal says so in words, the app says it once as a notice, an entry already on
// disk survives every later write, and once the disk takes writes again the next action works.

let service: RunningService;
beforeAll(async () => {
  service = await startTestService({ zones: 25 });
});
afterAll(() => service.close());

const FULL = 'Zonewatch could not write to its data folder — the disk is full: nothing was changed.';
const FAILING = 'Zonewatch could not write to its data folder — the disk reported a read or write error (EIO), so it may be failing: nothing was changed.';
const WORDS: Record<DiskFault, string> = { ENOSPC: FULL, EIO: FAILING };
const RULE: CapRule = { kind: 'fixed', type: 'dollars_per_day', threshold: 5, action: 'disable_and_send_notification' };

const enabledIds = (zones: Map<string, Zone>) => [...zones.values()].filter((z) => z.enabled).map((z) => z.zone_id).sort();
const alerts = (zones: Map<string, Zone>) => new Map([...zones].map(([id, z]) => [id, z.alert ? { type: z.alert.type, threshold: z.alert.threshold, action: z.alert.action } : null]));
const writeNotices = (notices: Notice[]) => notices.filter((n) => n.key.startsWith('write-failed:'));
/** Requests that change a zone: what a full disk must never let through. */
const changes = (requests: RequestRecord[]) => requests.filter((r) => /^(PUT|DELETE) /.test(r.operation));

/** A started core over a folder whose writes can be made to fail, with the account of the admin key added and polled once. */
async function onFailingDisk(dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonewatch-full-disk-')), keychain: SecretBackend = { ...createMemoryBackend(), kind: 'keychain' }) {
  const disk = failingDisk(dir);
  const requests: RequestRecord[] = [];
  const { core, recorded } = createTestCore({ secretBackends: { keychain }, storeFactory: disk.factory, http: { onRequest: (record) => requests.push(record) } }, dir);
  await core.start();
  let profileId = core.overview().accounts[0]?.profileId ?? '';
  const call = accountCaller(core, () => profileId);
  if (profileId === '') {
    profileId = value(await call('key:set', { apiKey: service.keys.admin, baseUrl: service.url })).profileId;
    // Every zone known to the app, the two the service lists to no one among them.
    value(await call('zones:pin', { text: service.seeded.undiscoveredZoneIds.join(' ') }));
  }
  value(await call('poll:refresh'));
  /** The caps the preview of `zoneIds` shows, applied as shown (docs/desktop.md › Caps: what Apply sends is what its preview showed). */
  const applyCaps = async (zoneIds: readonly string[]) => call('caps:apply', { changes: applyChangesOf(value(await call('caps:preview', { zoneIds: [...zoneIds], rule: RULE }))) });
  return { core, recorded, disk, dir, keychain, requests, call, applyCaps, profileId: () => profileId };
}

/** An account's file as it is on disk now. */
function onDisk<T>(dir: string, profileId: string, kind: string): T | undefined {
  const file = path.join(dir, `profile-${profileId}-${kind}.json`);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as { data: T }).data : undefined;
}

describe('a data folder that refuses writes', () => {
  for (const code of ['ENOSPC', 'EIO'] as const) {
    it(`refuses Stop all spend and caps Apply before their first request (${code}), says it once as a notice, and stops once the folder takes writes again`, async () => {
      await service.control.reset();
      const { core, disk, requests, call, applyCaps, dir, profileId } = await onFailingDisk();
      const before = await serviceZones(service);
      disk.fail(code);
      requests.length = 0;

      const stop = await call('spend:stop', { retry: false });
      expect(stop.ok).toBe(false);
      expect(!stop.ok && stop.error.message).toBe(WORDS[code]);
      const apply = await applyCaps(service.seeded.zoneIds.slice(0, 20));
      expect(!apply.ok && apply.error.message).toBe(WORDS[code]);
      // Not one request: not even the reads an action makes before it writes ahead.
      expect(requests).toEqual([]);
      expect(await serviceZones(service)).toEqual(before);
      expect(onDisk(dir, profileId(), 'journal')).toBeUndefined();
      const said = writeNotices(core.notices.list());
      expect(said).toHaveLength(1);
      expect(said[0]!.body).toContain(WORDS[code].slice(0, WORDS[code].indexOf(':')));

      disk.heal();
      const stopped = value(await call('spend:stop', { retry: false }));
      const wasOn = enabledIds(before);
      expect(stopped.summary).toMatch(new RegExp(`^Disabled ${wasOn.length} zones\\.`));
      expect(enabledIds(await serviceZones(service))).toEqual([]);
      expect(onDisk<{ disabled: { zoneId: string }[] }>(dir, profileId(), 'spend-stop')?.disabled.map((z) => z.zoneId).sort()).toEqual(wasOn);
      expect(onDisk<{ entries: unknown[] }>(dir, profileId(), 'journal')?.entries).toEqual([]);
      expect(writeNotices(core.notices.list())).toHaveLength(1);
      await core.stop();
    });
  }

  it('counts a folder sync that fails as a failed write: the stop is refused in words and sends nothing', async () => {
    await service.control.reset();
    const { core, disk, requests, call } = await onFailingDisk();
    const before = await serviceZones(service);
    disk.failSync('EIO');
    requests.length = 0;
    const stop = await call('spend:stop', { retry: false });
    expect(!stop.ok && stop.error.message).toBe(FAILING);
    expect(requests).toEqual([]);
    expect(disk.refused).toContain('(folder sync)');
    expect(await serviceZones(service)).toEqual(before);
    disk.heal();
    expect(value(await call('spend:stop', { retry: false })).summary).toMatch(/^Disabled \d+ zones\./);
    await core.stop();
  });

  it('refuses Retry and Restore of a stop, and Retry and Undo of caps, before their first request', async () => {
    await service.control.reset();
    const { core, disk, requests, call, applyCaps } = await onFailingDisk();
    const failing = enabledIds(await serviceZones(service))[0]!;
    await setFaults(service, { failZoneIds: [failing] });
    expect(value(await call('spend:stop', { retry: false })).outcomes.find((o) => o.zoneId === failing)?.result).toBe('failed');
    const capped = value(await applyCaps(service.seeded.zoneIds));
    expect(capped.record?.failed.map((z) => z.zoneId)).toEqual([failing]);
    await setFaults(service, {});
    const before = await serviceZones(service);

    disk.fail('ENOSPC');
    requests.length = 0;
    for (const [channel, input] of [['spend:stop', { retry: true }], ['spend:restore', undefined], ['caps:retry', undefined], ['caps:undo', undefined]] as const) {
      const result = await call(channel, input);
      expect(!result.ok && result.error.message, channel).toBe(FULL);
    }
    expect(requests).toEqual([]);
    expect(await serviceZones(service)).toEqual(before);
    expect(writeNotices(core.notices.list())).toHaveLength(1);

    disk.heal();
    expect(value(await call('caps:undo')).outcomes.filter((o) => o.result === 'restored').length).toBeGreaterThan(0);
    expect(value(await call('spend:restore')).outcomes.filter((o) => o.result === 'enabled').length).toBeGreaterThan(0);
    await core.stop();
  });
});

describe('an entry already on disk, and a run whose record cannot be written', () => {
  it('says the stop is not saved, keeps its entry through a later rewrite of the journal, and Restore still turns every zone back on, also after a restart', async () => {
    await service.control.reset();
    const first = await onFailingDisk();
    const { disk, call, applyCaps, dir, profileId } = first;
    const before = await serviceZones(service);
    const wasOn = enabledIds(before);
    // The stop's entry lands (the check that the journal can be written, then the entry); every
    // later write of the journal and of the stop's record fails.
    let journalWrites = 0;
    disk.fail('ENOSPC', (name) => (storeOfKind('journal')(name) ? ++journalWrites > 2 : storeOfKind('spend-stop')(name)));
    const stop = value(await call('spend:stop', { retry: false }));
    expect(enabledIds(await serviceZones(service))).toEqual([]);
    // Never reported done: the zones are off, and the report says their record is not saved.
    expect(stop.summary).toMatch(new RegExp(`^Disabled ${wasOn.length} zones\\.`));
    expect(stop.summary).toContain('Zonewatch could not write to its data folder — the disk is full: this result is not saved in its record.');
    expect(stop.record?.disabled.map((z) => z.zoneId).sort()).toEqual(wasOn);
    expect(onDisk(dir, profileId(), 'spend-stop') ?? null).toBeNull();
    const entry = onDisk<{ entries: { operation: string; zones: { zoneId: string }[] }[] }>(dir, profileId(), 'journal')!.entries;
    expect(entry.map((e) => e.operation)).toEqual(['stop']);
    // Restore is offered from the entry on disk, but refused while the folder refuses writes.
    expect(value(await call('spend:get')).record?.disabled.map((z) => z.zoneId).sort()).toEqual(wasOn);
    disk.fail('ENOSPC');
    expect(await call('spend:restore')).toMatchObject({ ok: false, error: { message: FULL } });

    // Space returns: a 2-zone caps Apply rewrites the journal; the stop's entry is still there.
    disk.heal();
    const two = service.seeded.zoneIds.filter((id) => before.get(id)!.alert === null).slice(0, 2);
    expect(value(await applyCaps(two)).outcomes.map((o) => o.result)).toEqual(['set', 'set']);
    const journal = onDisk<{ entries: { operation: string }[] }>(dir, profileId(), 'journal')!;
    const record = onDisk<{ disabled: { zoneId: string }[] } | null>(dir, profileId(), 'spend-stop');
    // Either the entry is still there, or the Apply's recovery folded it into the record on disk first.
    expect(journal.entries.some((e) => e.operation === 'stop') || record?.disabled.map((z) => z.zoneId).sort().join() === wasOn.join()).toBe(true);
    await first.core.stop();

    // After a restart, Restore still turns every zone the stop turned off back on.
    const second = await onFailingDisk(dir, first.keychain);
    await vi.waitFor(async () => expect(value(await second.call('spend:get')).record?.disabled.map((z) => z.zoneId).sort()).toEqual(wasOn), { timeout: 5_000 });
    const restore = value(await second.call('spend:restore'));
    expect(restore.outcomes.filter((o) => o.result === 'enabled').map((o) => o.zoneId).sort()).toEqual(wasOn);
    expect(enabledIds(await serviceZones(service))).toEqual(wasOn);
    await second.core.stop();
  });

  it('keeps an entry whose removal failed, and Restore works in the same session once space returns', async () => {
    await service.control.reset();
    const { core, disk, call, applyCaps, dir, profileId } = await onFailingDisk();
    const before = await serviceZones(service);
    const wasOn = enabledIds(before);
    // Only the journal fails, after the stop's entry landed: its results and its removal.
    let journalWrites = 0;
    disk.fail('EIO', (name) => storeOfKind('journal')(name) && ++journalWrites > 2);
    const stop = value(await call('spend:stop', { retry: false }));
    expect(stop.summary).toBe(`Disabled ${wasOn.length} zones.`);
    expect(onDisk<{ disabled: unknown[] }>(dir, profileId(), 'spend-stop')?.disabled).toHaveLength(wasOn.length);
    disk.heal();
    const two = service.seeded.zoneIds.filter((id) => before.get(id)!.alert === null).slice(0, 2);
    value(await applyCaps(two));
    // The stop's record is on disk, so its entry went with that rewrite; Restore reads the record.
    expect(onDisk<{ entries: { operation: string }[] }>(dir, profileId(), 'journal')!.entries).toEqual([]);
    expect(value(await call('spend:restore')).outcomes.filter((o) => o.result === 'enabled').map((o) => o.zoneId).sort()).toEqual(wasOn);
    expect(enabledIds(await serviceZones(service))).toEqual(wasOn);
    await core.stop();
  });

  it('says a caps Apply whose record cannot be written is not saved, and Undo still puts back every cap', async () => {
    await service.control.reset();
    const { core, disk, call, applyCaps } = await onFailingDisk();
    const before = await serviceZones(service);
    disk.fail('ENOSPC', storeOfKind('caps'));
    const applied = value(await applyCaps(service.seeded.zoneIds));
    expect(applied.summary).toContain('this result is not saved in its record. Its journal entry on disk keeps the zones it changed: Undo and Retry still count them');
    expect(applied.record?.changed.length).toBeGreaterThan(0);
    disk.heal();
    value(await call('caps:undo'));
    expect(alerts(await serviceZones(service))).toEqual(alerts(before));
    await core.stop();
  });
});

describe('the account cap’s own stop on a full disk', () => {
  it('sends nothing, says once that it could not stop spend, and stops at the first update after space returns', async () => {
    await service.control.reset();
    const { core, recorded, disk, requests, call, profileId } = await onFailingDisk();
    const spent = core.overview().accounts.find((a) => a.profileId === profileId())!.figures.spendTodayCents!;
    value(await call('caps:setAccountCap', { rule: { dailyCents: spent - 1_000, monthlyCents: null, restoreNextPeriod: false } }));
    const wasOn = enabledIds(await serviceZones(service));
    disk.fail('ENOSPC');
    requests.length = 0;
    value(await call('poll:refresh'));
    value(await call('poll:refresh'));
    const titled = (pattern: RegExp) => (recorded.notifications as { title: string; body: string }[]).filter((n) => pattern.test(n.title) || pattern.test(n.body));
    await vi.waitFor(() => expect(titled(/Account cap: could not stop spend/)).toHaveLength(1));
    expect(titled(/Account cap: could not stop spend/)[0]!.body).toContain(FULL);
    expect(changes(requests)).toEqual([]);
    expect(enabledIds(await serviceZones(service))).toEqual(wasOn);

    disk.heal();
    value(await call('poll:refresh'));
    await vi.waitFor(async () => expect(enabledIds(await serviceZones(service)).filter((id) => wasOn.includes(id))).toEqual([]), { timeout: 5_000 });
    await vi.waitFor(() => expect(titled(/Account cap reached/)).toHaveLength(1));
    expect(titled(/Account cap: could not stop spend/)).toHaveLength(1);
    await core.stop();
  });
});

describe('settings on a full disk', () => {
  it('says the change was not saved and keeps showing what is saved, also after a restart; saves once space returns', async () => {
    await service.control.reset();
    const { core, disk, call, dir, keychain } = await onFailingDisk();
    const saved = value(await call('settings:get'));
    const theme = saved.theme === 'dark' ? 'light' : 'dark';
    disk.fail('ENOSPC', (name) => name === 'settings');
    const result = await call('settings:update', { theme });
    expect(!result.ok && result.error.message).toBe('Zonewatch could not write to its data folder — the disk is full: your change to the settings was not saved.');
    expect(value(await call('settings:get')).theme).toBe(saved.theme);
    await core.stop();
    const again = await onFailingDisk(dir, keychain);
    expect(value(await again.call('settings:get')).theme).toBe(saved.theme);
    expect(value(await again.call('settings:update', { theme })).theme).toBe(theme);
    await again.core.stop();
  });

  it('keeps an account whose removal could not be saved: still watched with its key, and still there with its key after a restart', async () => {
    await service.control.reset();
    const { core, disk, call, dir, keychain, profileId } = await onFailingDisk();
    disk.fail('ENOSPC', (name) => name === 'settings');
    const result = await call('accounts:remove', { profileId: profileId() });
    expect(!result.ok && result.error.message).toMatch(/the disk is full/);
    expect(core.overview().accounts.map((a) => a.profileId)).toContain(profileId());
    expect(await keychain.read(profileId())).toBe(service.keys.admin);
    await core.stop();
    const again = await onFailingDisk(dir, keychain);
    expect(again.profileId()).toBe(profileId());
    expect(await keychain.read(profileId())).toBe(service.keys.admin);
    await again.core.stop();
  });
});
