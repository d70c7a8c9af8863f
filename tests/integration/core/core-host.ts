import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ACCOUNT_CHANNELS, type Channel, type ChannelInput, type ChannelOutput, type Result } from '../../../shared/ipc';
import { createAppCore, type AppCore, type AppCoreDeps } from '../../../electron/core/app-core';
import { createMemoryBackend } from '../../../electron/core/secrets/memory-backend';
import { confStoreFactory } from '../../../electron/core/storage/persistence';
import type { Clock, SecretBackend } from '../../../electron/core/ports';
import { startService } from '../../../electron/service/start-service';

type DesktopPorts = Pick<AppCoreDeps, 'notifier' | 'clipboard' | 'shell' | 'saveDialog' | 'power' | 'loginItem' | 'logger'>;

const noop = () => undefined;

/**
 * The desktop ports of createAppCore doing nothing (an active, plugged-in machine, a silent log),
 * for harnesses that drive the core alone. Spread first, then override the ones a harness records.
 */
export function inertPorts(): DesktopPorts {
  return {
    notifier: { show: noop },
    clipboard: { writeText: async () => undefined, readText: async () => '' },
    shell: { openExternal: async () => undefined, openPath: async () => undefined },
    saveDialog: { saveText: async () => null },
    power: { idleState: () => 'active', onBattery: () => false },
    loginItem: { set: async () => undefined },
    logger: { info: noop, warn: noop, error: noop },
  };
}

/**
 * A clock on real time that holds back long timers (polls, the clipboard) until a test fires them.
 * With `startMs` it reads that moment now and runs on from there, for a test on a date of its own.
 */
export function heldClock(startMs?: number) {
  const held: { fn: () => void; ms: number; handle: object }[] = [];
  const offset = startMs === undefined ? 0 : startMs - Date.now();
  const clock: Clock = {
    now: () => Date.now() + offset,
    setTimeout: (fn, ms) => {
      if (ms < 1_000) return setTimeout(fn, ms);
      const handle = {};
      held.push({ fn, ms, handle });
      return handle;
    },
    clearTimeout: (handle) => {
      const index = held.findIndex((h) => h.handle === handle);
      if (index >= 0) held.splice(index, 1);
      else clearTimeout(handle as ReturnType<typeof setTimeout>);
    },
  };
  return {
    clock,
    /** Runs and forgets every held timer of exactly `ms`. */
    fire(ms: number) {
      const due = held.filter((h) => h.ms === ms);
      for (const h of due) held.splice(held.indexOf(h), 1);
      for (const h of due) h.fn();
      return due.length;
    },
  };
}

/** Everything the ports saw, unredacted, so a test can search it for secrets. */
export type Recorded = {
  logLines: string[];
  clipboard: { text: string };
  opened: string[];
  saved: { name: string; content: string }[];
  notifications: unknown[];
  events: unknown[];
};

/** A core over a fresh data folder, or over `reuseDir` to play a restart of the app. */
export function createTestCore(
  overrides: Partial<AppCoreDeps> = {},
  reuseDir?: string,
): { core: AppCore; dir: string; recorded: Recorded; fire: (ms: number) => number } {
  const dir = reuseDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'zonewatch-core-'));
  const recorded: Recorded = { logLines: [], clipboard: { text: '' }, opened: [], saved: [], notifications: [], events: [] };
  const { clock, fire } = heldClock();
  const keychain: SecretBackend = { ...createMemoryBackend(), kind: 'keychain' };
  // A logger that does NOT redact: the core itself must never hand it a key.
  const line = (level: string) => (message: string, data?: Record<string, unknown>) =>
    recorded.logLines.push(`${level} ${message} ${JSON.stringify(data ?? {}, (_k, v: unknown) => (v instanceof Error ? { message: v.message, stack: v.stack } : v))}`);
  const core = createAppCore({
    secretBackends: { keychain },
    storeFactory: confStoreFactory(dir),
    notifier: { show: (n) => recorded.notifications.push(n) },
    clipboard: { writeText: async (text) => void (recorded.clipboard.text = text), readText: async () => recorded.clipboard.text },
    shell: { openExternal: async (url) => void recorded.opened.push(url), openPath: async (p) => void recorded.opened.push(p) },
    saveDialog: { saveText: async (name, content) => (recorded.saved.push({ name, content }), { fileName: name }) },
    power: { idleState: () => 'active', onBattery: () => false },
    loginItem: { set: async () => undefined },
    clock,
    logger: { info: line('info'), warn: line('warn'), error: line('error') },
    demoService: {
      start: async () => {
        const service = await startService({ zones: 12 });
        return { url: service.url, apiKey: service.keys.admin, close: () => service.close() };
      },
    },
    appInfo: { version: '0.0.0-test', platform: 'linux', shell: 'web' },
    ...overrides,
    http: { timeoutMs: 2_000, retry: { retries: 1, baseDelayMs: 5, maxDelayMs: 10 }, ...overrides.http },
    tuning: { billingPageDelayMs: 0, ...overrides.tuning },
  });
  core.onEvent((event, payload) => recorded.events.push({ event, payload }));
  return { core, dir, recorded, fire };
}

/** Every file under `dir`, read as text. */
export function readAllFiles(dir: string): string {
  let text = '';
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) text += fs.readFileSync(path.join(entry.parentPath, entry.name), 'utf8');
  }
  return text;
}

/** What a channel takes besides the account it names. */
export type AccountInput<C extends Channel> = Omit<Exclude<ChannelInput<C>, void>, 'profileId'>;

/**
 * Calls channels of one account the way the window does: every account-scoped channel gets the
 * account's `profileId` (read at each call), the others go as they are.
 */
export function accountCaller(core: AppCore, profileId: () => string, onResult?: (result: unknown) => void) {
  return async <C extends Channel>(channel: C, input?: AccountInput<C>): Promise<Result<ChannelOutput<C>>> => {
    const scoped = (ACCOUNT_CHANNELS as readonly string[]).includes(channel);
    const result = await core.invoke(channel, scoped ? { ...(input ?? {}), profileId: profileId() } : input);
    onResult?.(result);
    return result as Result<ChannelOutput<C>>;
  };
}

/** The value of a successful result; a failure throws with its words. */
export function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected success, got ${result.error.kind}: ${result.error.message}`);
  return result.value;
}
