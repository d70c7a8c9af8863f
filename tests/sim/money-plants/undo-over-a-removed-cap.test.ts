import { describe, expect, it, vi } from 'vitest';
import type { CapRecordZone } from '../../../shared/caps';
import type { AlertNow } from '../../../electron/core/caps/caps-record';
import { firstViolation } from './first-violation';

// A defect of an earlier wave put back (docs/development.md › The simulator): Undo takes a zone whose
// cap someone removed on the service for one still holding Zonewatch's, and puts the old cap back
// over that person's change. The invariant "Undo puts back only what Zonewatch changed" must catch it.
vi.mock('../../../electron/core/caps/caps-record', async (original) => {
  const real = await original<typeof import('../../../electron/core/caps/caps-record')>();
  return { ...real, undoDecision: (now: AlertNow, zone: CapRecordZone) => (now === null ? 'change' : real.undoDecision(now, zone)) };
});

describe('the simulator finds Undo putting a cap back over its removal', () => {
  it('within 200 seeds', async () => {
    const first = await firstViolation();
    expect(first.found, 'a seed breaks an invariant').toBe(true);
    expect(first.message).toMatch(/only while it holds Zonewatch's cap/);
    console.info(`planted: Undo over a removed cap — found after ${first.seeds} seeds`);
  });
});
