// The app as a person runs it over weeks: the real core (as app-core creates it) on a data folder
// that outlives it, the local service on the one simulated clock, a keychain that keeps the key
// across restarts. Readings are taken by "Refresh now" at the moments a test chooses (polling is
// paused), so the days a reading falls on are the test's to decide.
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
import { accountCaller, inertPorts, value } from '../core/core-host';

export type HistoryApp = {
  service: RunningService;
  clock: SimulatedClock;
  dir: string;
  /** The core running now; null while Zonewatch is stopped. */
  core(): AppCore;
  profileId(): string;
  call: ReturnType<typeof accountCaller>;
  notifications: NotificationRecord[];
  /** What the OS was asked to show (the digests among them), in order. */
  shown: { title: string; body: string }[];
  saved: { name: string; content: string }[];
  logLines: string[];
  /** Starts Zonewatch on the data folder (the first time: enters the admin's key). */
  start(): Promise<void>;
  /** Quits Zonewatch: its caches are written, the service runs on. */
  stop(): Promise<void>;
  /** Moves the service's (and the core's) clock on. */
  advance(seconds: number): void;
  /** One reading: "Refresh now", waited for. */
  read(): Promise<void>;
  close(): Promise<void>;
};

export async function startHistoryApp(serviceOptions: StartServiceOptions): Promise<HistoryApp> {
  const service = await startService({ control: true, autoTick: false, ...serviceOptions });
  const clock = simulatedClock(service.control);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonewatch-history-'));
  const keychain = { ...createMemoryBackend(), kind: 'keychain' as const };
  const notifications: NotificationRecord[] = [];
  const shown: { title: string; body: string }[] = [];
  const saved: { name: string; content: string }[] = [];
  const logLines: string[] = [];
  const log = (level: string) => (message: string, data?: Record<string, unknown>) => void logLines.push(`${level} ${message} ${JSON.stringify(data ?? {})}`);
  let core: AppCore | null = null;
  let profileId = '';
  const call = accountCaller(
    {
      invoke: (channel, input) => {
        if (!core) throw new Error('Zonewatch is not running');
        return core.invoke(channel, input);
      },
    } as AppCore,
    () => profileId,
  );

  return {
    service,
    clock,
    dir,
    core: () => core!,
    profileId: () => profileId,
    call,
    notifications,
    shown,
    saved,
    logLines,
    async start() {
      core = createAppCore({
        ...inertPorts(),
        notifier: { show: ({ title, body }) => void shown.push({ title, body }) },
        secretBackends: { keychain },
        storeFactory: confStoreFactory(dir),
        saveDialog: { saveText: async (name, content) => (saved.push({ name, content }), { fileName: name }) },
        logger: { info: () => undefined, warn: log('warn'), error: log('error') },
        clock,
        random: mulberry32(11),
        appInfo: { version: '0.0.0-test', platform: 'linux', shell: 'web' },
        http: { timeoutMs: 5_000, retry: { retries: 0, baseDelayMs: 5, maxDelayMs: 10 } },
      });
      core.onEvent((event, payload) => {
        if (event === 'account') notifications.push(...(payload as EventPayload<'account'>).notifications);
      });
      await core.start();
      if (profileId === '') profileId = value(await call('key:set', { apiKey: service.keys.admin, baseUrl: service.url })).profileId;
      value(await call('poll:setPaused', { paused: true }));
    },
    async stop() {
      await core?.stop();
      core = null;
    },
    advance: (seconds) => clock.advance(seconds),
    async read() {
      value(await call('poll:refresh'));
    },
    async close() {
      await core?.stop();
      await service.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
