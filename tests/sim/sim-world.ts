// The simulator's world (docs/development.md › The simulator): the real core, in process, against
// local services run in process (createApp, reached through HttpOptions.fetch: no sockets), on one
// simulated clock that only the simulator advances. Everything that could differ between two runs
// of a seed comes from the seed: the services' data and keys, the core's jitter and fresh ids.
import { inThreadHistorySource } from '../../electron/core/history/history-source';
import type { HistoryChannel } from '../../electron/core/history-worker/protocol';
import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createAppCore, type AppCore } from '../../electron/core/app-core';
import type { HttpOptions } from '../../electron/core/api/http-options';
import { createMemoryBackend } from '../../electron/core/secrets/memory-backend';
import { confStoreFactory } from '../../electron/core/storage/persistence';
import { createApp } from '../../electron/service/http-app';
import { mulberry32 } from '../../electron/service/prng';
import { ServiceHost } from '../../electron/service/service-host';
import { simulatedClock, type SimulatedClock } from '../../electron/web/simulated-clock';
import type { Clock } from '../../electron/core/ports';
import type { Result } from '../../shared/ipc';
import { inertPorts } from '../integration/core/core-host';
import type { Trace } from './sim-trace';
import { createRequestBudget } from '../../electron/core/accounts/request-budget';
import { createSimFaults, type SimFaults } from './sim-faults';

/** One simulated service: its host (state and levers) and the base URL the core reaches it at. */
export type SimService = { name: string; host: ServiceHost; url: string; adminKey: string };

/** A request that changes something on a service, as the service received it (`at`: the world's time it was sent, `wall`: the app's wall clock then). */
export type SimWrite = { service: string; method: string; path: string; body: unknown; key: string | null; at: number; wall: number; status?: number };

/** The channels through which the person changes zones: a write sent on behalf of any other (a poll, a timer) is the app's own. */
const USER_WRITES = new Set(['zones:setEnabled', 'spend:stop', 'spend:restore', 'caps:apply', 'caps:retry', 'caps:undo']);

/** One request a service answered, as the service saw it: who asked (its key) and what it answered. */
export type SimAnswer = { service: string; method: string; path: string; key: string | null; status: number };

/** Holds back a service's answer until the simulator lets it through (fc.scheduler's interleavings); the default lets it straight through. */
export type SimGate = (answer: Promise<Response>, label: string) => Promise<Response>;

export type SimWorld = {
  clock: SimulatedClock;
  /** The core's data folder: what a killed process leaves there is what the next one opens. */
  dir: string;
  /** Every notification the cores showed, oldest first, across restarts. */
  notifications: { title: string; body: string }[];
  /**
   * The process dies once `requests` more requests have been answered by their services: the last
   * answer never reaches the core, whose pending work stops there (its timers never fire, its
   * requests never answer). `crashed()` says whether it has happened since it was armed.
   */
  crashAfter(requests: number | null): void;
  crashed(): boolean;
  /** Every write the services received for the person's own commands, oldest first. */
  writes: SimWrite[];
  /**
   * Every write the app sent on its own (after a poll cycle or a timer, not for a command that
   * changes zones: the account cap's stop and restore), oldest first. Told apart by the channel
   * the write was sent for, which the world follows through each command's asynchronous work.
   */
  autoWrites: SimWrite[];
  services: SimService[];
  /** The machine's network, disk and clock, which the fault commands break (sim-faults.ts). */
  faults: SimFaults;
  /** Listens to every answer a service gives the core; returns the way to stop listening. */
  onAnswer(listener: (answer: SimAnswer) => void): () => void;
  /** Runs `listener` on each core opened, before it starts (as main builds its tray state before `core.start()`). */
  onOpen(listener: (core: AppCore) => void): void;
  /** Answers pass through `gate` from now on (null: straight through). */
  setGate(gate: SimGate | null): void;
  /** The core running now; null between a crash and the next open. */
  core(): AppCore;
  /** Opens a core on the world's data folder (the first time: an empty one). */
  open(): Promise<void>;
  /** Drops the core without a graceful stop, as a killed process would leave it. */
  crash(): void;
  /**
   * Runs a command as the window would, moving the clock on a second at a time while it waits (a
   * stop's pacing, a retry's pause); one that has not answered after ten simulated minutes fails.
   */
  call(channel: string, input?: unknown): Promise<Result<unknown>>;
  /** As `call`, but the process may die while the command runs (`crashAfter`): then its answer never comes. */
  callUnlessCrash(channel: string, input?: unknown): Promise<Result<unknown> | 'crashed'>;
  /** Moves the one clock on and lets every timer that fell due run, in order, and what they started settle. */
  advance(seconds: number): Promise<void>;
  close(): Promise<void>;
};

