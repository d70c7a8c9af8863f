// `npm run bench -- core`: the client side of a poll cycle for 10, 100 and 1,000 zones. The
// service runs in a child process, so process.cpuUsage() here measures the client alone.
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { createApiClient } from '../../electron/core/api/client';
import { createAppCore } from '../../electron/core/app-core';
import { createMemoryBackend } from '../../electron/core/secrets/memory-backend';
import type { Clock } from '../../electron/core/ports';
import { toAppError } from '../../electron/core/error-messages';
import { historyPointFrom, HistoryStore, storedHistory } from '../../electron/core/data/history-store';
import { confStoreFactory, openDocument } from '../../electron/core/storage/persistence';
import { HistoryPoint } from '../../shared/history';
import { createPollCycle } from '../../electron/core/polling/cycle';
import { emptyBillingCache } from '../../electron/core/billing/cache';
import { SnapshotStore } from '../../electron/core/data/snapshot-store';
import { startChildService, type ChildService } from './child-service';
import { accountCaller, inertPorts, value } from '../integration/core/core-host';

const SIZES = process.env.SIZES ? process.env.SIZES.split(",").map(Number) : [10, 100, 1_000];
const CPU_CYCLES = 20;
const HEAP_CYCLES = Number(process.env.HEAP_CYCLES ?? 1_000);

const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);

async function benchSize(zones: number): Promise<void> {
  const service = await startChildService(zones);
  try {
    const seeded = (await (await fetch(`${service.url}/_control/seeded`, { headers: { 'X-API-KEY': service.admin } })).json()) as { zoneIds: string[] };
    let requests = 0;
    const client = createApiClient({ baseUrl: service.url, getApiKey: () => service.admin, onRequest: () => requests++ });
    const store = new SnapshotStore();
    const history = new HistoryStore();
    let billing = emptyBillingCache();
    const billingCache = { get: () => billing, set: (next: typeof billing) => void (billing = next) };
    const cycle = createPollCycle({
      client: () => client,
      store,
      now: Date.now,
      pinnedIds: () => seeded.zoneIds,
      toAppError: (e) => toAppError(e),
      billingCache: () => billingCache,
    });
    const signal = new AbortController().signal;
    // History on the timeline of a real minute-by-minute poll, so its downsampling works as in use.
    let simulatedTime = Date.now();
    const run = async () => {
      await cycle({ forceDiscovery: false, signal });
      simulatedTime += 60_000;
      const point = historyPointFrom(store.get());
      if (point !== null) history.add({ ...point, t: simulatedTime });
    };
    // The first cycle discovers zones (users list, plans, billing's first page); the ones measured are steady ones.
    await cycle({ forceDiscovery: true, signal });
    if (Object.keys(store.get().zones).length !== seeded.zoneIds.length) throw new Error('not every zone was fetched');
    if (billing.asOf === null) throw new Error('the discovery cycle did not fetch the billing history');

    requests = 0;
    await run();
    // Account info and ⌈N/10⌉ get-zones calls.
    if (requests !== 1 + Math.ceil(zones / 10)) throw new Error(`a steady cycle made ${requests} requests`);
    console.log(`bench: poll cycle ${zones} zones requests = ${requests} requests`);
    requests = 0;
    await cycle({ forceDiscovery: true, signal });
    // Every 10 min and on "Refresh now": the users pages, the plans and one billing page on top.
    console.log(`bench: poll cycle ${zones} zones discovery extra requests = ${requests - (1 + Math.ceil(zones / 10))} requests`);

    const cpuStart = process.cpuUsage();
    for (let i = 0; i < CPU_CYCLES; i++) await run();
    const cpu = process.cpuUsage(cpuStart);
    console.log(`bench: poll cycle ${zones} zones client cpu = ${((cpu.user + cpu.system) / 1000 / CPU_CYCLES).toFixed(2)} ms`);

    gc();
    const heapBefore = process.memoryUsage().heapUsed;
    for (let i = 0; i < HEAP_CYCLES; i++) await run();
    gc();
    const heapAfter = process.memoryUsage().heapUsed;
    console.log(`bench: poll 1000 cycles ${zones} zones heap growth = ${((heapAfter - heapBefore) / 2 ** 20).toFixed(2)} MiB`);

    const sample = historyPointFrom(store.get());
    if (sample === null) throw new Error('no zone data for the history file');
    console.log(`bench: history file ${zones} zones 30 days = ${historyFileKiB(sample).toFixed(0)} KiB`);

    console.log(`bench: app poll cycle ${zones} zones client cpu = ${(await appCycleCpuMs(service, seeded.zoneIds)).toFixed(2)} ms`);
  } finally {
    service.process.kill('SIGTERM');
    await once(service.process, 'exit');
  }
}

