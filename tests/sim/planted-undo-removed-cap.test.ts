import { describe, expect, it, vi } from 'vitest';
import type { CapRecordZone } from '../../shared/caps';
import type { AlertNow } from '../../electron/core/caps/caps-record';
import { findPlanted } from './planted';

// Planted (docs/development.md › The simulator), a defect of an earlier wave put back: Undo takes a zone whose
// cap someone removed on the service for one still holding Zonewatch's, and puts the old cap back
// over that person's change. The invariant "Undo puts back only what Zonewatch changed" must catch it.
vi.mock('../../electron/core/caps/caps-record', async (original) => {
  const real = await original<typeof import('../../electron/core/caps/caps-record')>();
  return { ...real, undoDecision: (now: AlertNow, zone: CapRecordZone) => (now === null ? 'change' : real.undoDecision(now, zone)) };
});

describe('an Undo that puts a cap back over its removal (planted)', () => {
  it('is found by the simulator within 200 runs', async () => {
    const found = await findPlanted();
    console.log(found.summary);
    expect(found.violation?.error).toMatch(/only while it holds Zonewatch's cap/);
  });
});
