import { describe, expect, it, vi } from 'vitest';
import { firstViolation } from './first-violation';

// A planted defect (docs/development.md › The simulator): recovery folds an interrupted run into its
// record but never tells the person. The invariant "every journaled run is recovered and told
// exactly once" must catch it.
vi.mock('../../../electron/core/journal/recover-interrupted', async (original) => {
  const real = await original<typeof import('../../../electron/core/journal/recover-interrupted')>();
  return { ...real, recoverInterrupted: (deps: Parameters<typeof real.recoverInterrupted>[0]) => real.recoverInterrupted({ ...deps, tell: () => undefined }) };
});

describe('the simulator finds an interrupted run recovered without a word', () => {
  it('within 200 seeds', async () => {
    const first = await firstViolation();
    expect(first.found, 'a seed breaks an invariant').toBe(true);
    expect(first.message).toMatch(/is told once/);
    console.info(`planted: recovery never tells — found after ${first.seeds} seeds`);
  });
});
