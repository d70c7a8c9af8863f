import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_RESPONSE_BYTES } from '../../../electron/core/api/transport/body-reader';
import { createApiClient } from '../../../electron/core/api/client';
import { toAppError } from '../../../electron/core/error-messages';
import { createPollCycle } from '../../../electron/core/polling/cycle';
import { createPoller } from '../../../electron/core/polling/poller';
import { SnapshotStore } from '../../../electron/core/data/snapshot-store';
import type { FaultConfig } from '../../../electron/service/faults';
import type { RunningService } from '../../../electron/service/start-service';
import { mulberry32 } from '../../../electron/service/prng';
import { sampleExternalPollInputs } from '../../unit/core/polling/poll-inputs';
import { setFaults, startTestService } from './service-harness';
import type { z } from 'zod';

const CYCLES = 1_000;

let service: RunningService;
beforeAll(async () => {
  service = await startTestService({ zones: 30 });
});
afterAll(async () => {
  await service.close();
});

/**
 * Fault regimes switched on and off at random; latency runs past the 800 ms timeout. The timeout is
 * well above a healthy cycle's time on a loaded 2-core machine, so only the latency regime times out.
 */
const REGIMES: { weight: number; faults: z.input<typeof FaultConfig>; cycles: number }[] = [
  { weight: 40, faults: {}, cycles: 20 },
  { weight: 15, faults: { rate: 0.3, statuses: [500, 503] }, cycles: 20 },
  { weight: 10, faults: { rate: 0.2, statuses: [429], retryAfterSeconds: 1 }, cycles: 20 },
  { weight: 10, faults: { dropRate: 0.3 }, cycles: 20 },
  { weight: 10, faults: { malformedRate: 0.3 }, cycles: 20 },
  { weight: 10, faults: { rate: 0.1, dropRate: 0.1, malformedRate: 0.1, statuses: [500, 429] }, cycles: 20 },
  { weight: 5, faults: { latencyMs: 900 }, cycles: 4 },
  // Answers past the 4 MiB cap, streamed without a length: the client must stop reading at the cap.
  { weight: 5, faults: { oversizeRate: 0.3 }, cycles: 10 },
];

const TOTAL_WEIGHT = REGIMES.reduce((sum, regime) => sum + regime.weight, 0);

describe('a fault soak of 1,000 poll cycles', () => {
  it('never rejects unhandled, always keeps the last good data, and recovers in one cycle', { timeout: 180_000 }, async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    const random = mulberry32(7);
    let mostBytesRead = 0;
    let tooLarge = 0;
    const store = new SnapshotStore();
    const client = createApiClient({
      baseUrl: service.url,
      getApiKey: () => service.keys.admin,
      timeoutMs: 800,
      retry: { retries: 1, baseDelayMs: 5, maxDelayMs: 20 },
      // A counter, not a memory figure: the most body bytes any one response made the client read.
      onRequest: (record) => {
        mostBytesRead = Math.max(mostBytesRead, record.bytes ?? 0);
        if (record.error === 'response_too_large') tooLarge++;
      },
    });
    const cycle = createPollCycle({ client: () => client, store, now: Date.now, pinnedIds: () => [], toAppError: (e) => toAppError(e) });
    // Timers never fire: each cycle runs through "refresh now", one after another.
    const poller = createPoller({
      clock: { now: Date.now, setTimeout: () => 0, clearTimeout: () => undefined },
      runCycle: cycle,
      inputs: sampleExternalPollInputs,
    });
    poller.start();
    await poller.refreshNow();
    expect(poller.state().lastError).toBeNull();
    const knownZones = Object.keys(store.get().zones).length;
    expect(knownZones).toBeGreaterThan(20);

    let ran = 0;
    let recoveries = 0;
    const outcomes = new Set<string>();
    while (ran < CYCLES) {
      let pick = random() * TOTAL_WEIGHT;
      const regime = REGIMES.find((r) => (pick -= r.weight) < 0) ?? REGIMES[0]!;
      await setFaults(service, regime.faults);
      for (let i = 0; i < regime.cycles && ran < CYCLES; i++, ran++) {
        await poller.refreshNow();
        const error = poller.state().lastError as { kind?: string } | null;
        outcomes.add(error?.kind ?? 'ok');
        const snapshot = store.get();
        expect(snapshot.account.data).not.toBeNull();
        expect(Object.keys(snapshot.zones)).toHaveLength(knownZones);
      }
      if (Object.keys(regime.faults).length > 0) {
        await setFaults(service, {});
        await poller.refreshNow();
        ran++;
        expect(poller.state()).toMatchObject({ lastError: null, consecutiveFailures: 0 });
        recoveries++;
      }
    }
    poller.stop();
    await new Promise((resolve) => setImmediate(resolve));
    process.off('unhandledRejection', onUnhandled);
    expect(unhandled).toEqual([]);
    expect(recoveries).toBeGreaterThan(10);
    expect(tooLarge).toBeGreaterThan(0);
    expect(mostBytesRead).toBeLessThanOrEqual(MAX_RESPONSE_BYTES);
    expect([...outcomes].sort()).toEqual(expect.arrayContaining(['ok', 'server', 'rate_limited', 'network', 'invalid_response', 'timeout', 'response_too_large']));
  });
});
