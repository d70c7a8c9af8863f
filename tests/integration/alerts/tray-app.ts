// The app as it lives in the tray: the real core (as app-core creates it) and the local service
// on one simulated clock, the window never opened, polling on the poller's own timer. Time moves
// only when a scenario moves it; every notification the core shows is recorded.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createAppCore, type AppCore } from '../../../electron/core/app-core';
import { createMemoryBackend } from '../../../electron/core/secrets/memory-backend';
import { confStoreFactory } from '../../../electron/core/storage/persistence';
import { mulberry32 } from '../../../electron/service/prng';
import { type RunningService, startService, type StartServiceOptions } from '../../../electron/service/start-service';
import { simulatedClock, type SimulatedClock } from '../../../electron/web/simulated-clock';
import type { EventPayload } from '../../../shared/ipc';
import type { NotificationRecord } from '../../../shared/notification';
import type { Settings } from '../../../shared/settings';
import { DEMO_PROFILE_ID } from '../../../shared/settings';
import { accountCaller, inertPorts, value } from '../core/core-host';

export interface TrayApp {
  service: RunningService;
  core: AppCore;
  /** The one account watched: the admin's key, or the demo. */
  profileId: string;
  /** Calls a channel as the window would, naming the account. */
  call: ReturnType<typeof accountCaller>;
  clock: SimulatedClock;
  /** Every notification recorded, shown or not, oldest first. */
  notifications: NotificationRecord[];
  /** Titles of the notifications shown on screen. */
  shown: string[];
  requests: string[];
  /** Moves simulated time on in steps, letting every cycle that falls due run to its end. */
  advance(seconds: number, stepSeconds?: number): Promise<void>;
  /** The zones' ids as the service seeded them. */
  zoneIds: string[];
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface TrayAppOptions {
  service?: StartServiceOptions;
  /** Start as the demo account (the first-run "Try the demo") instead of entering the admin's key. */
  demo?: boolean;
  /** Stored settings the app starts with (an existing install). */
  settings?: unknown;
  /** The data folder of an earlier run (a restart). */
  dataDir?: string;
}

export async function startTrayApp(options: TrayAppOptions = {}): Promise<TrayApp> {
  const service = await startService({ control: true, autoTick: false, ...options.service });
  const clock = simulatedClock(service.control);
  const dir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'zonewatch-tray-'));
  if (options.settings !== undefined) fs.writeFileSync(path.join(dir, 'settings.json'), JSON.stringify({ data: options.settings }));
  const notifications: NotificationRecord[] = [];
  const shown: string[] = [];
  const requests: string[] = [];
  const core = createAppCore({
    secretBackends: { keychain: { ...createMemoryBackend(), kind: 'keychain' } },
    storeFactory: confStoreFactory(dir),
    ...inertPorts(),
    notifier: { show: (n) => void shown.push(n.title) },
    clock,
    random: mulberry32(7),
    demoService: { start: async () => ({ url: service.url, apiKey: service.keys.admin, close: async () => undefined }) },
    appInfo: { version: '0.0.0-test', platform: 'linux', shell: 'web' },
    http: { timeoutMs: 5_000, retry: { retries: 0, baseDelayMs: 5, maxDelayMs: 10 }, onRequest: (record) => void requests.push(record.operation) },
  });
  core.onEvent((event, payload) => {
    if (event === 'account') notifications.push(...(payload as EventPayload<'account'>).notifications);
  });

  const settle = async () => {
    // A timer due at once runs on the next turn; a cycle then talks HTTP to the service.
    await sleep(0);
    for (let i = 0; core.overview().accounts.some((account) => core.status(account.profileId)?.refreshing); i++) {
      if (i > 5_000) throw new Error('a poll cycle did not end');
      await sleep(1);
    }
  };

  await core.start();
  let profileId: string = DEMO_PROFILE_ID;
  const call = accountCaller(core, () => profileId);
  if (options.demo) value(await call('demo:start'));
  else profileId = value(await call('key:set', { apiKey: service.keys.admin, baseUrl: service.url })).profileId;
  await settle();

  return {
    service,
    core,
    profileId,
    call,
    clock,
    notifications,
    shown,
    requests,
    zoneIds: [...service.seeded.zoneIds],
    async advance(seconds, stepSeconds = 30) {
      for (let done = 0; done < seconds; done += stepSeconds) {
        clock.advance(Math.min(stepSeconds, seconds - done));
        await settle();
      }
    },
    async close() {
      await core.stop();
      await service.close();
      if (options.dataDir === undefined) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type { Settings };
