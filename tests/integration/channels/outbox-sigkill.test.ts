import { describe, expect, it } from 'vitest';
import { runKilledOutbox } from './killed-outbox';

// docs/architecture.md › Channels and the outbox: a real SIGKILL of the process during delivery, twice.
// Nothing is lost; what comes twice is only a message that was in flight at a kill, and it comes
// whole under the same delivery (the same body, the same ids).

describe('an outbox killed with SIGKILL', () => {
  it('delivers every alert to every channel after two kills, repeating only messages in flight', async () => {
    const result = await runKilledOutbox({
      kinds: ['webhook', 'slack'],
      count: 40,
      everyMs: 25,
      firstDelayMs: 100,
      killAtFed: [12, 30],
      answer: (_kind, index) => (index % 3 === 1 ? { do: 'status', status: 503 } : { do: 'accept' }),
      deadlineMs: 90_000,
    });
    expect(result.kills).toBe(2);
    expect(result.lost).toBe(0);
    for (const kind of ['webhook', 'slack']) {
      const standIn = result.standIns[kind]!;
      expect(result.repeatedDeliveries[kind]).toBeLessThanOrEqual(2);
      const repeatedBodies = standIn.acceptedRequests.map((request) => request.body).filter((body, index, all) => all.indexOf(body) !== index);
      const duplicated = standIn.accepted.filter((id, index, all) => all.indexOf(id) !== index);
      const inRepeated = new Set(standIn.acceptedRequests.filter((request) => repeatedBodies.includes(request.body)).flatMap((request) => request.ids));
      // An alert fed again after a kill between its write-ahead and the feeder's note of it is the feeder's repeat, not the outbox's: at most one a kill.
      expect(duplicated.filter((id) => !inRepeated.has(id)).length).toBeLessThanOrEqual(2);
    }
  }, 120_000);
});
