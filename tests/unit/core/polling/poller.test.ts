import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../electron/core/api/error';
import { createPoller } from '../../../../electron/core/polling/poller';
import { sampleExternalPollInputs } from './poll-inputs';
import { fakeClock } from '../fake-clock';
import { toAppError } from '../../../../electron/core/error-messages';

function setup(outcome: () => Promise<void> | void = () => undefined) {
  const time = fakeClock();
  const calls: { at: number; forceDiscovery: boolean }[] = [];
  const inputs = sampleExternalPollInputs();
  const state = { outcome };
  const poller = createPoller({
    clock: time.clock,
    random: () => 0.5,
    inputs: () => inputs,
    runCycle: async ({ forceDiscovery }) => {
      calls.push({ at: time.clock.now(), forceDiscovery });
      await state.outcome();
    },
  });
  const gaps = () => calls.slice(1).map((call, i) => call.at - calls[i]!.at);
  return { time, calls, inputs, poller, state, gaps };
}

const MIN = 60_000;

describe('the poller', () => {
  it('polls at start with discovery, then every minute', async () => {
    const { time, calls, poller, gaps } = setup();
    poller.start();
    await time.advance(3 * MIN + 1);
    expect(calls[0]?.forceDiscovery).toBe(true);
    expect(gaps()).toEqual([MIN, MIN, MIN]);
  });

  it('backs off from 5 s doubling to a 10 minute cap while cycles fail', async () => {
    const { time, poller, gaps, state } = setup(() => {
      throw new ApiError('server', 'boom', { status: 500 });
    });
    poller.start();
    await time.advance(60 * MIN);
    expect(gaps().slice(0, 4)).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(Math.max(...gaps())).toBe(10 * MIN);
    expect(poller.state().consecutiveFailures).toBeGreaterThan(8);
    state.outcome = () => undefined;
    await time.advance(10 * MIN);
    expect(poller.state().consecutiveFailures).toBe(0);
  });

  it('honours Retry-After of a 429, and waits 5 minutes when it is absent', async () => {
    const { time, poller, gaps, state } = setup(() => {
      throw new ApiError('rate_limited', 'slow down', { status: 429, retryAfterMs: 42_000 });
    });
    poller.start();
    await time.advance(1_000);
    state.outcome = () => {
      throw new ApiError('rate_limited', 'slow down', { status: 429 });
    };
    await time.advance(44_100);
    state.outcome = () => undefined;
    await time.advance(6 * MIN);
    // Jitter only adds to the service's wait: 42 s × 1.05, then 5 min × 1.05.
    expect(gaps().slice(0, 2)).toEqual([44_100, 315_000]);
  });

  it('stops on a rejected key and resumes when the key changes', async () => {
    const { time, calls, poller, state } = setup(() => {
      throw new ApiError('unauthorized', 'no', { status: 401 });
    });
    poller.start();
    await time.advance(2 * 60 * MIN);
    expect(calls).toHaveLength(1);
    expect(poller.state()).toMatchObject({ unauthorized: true, nextPollAt: null });
    state.outcome = () => undefined;
    await poller.keyChanged();
    expect(calls).toHaveLength(2);
    await time.advance(MIN);
    expect(calls).toHaveLength(3);
    expect(poller.state().unauthorized).toBe(false);
  });

  it('runs one cycle for a storm of refresh requests, and every request sees it finish', async () => {
    let release: () => void = () => undefined;
    const { time, calls, poller, state } = setup();
    poller.start();
    await time.advance(1);
    state.outcome = () => new Promise<void>((resolve) => (release = resolve));
    const storm = Array.from({ length: 200 }, () => poller.refreshNow());
    await time.advance(1);
    expect(calls).toHaveLength(2);
    expect(poller.state().refreshing).toBe(true);
    release();
    await Promise.all(storm);
    expect(calls).toHaveLength(2);
    expect(poller.state().refreshing).toBe(false);
  });

  it('speeds up to every 10 s when the popover opens', async () => {
    const { time, calls, inputs, poller, gaps } = setup();
    poller.start();
    await time.advance(3_000);
    inputs.windowOpen = true;
    poller.reschedule();
    await time.advance(30_000);
    expect(gaps()).toEqual([10_000, 10_000, 10_000]);
    inputs.windowOpen = false;
    poller.reschedule();
    await time.advance(2 * MIN);
    expect(calls.length).toBe(6);
  });

  it('pauses while suspended and polls at once on resume when a poll is overdue', async () => {
    const { time, calls, inputs, poller } = setup();
    poller.start();
    await time.advance(1_000);
    inputs.suspended = true;
    poller.reschedule();
    await time.advance(60 * MIN);
    expect(calls).toHaveLength(1);
    expect(poller.state().decision).toEqual({ kind: 'stopped', reason: 'suspended' });
    inputs.suspended = false;
    poller.reschedule();
    await time.advance(1);
    expect(calls).toHaveLength(2);
  });

  it('stops polling and cancels the running cycle on stop', async () => {
    const { time, calls, poller } = setup();
    poller.start();
    poller.stop();
    await time.advance(10 * MIN);
    expect(calls).toHaveLength(1);
    expect(time.pending()).toBe(0);
  });
});

