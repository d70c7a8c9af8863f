import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Channel, ChannelInput } from '../../../shared/ipc';
import type { BillingSyncProgress } from '../../../shared/views';
import type { RunningService } from '../../../electron/service/start-service';
import { accountCaller, createTestCore, value } from './core-host';
import { startTestService } from './service-harness';

let service: RunningService;
beforeAll(async () => {
  // 20 years of history: 8 pages of billing entries.
  service = await startTestService({ history: 240 });
});
afterAll(async () => {
  await service.close();
});

describe('stopping the core during a full billing sync', () => {
  it('cancels the sync at once: stop does not wait out the pages, and no page is requested after', async () => {
    const requested: string[] = [];
    let stopping = false;
    const pagesAfterStop: string[] = [];
    const { core } = createTestCore({
      // Pages a minute apart on a clock that never moves: without cancelling, stop would never return.
      tuning: { billingPageDelayMs: 60_000 },
      http: {
        fetch: (async (input: string, init?: RequestInit) => {
          if (String(input).includes('billinghistory')) (stopping ? pagesAfterStop : requested).push(String(input));
          return fetch(input, init);
        }) as typeof fetch,
      },
    });
    await core.start();
    let profileId = '';
    const call = accountCaller(core, () => profileId);
    profileId = value(await call('key:set', { apiKey: service.keys.admin, baseUrl: service.url })).profileId;
    let progress: BillingSyncProgress | null = null;
    core.onEvent((event, payload) => {
      if (event === 'billingSync') {
        const sync = payload as BillingSyncProgress & { profileId: string };
        if (sync.profileId === profileId) progress = sync;
      }
    });
    const sync = call('billing:sync', { full: true });
    await expect.poll(() => progress?.page ?? 0).toBeGreaterThanOrEqual(1);
    stopping = true;
    await core.stop();
    const result = await sync;
    expect(result.ok && result.value).toMatchObject({ done: true, error: expect.stringMatching(/cancel/i) });
    // The poller fetches the first page too; the full sync got no further than its first pages.
    expect(requested.length).toBeLessThan(8);
    expect(pagesAfterStop).toEqual([]);
  });
});

describe('quitting within 30 s of "Copy proxy credentials"', () => {
  it('clears the credentials from the clipboard on stop, and leaves what the user copied since', async () => {
    const { core, recorded } = createTestCore();
    await core.start();
    let profileId = '';
    const call = accountCaller(core, () => profileId);
    profileId = value(await call('key:set', { apiKey: service.keys.admin, baseUrl: service.url })).profileId;
    const zoneId = service.seeded.perGigabyteDatacenterZoneId;
    value(await call('zones:copyCredentials', { zoneId }));
    expect(recorded.clipboard.text).toContain(service.keys.admin);
    await core.stop();
    expect(recorded.clipboard.text).toBe('');

    await core.start();
    value(await call('zones:copyCredentials', { zoneId }));
    recorded.clipboard.text = 'something the user copied';
    await core.stop();
    expect(recorded.clipboard.text).toBe('something the user copied');
  });
});

describe('settings: the global shortcut', () => {
  const call = <C extends Channel>(core: ReturnType<typeof createTestCore>['core'], channel: C, input: ChannelInput<C>) => core.invoke(channel, input);

  it('is refused, with the reason, when main cannot bind it, and the one in use is kept', async () => {
    const asked: string[] = [];
    const { core } = createTestCore({
      globalShortcuts: {
        problem: (accelerator) => (asked.push(accelerator), accelerator === 'Alt+F4' ? 'another application already uses it' : null),
      },
    });
    await core.start();
    expect((await call(core, 'settings:update', { globalShortcut: 'Alt+F9' })).ok).toBe(true);
    const refused = await call(core, 'settings:update', { globalShortcut: 'Alt+F4' });
    expect(refused).toEqual({ ok: false, error: expect.objectContaining({ kind: 'invalid_argument', message: 'Zonewatch cannot use Alt+F4 as its shortcut: another application already uses it.' }) });
    expect((await core.handlers['settings:get']()).globalShortcut).toBe('Alt+F9');
    expect((await call(core, 'settings:update', { globalShortcut: null })).ok).toBe(true);
    expect(asked).toEqual(['Alt+F9', 'Alt+F4']);
    await core.stop();
  });
});
