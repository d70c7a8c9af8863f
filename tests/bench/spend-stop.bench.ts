// `npm run bench -- spend-stop`: how long "Stop all spend" and "Restore" take for 25 and 100
// zones against the local service answering each request after 50 ms, and how many requests they send.
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
