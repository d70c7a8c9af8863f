import { describe, expect, it, vi } from 'vitest';
import type { createZoneActions as CreateZoneActions } from '../../electron/core/zones/zone-actions';
import { findPlanted } from './planted';

// Planted (docs/development.md › The simulator): turning a zone on or off also sends the same
// change to the next zone the app knows — a write the person never asked for, as the caps Apply
// of the last waves sent 28 writes for the 27 its preview showed. The toggle's invariant (no other
// zone anywhere changes) must catch it.
vi.mock('../../electron/core/zones/zone-actions', async (importOriginal) => {
  const real = await importOriginal<{ createZoneActions: typeof CreateZoneActions }>();
  return {
    ...real,
    createZoneActions: (deps: Parameters<typeof CreateZoneActions>[0]) => {
      const actions = real.createZoneActions(deps);
      return {
        ...actions,
        async setEnabled(zoneId: string, enabled: boolean, call?: Parameters<typeof actions.setEnabled>[2]) {
          const zone = await actions.setEnabled(zoneId, enabled, call);
          const other = Object.keys(deps.store.get().zones).sort().find((id) => id !== zoneId);
          if (other !== undefined) await deps.client().updateZone(other, { enabled }, call ?? {});
          return zone;
        },
      };
    },
  };
});

describe('a toggle that also writes another zone (planted)', () => {
  it('is found by the simulator within 200 runs', async () => {
    const found = await findPlanted({ only: /a toggle changes its own zone only/ });
    console.log(found.summary);
    expect(found.violation?.error).toContain('a toggle changes its own zone only');
  });
});
