import { describe, expect, it, vi } from 'vitest';
import { findPlanted } from './planted';

// Planted (docs/development.md › The simulator): recovery folds an interrupted run into its
// record but never tells the person. The invariant "every journaled run is recovered and told
// exactly once" must catch it.
vi.mock('../../electron/core/journal/recover-interrupted', async (original) => {
  const real = await original<typeof import('../../electron/core/journal/recover-interrupted')>();
  return { ...real, recoverInterrupted: (deps: Parameters<typeof real.recoverInterrupted>[0]) => real.recoverInterrupted({ ...deps, tell: () => undefined }) };
});

describe('an interrupted run recovered without a word (planted)', () => {
  it('is found by the simulator within 200 runs', async () => {
    const found = await findPlanted();
    console.log(found.summary);
    expect(found.violation?.error).toMatch(/is told once/);
  });
});
