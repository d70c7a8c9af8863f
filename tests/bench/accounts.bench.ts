// `npm run bench -- accounts`: 10 accounts × 100 zones watched by one core (issue 17), each on its
// own local service in a child process, so what is measured here (CPU, heap) is the app's alone.
// Time is simulated: poll timers are held and fired in order, moving the clock on by their delay,
// so a simulated hour takes as long as its cycles do.
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createAppCore, type AppCore } from '../../electron/core/app-core';
import { createRequestBudget } from '../../electron/core/accounts/request-budget';
import { createMemoryBackend } from '../../electron/core/secrets/memory-backend';
import type { Clock } from '../../electron/core/ports';
import { confStoreFactory } from '../../electron/core/storage/persistence';
import type { EventPayload } from '../../shared/ipc';
import { trayIconState } from '../../electron/core/tray/tray-icon-state';
import { trayMenuTemplate } from '../../electron/core/tray/tray-menu';
import { trayTitle, trayTooltip } from '../../electron/core/tray/tray-tooltip';
import { createTrayState, type TrayState } from '../../electron/main/tray-state';
import { startChildService, type ChildService } from './child-service';
import { inertPorts } from '../integration/core/core-host';

const ACCOUNTS = Number(process.env.ACCOUNTS ?? 10);
const ZONES = Number(process.env.ZONES ?? 100);
const MINUTES = Number(process.env.MINUTES ?? 60);
const HEAP_CYCLES = Number(process.env.HEAP_CYCLES ?? 1_000);
const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
const MiB = 2 ** 20;

/** A clock whose long timers (polls, deadlines) wait for `advance`; short ones (retries) run in real time. */
function simulatedClock() {
  let offset = 0;
  const held: { at: number; fn: () => void; handle: object }[] = [];
  const clock: Clock = {
    now: () => Date.now() + offset,
    setTimeout: (fn, ms) => {
      if (ms < 1_000) return setTimeout(fn, ms);
      const handle = {};
      held.push({ at: Date.now() + offset + ms, fn, handle });
      return handle;
    },
    clearTimeout: (handle) => {
      const index = held.findIndex((timer) => timer.handle === handle);
      if (index >= 0) held.splice(index, 1);
      else clearTimeout(handle as ReturnType<typeof setTimeout>);
    },
  };
  return {
    clock,
    /** Fires the next held timer, moving the clock to it; false when none is due before `until`. */
    fireNext(until: number): boolean {
      held.sort((a, b) => a.at - b.at);
      const next = held[0];
      if (!next || next.at > until) return false;
      held.shift();
      offset += Math.max(0, next.at - clock.now());
      next.fn();
      return true;
    },
  };
}

async function idle(core: AppCore): Promise<void> {
  while (core.overview().accounts.some((account) => core.status(account.profileId)?.refreshing)) await new Promise((resolve) => setTimeout(resolve, 1));
}

type Run = { core: AppCore; tray: TrayState; requests: () => number; cycles: () => number; updates: () => number; close(): Promise<void> };