/** 2026-03-02T09:00Z, a Monday: a fixed start, so a seed's days are the same days every run. */
export const SIM_START = Date.UTC(2026, 2, 2, 9, 0, 0);

/** Lets every promise and 0 ms timer the last step started run (the core's I/O here is all in memory or synchronous files). */
export async function settle(rounds = 8): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

/** The clock as one process sees it: once the process is gone, none of its timers fires. */
function lifeClock(clock: Clock, asked: AsyncLocalStorage<string>): Clock & { end(): void; alive(): boolean } {
  let alive = true;
  return {
    alive: () => alive,
    now: () => clock.now(),
    // A timer's work is the app's own, whichever command's wait let it fire.
    setTimeout: (fn, ms) =>
      clock.setTimeout(() => {
        if (alive) asked.exit(fn);
      }, ms),
    clearTimeout: (handle) => clock.clearTimeout(handle),
    end: () => void (alive = false),
  };
}

/** A fresh-id source that names things by a counter from the seed: readable, and the same every run. */
function seededIds(seed: number): () => string {
  const random = mulberry32(seed ^ 0x1d5);
  let n = 0;
  return () => {
    n += 1;
    const hex = Math.floor(random() * 0xffffffff).toString(16).padStart(8, '0');
    return `${hex}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
  };
}

function seededKeys(seed: number, service: string): (index: number) => string {
  return (index) => `sim${seed}${service}u${index}`.padEnd(40, '0');
}

/**
 * Builds the world for one seed: `serviceCount` accounts, each on its own service with its own
 * seeded data, every request recorded in `trace` as it is answered.
 */
export function createSimWorld(options: { seed: number; serviceCount: number; trace: Trace; start?: number }): SimWorld {
  const { seed, trace } = options;
  const services: SimService[] = [];
  for (let i = 0; i < options.serviceCount; i++) {
    const name = `svc${i}`;
    let revoked = 0;
    const host = new ServiceHost({
      seed: { seed: seed * 7 + i, zones: 3 + i, users: 3, history: 2, pastDays: 14, keyFor: seededKeys(seed, name) },
      start: options.start ?? SIM_START,
      timeScale: 0,
      newKey: () => `revoked${seed}${name}${++revoked}`.padEnd(40, '0'),
    });
    const admin = host.state.users[host.seeded.keyUserIndex.admin]!.api_key;
    services.push({ name, host, url: `https://${name}.sim`, adminKey: admin });
  }
  const hosts = services.map((service) => service.host);
  // One clock for all: the services' simulated times move together, the core's timers follow.
  const clock = simulatedClock({
    now: () => hosts[0]!.now(),
    advance: (seconds) => {
      for (const host of hosts) host.advance(seconds);
    },
  });
  const apps = new Map(
    services.map((service) => [
      new URL(service.url).host,
      createApp({ host: service.host, baseUrl: () => service.url, control: true, sleep: (ms) => new Promise<void>((resolve) => clock.setTimeout(resolve, ms)) }),
    ]),
  );

  const writes: SimWrite[] = [];
  const autoWrites: SimWrite[] = [];
  /** The channel each piece of the core's work was started for; none for a timer's. */
  const askedFor = new AsyncLocalStorage<string>();
  let crashIn: number | null = null;
  let crashedSinceArmed = false;
  const faults = createSimFaults(clock, trace);
  const listeners = new Set<(answer: SimAnswer) => void>();
  let gate: SimGate | null = null;
  const openListeners: ((core: AppCore) => void)[] = [];
  const reach: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const app = apps.get(url.host);
    let written: SimWrite | null = null;
    if (!app) throw new TypeError(`fetch failed: no service at ${url.host}`);
    if (request.method !== 'GET') {
      const text = await request.clone().text();
      written = { service: url.host.replace(/\.sim$/, ''), method: request.method, path: url.pathname, body: text ? (JSON.parse(text) as unknown) : null, key: request.headers.get('x-api-key'), at: clock.now(), wall: faults.clock.now() };
      (USER_WRITES.has(askedFor.getStore() ?? '') ? writes : autoWrites).push(written);
    }
    const answer = Promise.resolve(app.fetch(request));
    const response = await (gate ? gate(answer, `${url.host} ${request.method} ${url.pathname}`) : answer);
    if (written) written.status = response.status;
    trace.push('request', `${url.host} ${request.method} ${url.pathname} → ${response.status}`);
    const seen: SimAnswer = { service: url.host.replace(/\.sim$/, ''), method: request.method, path: url.pathname, key: request.headers.get('x-api-key'), status: response.status };
    for (const listener of listeners) listener(seen);
    if (crashIn !== null && --crashIn <= 0) {
      crashIn = null;
      crashedSinceArmed = true;
      trace.push('fault', 'the process dies before this answer reaches it');
      world.crash();
    }
    return response;
  };
  const fetch = faults.fetch(reach);

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `zonewatch-sim-${seed}-`));
  const keychain = { ...createMemoryBackend(), kind: 'keychain' as const };
  const random = mulberry32(seed ^ 0xc0e);
  const newId = seededIds(seed);
  let core: AppCore | null = null;
  let life: ReturnType<typeof lifeClock> | null = null;
  let history: HistoryChannel | null = null;

  const notifications: SimWorld['notifications'] = [];
  const world: SimWorld = {
    clock,
    dir,
    notifications,
    crashAfter(requests) {
      crashIn = requests;
      crashedSinceArmed = false;
    },
    crashed: () => crashedSinceArmed,
    writes,
    autoWrites,
    services,
    faults,
    onAnswer(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    onOpen: (listener) => void openListeners.push(listener),
    setGate: (next) => void (gate = next),
    core: () => {
      if (!core) throw new Error('no core is open');
      return core;
    },
    async open() {
      life = lifeClock(faults.clock, askedFor);
      const own = life;
      // A dead process's requests never answer: nothing it started runs on after the crash.
      const never = new Promise<Response>(() => undefined);
      const http: HttpOptions = { fetch: (input, init) => (own.alive() ? fetch(input, init).then((answer) => (own.alive() ? answer : never)) : never), clock: life };
      core = createAppCore({
        ...inertPorts(),
        // The app's own in-thread history on the folder (history/history-source.ts), kept so a
        // crash can let go of its connection as the killed process's would go with it.
        openHistory: (tell) => (history = inThreadHistorySource({ now: () => own.now(), logger: inertPorts().logger, tell }, dir)),
        notifier: { show: (notification) => void notifications.push({ title: notification.title, body: notification.body }) },
        secretBackends: { keychain },
        storeFactory: faults.storeFactory(confStoreFactory(dir)),
        clock: life,
        // The budget measures how long requests hang on the machine's clock, as every other wait.
        budget: createRequestBudget({ clock: life }),
        random,
        newId,
        http,
        appInfo: { version: '0.0.0-sim', platform: 'linux', shell: 'web' },
      });
      const invoke = core.invoke.bind(core);
      core.invoke = (channel, input) => askedFor.run(String(channel), () => invoke(channel, input));
      for (const listener of openListeners) listener(core);
      await core.start();
    },
    crash() {
      // No stop, no flush: what the dropped core wrote is what a killed process leaves; its timers never fire.
      // Its history connection is closed as the killed process's file handles would be (its last
      // write committed or not, as SQLite keeps it): left open, each run's dead cores kept theirs.
      void history?.close().catch(() => undefined);
      history = null;
      life?.end();
      life = null;
      core = null;
      faults.crashed();
    },
    async call(channel, input) {
      const answer = await this.callUnlessCrash(channel, input);
      if (answer === 'crashed') throw new Error(`the process died while ${channel} ran`);
      return answer;
    },
    async callUnlessCrash(channel, input) {
      let done = false;
      const started = this.core();
      const running = started.invoke(channel, input).finally(() => void (done = true));
      await settle();
      let waited = 0;
      while (!done && waited < 600 && core === started) {
        clock.advance(1);
        waited += 1;
        await settle();
      }
      if (waited > 0) trace.push('time', `+${waited} s while ${channel} ran`);
      if (!done && core !== started) return 'crashed';
      if (!done) throw new Error(`${channel} did not answer within ${waited} simulated seconds`);
      return running;
    },
    async advance(seconds) {
      clock.advance(seconds);
      await settle();
    },
    async close() {
      await core?.stop();
      core = null;
      faults.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  return world;
}
