// Three accounts left in the tray for three simulated hours, the window never opened: the real core
// and three local services on one simulated clock, polling on the pollers' own timers. One account
// is fine throughout, one's service fails for an hour, one's key is revoked: each lives on its own.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppCore, type AppCore } from '../../../electron/core/app-core';
import { createMemoryBackend } from '../../../electron/core/secrets/memory-backend';
import { confStoreFactory } from '../../../electron/core/storage/persistence';
import { mulberry32 } from '../../../electron/service/prng';
import { type RunningService, startService } from '../../../electron/service/start-service';
import { simulatedClock } from '../../../electron/web/simulated-clock';
import type { EventPayload } from '../../../shared/ipc';
import { inertPorts, value } from '../core/core-host';

const START = '2026-11-21T08:00:00Z';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('three accounts in the tray for three simulated hours', () => {
  let services: { fine: RunningService; flaky: RunningService; revoked: RunningService };
  let core: AppCore;
  let dir: string;
  let clock: ReturnType<typeof simulatedClock>;
  const ids = { fine: '', flaky: '', revoked: '' };
  const shown: { title: string; profileId: string | undefined }[] = [];
  /** Simulated times at which each account's cycles began, from the one update each cycle sends. */
  const cycles = new Map<string, number[]>();
  const successes = new Map<string, number[]>();

  const settle = async () => {
    await sleep(0);
    for (let i = 0; core.overview().accounts.some((account) => core.status(account.profileId)?.refreshing); i++) {
      if (i > 5_000) throw new Error('a poll cycle did not end');
      await sleep(1);
    }
  };
  const advance = async (seconds: number, step = 10) => {
    for (let done = 0; done < seconds; done += step) {
      clock.advance(Math.min(step, seconds - done));
      await settle();
    }
  };
  const gaps = (times: readonly number[]) => times.slice(1).map((t, i) => (t - times[i]!) / 1000);

  beforeAll(async () => {
    const [fine, flaky, revoked] = await Promise.all([0, 1, 2].map(() => startService({ control: true, autoTick: false, now: START })));
    services = { fine: fine!, flaky: flaky!, revoked: revoked! };
    const all = Object.values(services);
    // One clock for the three: it reads the first service's time and moves all three together.
    clock = simulatedClock({ now: () => fine!.control.now(), advance: (seconds) => all.forEach((service) => service.control.advance(seconds)) });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonewatch-accounts-life-'));
    core = createAppCore({
      secretBackends: { keychain: { ...createMemoryBackend(), kind: 'keychain' } },
      storeFactory: confStoreFactory(dir),
      ...inertPorts(),
      notifier: { show: (n) => void shown.push({ title: n.title, profileId: n.target.profileId }) },
      clock,
      random: mulberry32(11),
      appInfo: { version: '0.0.0-test', platform: 'linux', shell: 'web' },
      http: { timeoutMs: 5_000, retry: { retries: 0, baseDelayMs: 5, maxDelayMs: 10 } },
    });
    const note = (times: Map<string, number[]>, profileId: string, at: string | null) => {
      const seen = times.get(profileId) ?? [];
      if (at !== null && !seen.includes(Date.parse(at))) times.set(profileId, [...seen, Date.parse(at)]);
    };
    core.onEvent((event, payload) => {
      if (event !== 'account') return;
      const { profileId, status } = payload as EventPayload<'account'>;
      note(cycles, profileId, status.lastAttemptAt);
      if (status.consecutiveFailures === 0 && status.lastError === null) note(successes, profileId, status.lastSuccessAt);
    });
    await core.start();
    for (const [name, service] of Object.entries(services) as [keyof typeof ids, RunningService][]) {
      const added = value(await core.invoke('key:set', { apiKey: service.keys.admin, baseUrl: service.url, label: `Client ${name}` }));
      ids[name] = (added as { profileId: string }).profileId;
    }
    await settle();

    // Hour 1: all fine. Hour 2: the flaky service answers 503 to everything; C's key is revoked at its start.
    await advance(3_600);
    services.flaky.control.setFaults({ rate: 1, statuses: [503] });
    services.revoked.control.setKeyRevoked(services.revoked.keys.admin, true);
    await advance(3_600);
    services.flaky.control.setFaults({});
    await advance(3_600);
  }, 240_000);
  afterAll(async () => {
    await core.stop();
    await Promise.all(Object.values(services).map((service) => service.close()));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('polls the fine account on its own schedule throughout, never waiting on the others', () => {
    const times = successes.get(ids.fine)!;
    // 60 s ± 10 % jitter, on a clock moved in 10 s steps: about 180 cycles in three hours.
    expect(times.length).toBeGreaterThanOrEqual(160);
    expect(Math.max(...gaps(times))).toBeLessThanOrEqual(80);
    expect(core.status(ids.fine)).toMatchObject({ auth: 'ok', consecutiveFailures: 0, lastError: null });
  });

  it('backs the failing account off alone, and brings it back when its service does', () => {
    const hour2 = Date.parse(START) + 3_600_000;
    const during = (cycles.get(ids.flaky) ?? []).filter((t) => t > hour2 + 60_000 && t < hour2 + 3_600_000);
    // Backing off from 5 s doubling to 10 min: far fewer tries than one a minute.
    expect(during.length).toBeLessThan(20);
    const after = (successes.get(ids.flaky) ?? []).filter((t) => t > hour2 + 3_600_000);
    expect(after.length).toBeGreaterThan(40);
    expect(core.status(ids.flaky)).toMatchObject({ consecutiveFailures: 0, lastError: null });
  });

  it('stops the account whose key was revoked, alone, and says so once, naming it', () => {
    const hour2 = Date.parse(START) + 3_600_000;
    expect(core.status(ids.revoked)).toMatchObject({ poll: 'stopped_unauthorized', nextPollAt: null });
    const afterStop = (cycles.get(ids.revoked) ?? []).filter((t) => t > hour2 + 120_000);
    expect(afterStop).toEqual([]);
    const rejected = shown.filter((n) => n.title.endsWith('The API key was rejected'));
    expect(rejected).toEqual([{ title: 'Client revoked · The API key was rejected', profileId: ids.revoked }]);
  });

  it('names the account in every notification it showed, and points each at it', () => {
    expect(shown.length).toBeGreaterThan(0);
    const byId = new Map(Object.entries(ids).map(([name, id]) => [id, `Client ${name} · `]));
    for (const n of shown) expect(n.title.startsWith(byId.get(n.profileId!) ?? '?')).toBe(true);
  });

  it('totals the figures of the accounts that have them, and counts those that need a look', () => {
    const overview = core.overview();
    expect(overview.totals.real).toBe(3);
    expect(overview.totals.needAttention).toBeGreaterThanOrEqual(1);
    expect(overview.accounts.find((account) => account.profileId === ids.revoked)?.state).toBe('rejected');
  });

  it('after a restart, starts the first cycles of the three accounts 20 s apart, not in the same second', async () => {
    await core.stop();
    const keychain = { ...createMemoryBackend(), kind: 'keychain' as const };
    for (const [name, id] of Object.entries(ids)) await keychain.write(id, services[name as keyof typeof ids].keys.admin);
    const firsts = new Map<string, number>();
    core = createAppCore({
      secretBackends: { keychain },
      storeFactory: confStoreFactory(dir),
      ...inertPorts(),
      clock,
      random: mulberry32(12),
      appInfo: { version: '0.0.0-test', platform: 'linux', shell: 'web' },
      http: { timeoutMs: 5_000 },
    });
    core.onEvent((event, payload) => {
      if (event !== 'account') return;
      const { profileId, status } = payload as EventPayload<'account'>;
      if (status.lastAttemptAt !== null && !firsts.has(profileId)) firsts.set(profileId, Date.parse(status.lastAttemptAt));
    });
    const startedAt = clock.now();
    await core.start();
    await advance(60, 1);
    // In the order added, spread over the 60 s interval.
    expect([ids.fine, ids.flaky, ids.revoked].map((id) => (firsts.get(id) ?? NaN) - startedAt)).toEqual([0, 20_000, 40_000]);
  });
});
