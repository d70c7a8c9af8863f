import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Snapshot } from '../../../shared/snapshot';
import type { RunningService } from '../../../electron/service/start-service';
import { accountCaller, createTestCore, value } from './core-host';
import { startTestService } from './service-harness';

let service: RunningService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(async () => {
  await service.close();
});

describe('the snapshot cache on disk', () => {
  const { core, dir } = createTestCore();
  let file = '';
  let profileId = '';
  const call = accountCaller(core, () => profileId);
  const snapshot = () => core.snapshot(profileId)!;
  const written = () => (JSON.parse(fs.readFileSync(file, 'utf8')) as { data: Snapshot }).data;

  it('is written after the first cycle of a new key', async () => {
    await core.start();
    profileId = value(await call('key:set', { apiKey: service.keys.admin, baseUrl: service.url })).profileId;
    file = path.join(dir, `profile-${profileId}-snapshot.json`);
    expect(snapshot().account.fetchedAt).not.toBeNull();
    expect(written().account.fetchedAt).toBe(snapshot().account.fetchedAt);
    expect(Object.keys(written().zones).length).toBeGreaterThan(0);
  });

  it('is not rewritten by the cycles that follow soon after', async () => {
    const before = fs.readFileSync(file, 'utf8');
    // A later millisecond, so the new cycle's data surely differs from what was written.
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await call('poll:refresh')).ok).toBe(true);
    expect(snapshot().account.fetchedAt).not.toBe(written().account.fetchedAt);
    expect(fs.readFileSync(file, 'utf8')).toBe(before);
  });

  it('holds the latest data once the core stops', async () => {
    const latest = snapshot().account.fetchedAt;
    await core.stop();
    expect(written().account.fetchedAt).toBe(latest);
  });
});