async function watch(services: readonly ChildService[]): Promise<Run & { sim: ReturnType<typeof simulatedClock> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonewatch-bench-accounts-'));
  const sim = simulatedClock();
  let requests = 0;
  let cycles = 0;
  let updates = 0;
  const started = new Map<string, string>();
  const core = createAppCore({
    secretBackends: { keychain: { ...createMemoryBackend(), kind: 'keychain' } },
    storeFactory: confStoreFactory(dir),
    ...inertPorts(),
    clock: sim.clock,
    budget: createRequestBudget(),
    appInfo: { version: '0.0.0-bench', platform: 'linux', shell: 'web' },
    http: { onRequest: () => requests++ },
  });
  // As main keeps it: the tray is drawn from what the core sent.
  const tray = createTrayState({ overview: core.overview(), app: core.app(), update: core.appUpdate() });
  core.onEvent((event, payload) => {
    tray.apply(event, payload);
    if (event !== 'account') return;
    updates++;
    // A cycle is counted by its start, which its one update carries.
    const { profileId, status } = payload as EventPayload<'account'>;
    if (status.lastAttemptAt !== null && started.get(profileId) !== status.lastAttemptAt) {
      started.set(profileId, status.lastAttemptAt);
      cycles++;
    }
  });
  for (const [i, service] of services.entries()) {
    const added = await core.invoke('key:set', { apiKey: service.admin, baseUrl: service.url, label: `Client ${i + 1}` });
    if (!added.ok) throw new Error(`account ${i + 1}: ${added.error.message}`);
    const profileId = (added.value as { profileId: string }).profileId;
    const ids = (await (await fetch(`${service.url}/_control/seeded`, { headers: { 'X-API-KEY': service.admin } })).json()) as { zoneIds: string[] };
    const pinned = await core.invoke('zones:pin', { profileId, text: ids.zoneIds.join(' ') });
    if (!pinned.ok) throw new Error(`account ${i + 1}: ${pinned.error.message}`);
  }
  return {
    core,
    tray,
    sim,
    requests: () => requests,
    cycles: () => cycles,
    updates: () => updates,
    close: async () => {
      await core.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Runs `minutes` of simulated time: every poll timer fires in order, each cycle to its end. */
async function simulate(run: Run & { sim: ReturnType<typeof simulatedClock> }, minutes: number): Promise<void> {
  const until = run.sim.clock.now() + minutes * 60_000;
  // A cycle still running holds its deadline timer: it must end before time moves on.
  await idle(run.core);
  while (run.sim.fireNext(until)) await idle(run.core);
}

async function main(): Promise<void> {
  const services = await Promise.all(Array.from({ length: ACCOUNTS }, () => startChildService(ZONES)));
  try {
    // One account alone: its floor, the requests per minute of its own schedule.
    const alone = await watch(services.slice(0, 1));
    await alone.core.start();
    await simulate(alone, 2);
    let before = alone.requests();
    await simulate(alone, MINUTES);
    const floor = (alone.requests() - before) / MINUTES;

    await alone.close();

    const all = await watch(services);
    await all.core.start();
    await simulate(all, 2);
    before = all.requests();
    const cyclesBefore = all.cycles();
    const updatesBefore = all.updates();
    const cpuStart = process.cpuUsage();
    await simulate(all, MINUTES);
    const cpu = process.cpuUsage(cpuStart);
    const perMinute = (all.requests() - before) / MINUTES;
    console.log(`bench: accounts ${ACCOUNTS}×${ZONES} requests per minute = ${perMinute.toFixed(1)} req/min`);
    console.log(`bench: accounts ${ACCOUNTS}×${ZONES} sum of account floors = ${(floor * ACCOUNTS).toFixed(1)} req/min`);
    console.log(`bench: accounts ${ACCOUNTS}×${ZONES} cycles per simulated minute = ${((all.cycles() - cyclesBefore) / MINUTES).toFixed(2)} cycles`);
    // One update per poll cycle reaches main and the window (issue 21): the ratio should be 1.00.
    console.log(`bench: accounts ${ACCOUNTS}×${ZONES} account updates per poll cycle = ${((all.updates() - updatesBefore) / (all.cycles() - cyclesBefore)).toFixed(2)} updates`);
    console.log(`bench: accounts ${ACCOUNTS}×${ZONES} cpu per simulated minute = ${((cpu.user + cpu.system) / 1000 / MINUTES).toFixed(1)} ms`);

    // Heap over 1,000 cycles in all: measured at each quarter, it should level off, not climb.
    const quarter = HEAP_CYCLES / 4;
    const heaps: number[] = [];
    const start = all.cycles();
    for (let q = 1; q <= 4; q++) {
      while (all.cycles() - start < q * quarter) await simulate(all, 1);
      gc();
      heaps.push(process.memoryUsage().heapUsed / MiB);
    }
    heaps.forEach((heap, i) => console.log(`bench: accounts ${ACCOUNTS}×${ZONES} heap after ${(i + 1) * quarter} cycles = ${heap.toFixed(1)} MiB`));
    console.log(`bench: accounts ${ACCOUNTS}×${ZONES} heap growth over the last ${HEAP_CYCLES / 2} cycles = ${(heaps[3]! - heaps[1]!).toFixed(2)} MiB`);

    // What main does on every account update: draw the menu, tooltip, title and icon state from the
    // read models it was sent (nothing is derived again), and compare the menu.
    const RUNS = 200;
    const times: number[] = [];
    let last = '';
    for (let i = 0; i < RUNS; i++) {
      const started = process.hrtime.bigint();
      const model = all.tray.model();
      const now = all.sim.clock.now();
      const menu = JSON.stringify(trayMenuTemplate(model, now));
      trayTooltip(model, now);
      trayTitle(model);
      trayIconState(model);
      if (menu !== last) last = menu;
      times.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    times.sort((a, b) => a - b);
    console.log(`bench: accounts ${ACCOUNTS}×${ZONES} tray menu rebuild median = ${times[RUNS / 2]!.toFixed(2)} ms`);
    console.log(`bench: accounts ${ACCOUNTS}×${ZONES} tray menu rebuild p95 = ${times[Math.floor(RUNS * 0.95)]!.toFixed(2)} ms`);
    await all.close();
  } finally {
    for (const service of services) service.process.kill('SIGTERM');
    await Promise.all(services.map((service) => once(service.process, 'exit')));
  }
}

await main();
