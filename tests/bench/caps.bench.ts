// `npm run bench -- caps`: setting caps on 100 zones in one go, and undoing them, against the local
// service answering each request after 50 ms: how many requests (one per changed zone) and how long.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { applyChangesOf } from '../../shared/caps';
import { createAppCore } from '../../electron/core/app-core';
import { createMemoryBackend } from '../../electron/core/secrets/memory-backend';
import { confStoreFactory } from '../../electron/core/storage/persistence';
import { startService } from '../../electron/service/start-service';
import { accountCaller, inertPorts, value } from '../integration/core/core-host';

const ZONES = 100;
const LATENCY_MS = 50;

const service = await startService({ zones: ZONES, control: true, autoTick: false });
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonewatch-bench-'));
const sent: string[] = [];
const core = createAppCore({
  secretBackends: { memory: createMemoryBackend() },
  storeFactory: confStoreFactory(dir),
  ...inertPorts(),
  appInfo: { version: 'bench', platform: process.platform, shell: 'web' },
  http: { onRequest: (record) => sent.push(record.operation) },
});
let profileId = '';
const call = accountCaller(core, () => profileId);
try {
  await core.start();
  profileId = value(await call('key:set', { apiKey: service.keys.admin, baseUrl: service.url })).profileId;
  value(await call('zones:pin', { text: service.seeded.zoneIds.join(' ') }));
  value(await call('poll:refresh'));
  const zoneIds = Object.keys(core.snapshot(profileId)!.zones);
  service.control.setFaults({ latencyMs: LATENCY_MS });
  const rule = { kind: 'usual', multiple: 3, floorDollars: 5, action: 'disable_and_send_notification' } as const;

  let started = performance.now();
  const preview = value(await call('caps:preview', { zoneIds, rule }));
  const previewMs = performance.now() - started;
  sent.length = 0;
  started = performance.now();
  const changes = applyChangesOf(preview);
  const applied = value(await call('caps:apply', { changes }));
  const applyMs = performance.now() - started;
  const applyRequests = sent.length;
  const set = applied.outcomes.filter((o) => o.result === 'set').length;
  sent.length = 0;
  started = performance.now();
  const undone = value(await call('caps:undo'));
  const undoMs = performance.now() - started;
  const restored = undone.outcomes.filter((o) => o.result === 'restored').length;

  console.log(`bench: caps preview of ${zoneIds.length} zones = ${previewMs.toFixed(1)} ms`);
  console.log(`bench: caps apply of ${zoneIds.length} zones (${preview.changes.length} changed, ${LATENCY_MS} ms latency) = ${applyMs.toFixed(0)} ms`);
  console.log(`bench: caps apply of ${zoneIds.length} zones requests = ${applyRequests} requests (${set} caps set)`);
  console.log(`bench: caps apply input of ${changes.length} changes = ${(JSON.stringify({ profileId, changes }).length / 1024).toFixed(0)} KB`);
  console.log(`bench: caps undo of ${set} zones (${LATENCY_MS} ms latency) = ${undoMs.toFixed(0)} ms`);
  console.log(`bench: caps undo of ${set} zones requests = ${sent.length} requests (${restored} put back)`);
} finally {
  await core.stop();
  await service.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
