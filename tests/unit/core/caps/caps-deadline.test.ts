import { describe, expect, it } from 'vitest';
import { capsRunDeadline, capsRunDeadlineMs } from '../../../../electron/core/caps/caps-deadline';
import { SPEND_STOP_DEADLINE_MS } from '../../../../electron/core/spend-stop/spend-stop';
import { fakeClock } from '../fake-clock';

// How long a caps run may take (docs/architecture.md › Caps): long enough for 5,000 zones on a
// service that keeps answering, and no longer than the stop's 90 s on one that stopped.

const SECOND = 1_000;

describe('a caps run’s deadline', () => {
  it('lets a 5,000-zone apply go on past 90 s while its changes keep landing, up to its whole deadline', async () => {
    const time = fakeClock();
    const run = capsRunDeadline(time.clock);
    run.size(5_000);
    const whole = capsRunDeadlineMs(5_000);
    expect(whole).toBeGreaterThan(5_000 * 200);
    // A change lands every 200 ms (two requests at a time of 400 ms each).
    let elapsed = 0;
    while (!run.ended() && elapsed < whole + 10 * SECOND) {
      await time.advance(200);
      elapsed += 200;
      run.progress();
    }
    expect(elapsed).toBe(whole);
    run.clear();
  });

  it('ends a run of any size 90 s after the last change landed, when the service stops answering', async () => {
    const time = fakeClock();
    const run = capsRunDeadline(time.clock);
    run.size(5_000);
    await time.advance(30 * SECOND);
    run.progress();
    await time.advance(SPEND_STOP_DEADLINE_MS - 1);
    expect(run.ended()).toBe(false);
    await time.advance(1);
    expect(run.ended()).toBe(true);
    expect(run.signal.aborted).toBe(true);
  });

  it('gives a small run about the stop’s 90 s, counted from its start', async () => {
    const time = fakeClock();
    const run = capsRunDeadline(time.clock);
    await time.advance(10 * SECOND);
    run.size(20);
    expect(capsRunDeadlineMs(20)).toBe(SPEND_STOP_DEADLINE_MS + 20 * 250);
    for (let t = 0; t < 85; t += 1) {
      await time.advance(SECOND);
      run.progress();
    }
    expect(run.ended()).toBe(true);
    run.clear();
    expect(time.pending()).toBe(0);
  });
});
