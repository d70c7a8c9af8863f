import { describe, expect, it } from 'vitest';
import { MIN_STAGGER_MS, overdueDelayMs, staggeredStartMs } from '../../../../electron/core/accounts/stagger';
import { createPoller } from '../../../../electron/core/polling/poller';
import { fakeClock } from '../fake-clock';
import { sampleExternalPollInputs } from '../polling/poll-inputs';

describe('staggered cycles', () => {
  it('spreads ten accounts over one 60 s interval, 6 s apart, the first at once', () => {
    expect(Array.from({ length: 10 }, (_, i) => staggeredStartMs(i, 10, 60_000))).toEqual([0, 6_000, 12_000, 18_000, 24_000, 30_000, 36_000, 42_000, 48_000, 54_000]);
  });

  it('keeps accounts at least a second apart however many there are', () => {
    expect(staggeredStartMs(1, 100, 10_000)).toBe(MIN_STAGGER_MS);
    expect(staggeredStartMs(99, 100, 10_000)).toBe(99 * MIN_STAGGER_MS);
    expect(staggeredStartMs(0, 1, 60_000)).toBe(0);
  });

  it('sends overdue accounts a second apart after sleep', () => {
    expect([0, 1, 2].map(overdueDelayMs)).toEqual([0, 1_000, 2_000]);
  });
});

describe('a poller started late or overdue', () => {
  it('runs its first cycle, with discovery, after the delay it was started with', async () => {
    const { clock, advance } = fakeClock();
    const runs: { at: number; forceDiscovery: boolean }[] = [];
    const poller = createPoller({
      clock,
      random: () => 0.5,
      inputs: () => sampleExternalPollInputs(),
      runCycle: async ({ forceDiscovery }) => void runs.push({ at: clock.now(), forceDiscovery }),
    });
    const start = clock.now();
    poller.start(12_000);
    expect(poller.state().nextPollAt).toBe(start + 12_000);
    poller.reschedule();
    await advance(11_999);
    expect(runs).toEqual([]);
    await advance(1);
    expect(runs).toEqual([{ at: start + 12_000, forceDiscovery: true }]);
    poller.stop();
  });

  it('waits its own overdue delay when its cycle fell due while the machine slept', async () => {
    const { clock, advance } = fakeClock();
    let suspended = false;
    const runs: number[] = [];
    const poller = createPoller({
      clock,
      random: () => 0.5,
      inputs: () => sampleExternalPollInputs({ suspended }),
      runCycle: async () => void runs.push(clock.now()),
      overdueDelayMs: () => 3_000,
    });
    poller.start();
    await advance(0);
    expect(runs.length).toBe(1);
    suspended = true;
    poller.reschedule();
    await advance(10 * 60_000);
    expect(runs.length).toBe(1);
    suspended = false;
    const resumedAt = clock.now();
    poller.reschedule();
    expect(poller.state().nextPollAt).toBe(resumedAt + 3_000);
    await advance(3_000);
    expect(runs).toEqual([runs[0], resumedAt + 3_000]);
    poller.stop();
  });
});
