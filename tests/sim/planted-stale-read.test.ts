import { describe, expect, it, vi } from 'vitest';
import { findPlanted } from './planted';

// Planted: the snapshot store no longer tells a read (or a run's answer) that left before one of
// the app's own changes from one that left after it, so an old answer puts a zone back as it was;
// "once both have answered, the window shows what the service holds" must catch it.
vi.mock('../../electron/core/data/snapshot-store', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../electron/core/data/snapshot-store')>();
  class Forgetful extends real.SnapshotStore {
    override changeMark(): number {
      return Number.MAX_SAFE_INTEGER;
    }
  }
  return { ...real, SnapshotStore: Forgetful };
});

describe('planted: an answer older than an own change put in the window', () => {
  it('is found by the simulator within 200 runs', async () => {
    const found = await findPlanted({ only: /the window shows what the writes left/ });
    console.log(found.summary);
    expect(found.violation?.error).toMatch(/the window shows what the writes left/);
  });
});