/**
 * The whole app's cycle (app-core: the poll cycle, history, the cache files on disk, the alert
 * rules, the status), on scheduled cycles: a clock that holds the poll timer and, when fired,
 * moves its time on by the timer's delay, so the history sees a real timeline.
 */
async function appCycleCpuMs(service: ChildService, zoneIds: string[]): Promise<number> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonewatch-bench-app-'));
  let offset = 0;
  let held: { fn: () => void; ms: number; handle: object } | null = null;
  const clock: Clock = {
    now: () => Date.now() + offset,
    setTimeout: (fn, ms) => {
      if (ms < 1_000) return setTimeout(fn, ms);
      const handle = {};
      held = { fn, ms, handle };
      return handle;
    },
    clearTimeout: (handle) => {
      if (held?.handle === handle) held = null;
      else clearTimeout(handle as ReturnType<typeof setTimeout>);
    },
  };
  const core = createAppCore({
    secretBackends: { keychain: { ...createMemoryBackend(), kind: 'keychain' } },
    storeFactory: confStoreFactory(dir),
    ...inertPorts(),
    clock,
    appInfo: { version: '0.0.0-bench', platform: 'linux', shell: 'web' },
  });
  let cycleEnded: (() => void) | null = null;
  // One update per cycle, sent once the cycle has ended (watch/account-updates.ts).
  core.onEvent((event) => {
    if (event === 'account') cycleEnded?.();
  });
  const scheduledCycle = async () => {
    const timer = held;
    if (!timer) throw new Error('no poll is scheduled');
    held = null;
    offset += timer.ms;
    const ended = new Promise<void>((resolve) => (cycleEnded = resolve));
    timer.fn();
    await ended;
  };
  try {
    await core.start();
    let profileId = '';
    const call = accountCaller(core, () => profileId);
    profileId = value(await call('key:set', { apiKey: service.admin, baseUrl: service.url })).profileId;
    value(await call('zones:pin', { text: zoneIds.join(' ') }));
    // Pinning starts a cycle: it ends before the scheduled ones are fired.
    value(await call('poll:refresh'));
    await scheduledCycle();
    if (Object.keys(core.snapshot(profileId)?.zones ?? {}).length !== zoneIds.length) throw new Error('the app does not watch every zone');
    const cpuStart = process.cpuUsage();
    for (let i = 0; i < CPU_CYCLES; i++) await scheduledCycle();
    const cpu = process.cpuUsage(cpuStart);
    return (cpu.user + cpu.system) / 1000 / CPU_CYCLES;
  } finally {
    await core.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A month of minute-by-minute points (the figures of one real cycle, so every point is as wide as
 * in use), written as app-core writes its history document; the file's size.
 */
function historyFileKiB(sample: HistoryPoint): number {
  const history = new HistoryStore();
  const start = Date.now();
  for (let minute = 0; minute < 30 * 24 * 60; minute++) history.add({ ...sample, t: start + minute * 60_000 });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonewatch-bench-'));
  try {
    const factory = confStoreFactory(dir);
    openDocument(factory, 'history', z.array(HistoryPoint), () => [], undefined, { now: () => Date.now(), onSetAside: () => undefined }).set(storedHistory(history.all()));
    return fs.statSync(factory.pathOf!('history')).size / 1024;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

for (const zones of SIZES) await benchSize(zones);