describe('the poller watchdog', () => {
  const DEADLINE = 3 * MIN;
  const MARGIN = 10_000;
  /** A cycle that ignores its signal and never settles: a host port stuck for good. */
  const stuck = () => new Promise<void>(() => undefined);

  it('abandons a cycle that never ends, says so, and polls again', async () => {
    const { time, calls, poller, state } = setup(stuck);
    poller.start();
    await time.advance(DEADLINE + MARGIN - 1);
    expect(poller.state().refreshing).toBe(true);
    await time.advance(1);
    const after = poller.state();
    expect(after).toMatchObject({ refreshing: false, consecutiveFailures: 1 });
    expect(toAppError(after.lastError).message).toBe('A refresh did not finish within 3 min, so Zonewatch gave up on it.');
    state.outcome = () => undefined;
    await time.advance(5_000);
    expect(calls).toHaveLength(2);
    expect(poller.state()).toMatchObject({ lastError: null, consecutiveFailures: 0 });
  });

  it('counts a cycle cancelled at its deadline as a failure without waiting for the margin', async () => {
    const time = fakeClock();
    const cancelled: boolean[] = [];
    const honouring = createPoller({
      clock: time.clock,
      random: () => 0.5,
      inputs: sampleExternalPollInputs,
      cycleDeadlineMs: 1_000,
      watchdogMarginMs: 60_000,
      runCycle: ({ signal }) =>
        new Promise<void>((_resolve, reject) =>
          signal.addEventListener('abort', () => {
            cancelled.push(true);
            reject(new ApiError('network', 'cancelled', { cancelled: true }));
          }),
        ),
    });
    honouring.start();
    await time.advance(1_000);
    expect(cancelled).toEqual([true]);
    expect(honouring.state()).toMatchObject({ refreshing: false, consecutiveFailures: 1 });
    expect((honouring.state().lastError as ApiError).kind).toBe('timeout');
    honouring.stop();
  });

  it('lets "refresh now" replace a cycle past its deadline instead of joining it', async () => {
    const { time, calls, poller, state } = setup(stuck);
    poller.start();
    await time.advance(DEADLINE + 1);
    state.outcome = () => undefined;
    await poller.refreshNow();
    expect(calls).toHaveLength(2);
    expect(poller.state()).toMatchObject({ refreshing: false, lastError: null });
  });

  it('does not wait on a stuck cycle when the key changes, and ignores its late end', async () => {
    let failLate: () => void = () => undefined;
    const { time, calls, poller, state } = setup(
      () => new Promise<void>((_resolve, reject) => (failLate = () => reject(new ApiError('unauthorized', 'old key', { status: 401 })))),
    );
    poller.start();
    await time.advance(1_000);
    state.outcome = () => undefined;
    await poller.keyChanged();
    expect(calls).toHaveLength(2);
    failLate();
    await time.advance(1);
    expect(poller.state()).toMatchObject({ unauthorized: false, lastError: null, consecutiveFailures: 0 });
  });

  it('stops at once with a stuck cycle running and leaves no timer behind', async () => {
    const { time, poller } = setup(stuck);
    poller.start();
    await time.advance(1_000);
    poller.stop();
    expect(poller.state().refreshing).toBe(false);
    expect(time.pending()).toBe(0);
    await poller.refreshNow();
  });

  it('tells the after-cycle work about an abandoned cycle, but not about one cancelled by a key change', async () => {
    const time = fakeClock();
    const settled: { failures: number; kind: string | undefined }[] = [];
    const poller = createPoller({
      clock: time.clock,
      random: () => 0.5,
      inputs: sampleExternalPollInputs,
      cycleDeadlineMs: 1_000,
      watchdogMarginMs: 500,
      runCycle: stuck,
      onSettled: (state) => settled.push({ failures: state.consecutiveFailures, kind: (state.lastError as ApiError | null)?.kind }),
    });
    poller.start();
    await time.advance(1_500);
    expect(settled).toEqual([{ failures: 1, kind: 'timeout' }]);
    // The next cycle is stuck too; the key changes while it runs (keyChanged then waits for the new one).
    await time.advance(5_000);
    expect(poller.state().refreshing).toBe(true);
    void poller.keyChanged();
    await time.advance(1);
    expect(settled).toHaveLength(1);
    poller.stop();
    expect(settled).toHaveLength(1);
  });
});
