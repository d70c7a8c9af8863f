// `npm run bench -- spend-stop`: how long "Stop all spend" and "Restore" take for 25 and 100
// zones against the local service answering each request after 50 ms, and how many requests they send.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createAppCore } from '../../electron/core/app-core';
import { createMemoryBackend } from '../../electron/core/secrets/memory-backend';
import { confStoreFactory } from '../../electron/core/storage/persistence';
import { startService } from '../../electron/service/start-service';
import { accountCaller, inertPorts, value } from '../integration/core/core-host';

const SIZES = [25, 100];
const LATENCY_MS = 50;

async function benchSize(zones: number): Promise<void> {
  const service = await startService({ zones, control: true, autoTick: false });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonewatch-bench-'));
  let requests = 0;
  const core = createAppCore({
    secretBackends: { memory: createMemoryBackend() },
    storeFactory: confStoreFactory(dir),
    ...inertPorts(),
    appInfo: { version: 'bench', platform: process.platform, shell: 'web' },
    http: { onRequest: () => requests++ },
  });
  let profileId = '';
  const call = accountCaller(core, () => profileId);
  try {
    await core.start();
    profileId = value(await call('key:set', { apiKey: service.keys.admin, baseUrl: service.url })).profileId;
    value(await call('zones:pin', { text: service.seeded.zoneIds.join(' ') }));
    value(await call('poll:refresh'));
    service.control.setFaults({ latencyMs: LATENCY_MS });
    requests = 0;
    let started = performance.now();
    const stop = value(await call('spend:stop'));
    const stopMs = performance.now() - started;
    const stopRequests = requests;
    const disabled = stop.outcomes.filter((o) => o.result === 'disabled').length;
    requests = 0;
    started = performance.now();
    value(await call('spend:restore'));
    const restoreMs = performance.now() - started;
    console.log(`bench: spend stop of ${zones} zones (${disabled} running, ${LATENCY_MS} ms latency) = ${stopMs.toFixed(0)} ms`);
    console.log(`bench: spend stop of ${zones} zones requests = ${stopRequests} requests`);
    console.log(`bench: spend restore of ${zones} zones (${LATENCY_MS} ms latency) = ${restoreMs.toFixed(0)} ms`);
    console.log(`bench: spend restore of ${zones} zones requests = ${requests} requests`);
  } finally {
    await core.stop();
    await service.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

for (const size of SIZES) await benchSize(size);

// The cost of durable records (docs/architecture.md › Offline): the same stop of 100 zones at 150 ms
// a request, each run in a fresh process, with every fsync done and with none, alternately, five
// times each (the median of each); the goal is ≤ 5 %.
function durabilityRun(noFsync: boolean): number {
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'durability-run.ts'), ...(noFsync ? ['--no-fsync'] : [])], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`durability run failed: ${run.stderr}`);
  return Number(run.stdout.trim().split('\n').at(-1));
}
const RUNS = 5;
const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const durable: number[] = [];
const bare: number[] = [];
for (let i = 0; i < RUNS; i++) {
  bare.push(durabilityRun(true));
  durable.push(durabilityRun(false));
}
const [x, y] = [median(durable), median(bare)];
console.log(`bench: durability stop 100 zones = ${x.toFixed(0)} ms (no fsync ${y.toFixed(0)} ms)`);
console.log(`bench: durability stop 100 zones cost = ${((x / y - 1) * 100).toFixed(1)} %`);
