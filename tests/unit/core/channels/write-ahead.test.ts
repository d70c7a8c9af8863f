import { describe, expect, it } from 'vitest';
import type { DeliveryLogEntry } from '../../../../shared/channels';
import { createChannelQueue } from '../../../../electron/core/outbox/channel-queue';
import { emptyOutbox, type OutboxFile } from '../../../../electron/core/outbox/outbox-file';
import type { PersistentDocument } from '../../../../electron/core/storage/persistence';
import { fakeClock } from '../fake-clock';

// docs/architecture.md › Channels and the outbox: an alert is written ahead before any attempt, and
// each attempt before it is made; a write that fails means nothing is sent on it, and the log says so.

const item = { alertId: 'a1', route: 'spendToday' as const, severity: 'warning' as const, at: '2026-12-03T10:00:00.000Z', account: 'A', zone: null, title: 't', figures: 'f', action: 'a' };
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** An outbox document whose writes fail from the `failFrom`-th on, as a full disk's would (a durable write rejects). */
function failingDoc(failFrom: number): PersistentDocument<OutboxFile> & { writes: number } {
  let current = emptyOutbox();
  const doc = {
    name: 'outbox-test',
    writes: 0,
    get: () => current,
    set(value: OutboxFile) {
      doc.writes += 1;
      if (doc.writes >= failFrom) throw new Error('ENOSPC: no space left on device');
      current = value;
    },
    update: () => current,
    erase: () => undefined,
  };
  return doc;
}

function queueOver(doc: PersistentDocument<OutboxFile>) {
  const time = fakeClock();
  const log: DeliveryLogEntry[] = [];
  const requests: string[] = [];
  const queue = createChannelQueue({
    config: () => ({ id: 'abcdef012345', kind: 'webhook', name: 'Hook' }),
    secret: async () => ({ kind: 'webhook', url: 'http://127.0.0.1:9/hook', signingKey: 'k'.repeat(20) }),
    doc,
    clock: time.clock,
    random: () => 0.5,
    newId: () => 'd1',
    policy: { firstDelayMs: 1_000, maxDelayMs: 60_000, lifetimeMs: 86_400_000 },
    post: { fetch: (async (url: string) => (requests.push(url), new Response('', { status: 200 }))) as typeof fetch, clock: time.clock, timeoutMs: 1_000, maxAnswerBytes: 1024 },
    log: (entry) => log.push(entry),
    logger: silent,
    onChange: () => undefined,
  });
  return { queue, log, requests, time };
}

describe('the write-ahead', () => {
  it('sends nothing when the alert cannot be written, and says so', async () => {
    const { queue, log, requests, time } = queueOver(failingDoc(1));
    expect(await queue.add([item])).toBe(false);
    await time.advance(60_000);
    expect(requests).toEqual([]);
    expect(log.map((entry) => [entry.outcome, entry.answer, entry.alertIds])).toEqual([['given_up', 'Not queued: the outbox could not be written to disk', ['a1']]]);
  });

  it('makes no attempt it could not write first, and tries again later', async () => {
    const { queue, log, requests, time } = queueOver(failingDoc(2));
    expect(await queue.add([item])).toBe(true);
    await time.advance(0);
    expect(requests).toEqual([]);
    expect(log[0]).toMatchObject({ outcome: 'retrying', answer: 'Not sent: the outbox could not be written to disk' });
  });

  it('never sends again what was accepted when its removal cannot be written', async () => {
    const { queue, log, requests, time } = queueOver(failingDoc(3));
    await queue.add([item]);
    await time.advance(3_600_000);
    expect(requests).toHaveLength(1);
    expect(log.map((entry) => entry.outcome)).toEqual(['delivered']);
    expect(queue.waiting()).toBe(0);
  });

  it('sends once the alert and the attempt are both written', async () => {
    const doc = failingDoc(Number.POSITIVE_INFINITY);
    const { queue, log, requests, time } = queueOver(doc);
    await queue.add([item]);
    await time.advance(0);
    expect(requests).toEqual(['http://127.0.0.1:9/hook']);
    expect(log.map((entry) => entry.outcome)).toEqual(['delivered']);
    // Written: the alert, the attempt, the delivery's removal.
    expect(doc.writes).toBe(3);
    expect(doc.get().deliveries).toEqual([]);
  });
});
