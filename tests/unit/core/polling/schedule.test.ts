import { describe, expect, it } from 'vitest';
import { nextPollDelay, type PollInputs } from '../../../../electron/core/polling/schedule';
import { samplePollInputs } from './poll-inputs';

const middle = () => 0.5;
const waitMs = (inputs: Partial<PollInputs>, random = middle) => {
  const decision = nextPollDelay(samplePollInputs(inputs), random);
  if (decision.kind !== 'wait') throw new Error(`expected a wait, got ${decision.reason}`);
  return decision.ms;
};

describe('nextPollDelay', () => {
  it('polls every 60 s by default, every 10 s with the popover open and every 5 min when idle', () => {
    expect(waitMs({})).toBe(60_000);
    expect(waitMs({ windowOpen: true })).toBe(10_000);
    expect(waitMs({ idle: true })).toBe(300_000);
    expect(waitMs({ windowOpen: true, idle: true })).toBe(10_000);
  });

  it('doubles the interval on battery', () => {
    expect(waitMs({ onBattery: true })).toBe(120_000);
    expect(waitMs({ onBattery: true, idle: true })).toBe(600_000);
  });

  it('jitters by at most 10 % either way', () => {
    expect(waitMs({}, () => 0)).toBe(54_000);
    expect(waitMs({}, () => 0.999_999)).toBe(66_000);
  });

  it('backs off from 5 s, doubling, to at most 10 minutes after repeated failures', () => {
    const delays = Array.from({ length: 12 }, (_, i) => waitMs({ consecutiveFailures: i + 1 }));
    expect(delays.slice(0, 5)).toEqual([5_000, 10_000, 20_000, 40_000, 80_000]);
    expect(Math.max(...delays)).toBe(600_000);
    expect(waitMs({ consecutiveFailures: 50 }, () => 0.999)).toBeLessThanOrEqual(600_000);
  });

  it('waits at least the Retry-After of a 429, and 5 minutes when it had none', () => {
    expect(waitMs({ rateLimited: { retryAfterMs: 30_000 }, consecutiveFailures: 1 }, () => 0)).toBe(30_000);
    expect(waitMs({ rateLimited: { retryAfterMs: 30_000 }, consecutiveFailures: 1 }, () => 0.999)).toBeLessThanOrEqual(33_000);
    expect(waitMs({ rateLimited: { retryAfterMs: null }, consecutiveFailures: 1 }, () => 0)).toBe(300_000);
  });

  it('stops for a rejected key, and pauses while suspended, locked, offline or paused', () => {
    expect(nextPollDelay(samplePollInputs({ unauthorized: true }), middle)).toEqual({ kind: 'stopped', reason: 'unauthorized' });
    for (const reason of ['suspended', 'locked', 'offline', 'paused'] as const) {
      expect(nextPollDelay(samplePollInputs({ [reason]: true }), middle)).toEqual({ kind: 'stopped', reason });
    }
  });
});
