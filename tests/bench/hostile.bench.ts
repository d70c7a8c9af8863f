// `npm run bench -- hostile`: the client against a service whose every answer is 50 MB of valid
// JSON (the oversize fault). The service runs in a child process, so the heap measured here is
// the client's alone: it should not grow with the answers, since reading stops at the cap.
import { MAX_RESPONSE_BYTES } from '../../electron/core/api/transport/body-reader';
import { createApiClient } from '../../electron/core/api/client';
import { ApiError } from '../../electron/core/api/error';
import { startChildService } from './child-service';

const REQUESTS = Number(process.env.OVERSIZE_REQUESTS ?? 200);
const ANSWER_BYTES = 50 * 1024 * 1024;

const rawGc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
/** Array buffers are freed after the collection that finds them dead: collect, let the loop turn, collect again. */
async function gc(): Promise<void> {
  for (let i = 0; i < 3; i++) {
    rawGc();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(2);

async function main(): Promise<void> {
  const service = await startChildService(10);
  try {
    const set = await fetch(`${service.url}/_control/faults`, {
      method: 'POST',
      headers: { 'X-API-KEY': service.admin, 'Content-Type': 'application/json' },
      body: JSON.stringify({ oversizeRate: 1, oversizeBytes: ANSWER_BYTES }),
    });
    if (!set.ok) throw new Error(`faults not set: HTTP ${set.status}`);
    let mostBytesRead = 0;
    const client = createApiClient({
      baseUrl: service.url,
      getApiKey: () => service.admin,
      retry: { retries: 0, baseDelayMs: 1, maxDelayMs: 1 },
      onRequest: (record) => (mostBytesRead = Math.max(mostBytesRead, record.bytes ?? 0)),
    });
    const once = async () => {
      const outcome = await client.listPlans().then(
        () => 'ok',
        (err: unknown) => (err instanceof ApiError ? err.kind : 'other'),
      );
      if (outcome !== 'response_too_large') throw new Error(`expected response_too_large, got ${outcome}`);
    };
    // Warm up: zod compiles its schemas and undici opens its pool on first use.
    for (let i = 0; i < 10; i++) await once();
    await gc();
    const before = process.memoryUsage();
    const started = performance.now();
    const total = (m: NodeJS.MemoryUsage) => m.heapUsed + m.external + m.arrayBuffers;
    let peak = total(before);
    for (let i = 0; i < REQUESTS; i++) {
      await once();
      peak = Math.max(peak, total(process.memoryUsage()));
    }
    const elapsed = performance.now() - started;
    await gc();
    const after = process.memoryUsage();
    console.log(`bench: oversize answers ${REQUESTS} requests heap growth = ${mib(after.heapUsed - before.heapUsed)} MiB`);
    console.log(`bench: oversize answers ${REQUESTS} requests external growth = ${mib(after.external + after.arrayBuffers - before.external - before.arrayBuffers)} MiB`);
    console.log(`bench: oversize answers ${REQUESTS} requests peak heap and buffers above start = ${mib(peak - total(before))} MiB`);
    console.log(`bench: oversize answer most bytes read = ${mostBytesRead} bytes`);
    console.log(`bench: response size cap = ${MAX_RESPONSE_BYTES} bytes`);
    console.log(`bench: oversize answer time to refuse = ${(elapsed / REQUESTS).toFixed(1)} ms`);
  } finally {
    service.process.kill();
  }
}

await main();
