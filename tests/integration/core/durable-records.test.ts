import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChannelOutput, Result } from '../../../shared/ipc';
import type { RunningService } from '../../../electron/service/start-service';
import { accountCaller, createTestCore, value } from './core-host';
import { startTestService } from './service-harness';

// docs/architecture.md › Offline: the records money depends on, and the settings with the accounts,
// are durable before the app reports them done — the folder is synced once the file holds them.

let service: RunningService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(async () => {
  await service.close();
});

/** The files of `dir` that held something new each time the folder was synced while `act` ran. */
async function folderSyncsDuring(dir: string, act: () => Promise<unknown>): Promise<string[][]> {
  const real = fs.fsyncSync.bind(fs);
  const contents = () => new Map(fs.readdirSync(dir).filter((name) => name.endsWith('.json')).map((name) => [name, fs.readFileSync(path.join(dir, name), 'utf8')]));
  let last = contents();
  const syncs: string[][] = [];
  const spy = vi.spyOn(fs, 'fsyncSync').mockImplementation((fd) => {
    if (fs.fstatSync(fd).isDirectory()) {
      const now = contents();
      syncs.push([...now].filter(([name, text]) => last.get(name) !== text).map(([name]) => name));
      last = now;
    }
    real(fd);
  });
  try {
    await act();
  } finally {
    spy.mockRestore();
  }
  return syncs;
}

describe('durable records', () => {
  it('syncs the folder after writing the settings and the account cap, not after a cache', async () => {
    const { core, dir } = createTestCore();
    await core.start();
    let profileId = '';
    const call = accountCaller(core, () => profileId);
    const syncs = await folderSyncsDuring(dir, async () => {
      profileId = value((await call('key:set', { apiKey: service.keys.admin, baseUrl: service.url })) as Result<ChannelOutput<'key:set'>>).profileId;
    });
    // The new account is in the settings, durably, and so is what its first poll saw turned off
    // (docs/architecture.md › Daily anomalies); the caches it wrote are not synced for themselves
    // (a later record's sync covers them too).
    expect(syncs.flat()).toContain('settings.json');
    expect(syncs.flat()).toContain(`profile-${profileId}-off-days.json`);
    expect(syncs.filter((names) => names.length > 0 && names.every((name) => name.endsWith('-snapshot.json')))).toEqual([]);
    expect(fs.existsSync(path.join(dir, `profile-${profileId}-snapshot.json`))).toBe(true);

    const capSyncs = await folderSyncsDuring(dir, () => call('caps:setAccountCap', { rule: { dailyCents: 50_000, monthlyCents: null, restoreNextPeriod: false } }).then(value));
    expect(capSyncs).toContainEqual([`profile-${profileId}-account-cap.json`]);
    await core.stop();
  });
});
