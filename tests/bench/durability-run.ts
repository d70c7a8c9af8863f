// One measured "Stop all spend" of 100 zones for spend-stop.bench.ts, in a process of its own:
// `--no-fsync` turns every fsync into nothing before the app's modules load (atomically keeps its
// own reference to fs.fsyncSync), the baseline the durable records are measured against.
// Prints the stop's duration in ms on the last line.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

if (process.argv.includes('--no-fsync')) {
  fs.fsyncSync = () => undefined;
  fs.fsync = ((_fd: number, callback: (err: NodeJS.ErrnoException | null) => void) => callback(null)) as typeof fs.fsync;
}

const ZONES = 100;
const LATENCY_MS = 150;

const { createAppCore } = await import('../../electron/core/app-core');
const { createMemoryBackend } = await import('../../electron/core/secrets/memory-backend');
const { confStoreFactory } = await import('../../electron/core/storage/persistence');
const { startService } = await import('../../electron/service/start-service');
const { accountCaller, inertPorts, value } = await import('../integration/core/core-host');

const service = await startService({ zones: ZONES, control: true, autoTick: false });
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonewatch-bench-'));
const core = createAppCore({
  secretBackends: { memory: createMemoryBackend() },
  storeFactory: confStoreFactory(dir),
  ...inertPorts(),
  appInfo: { version: 'bench', platform: process.platform, shell: 'web' },
});
let profileId = '';
const call = accountCaller(core, () => profileId);
try {
  await core.start();
  profileId = value(await call('key:set', { apiKey: service.keys.admin, baseUrl: service.url })).profileId;
  value(await call('zones:pin', { text: service.seeded.zoneIds.join(' ') }));
  value(await call('poll:refresh'));
  service.control.setFaults({ latencyMs: LATENCY_MS });
  const started = performance.now();
  value(await call('spend:stop'));
  console.log((performance.now() - started).toFixed(1));
} finally {
  await core.stop();
  await service.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
