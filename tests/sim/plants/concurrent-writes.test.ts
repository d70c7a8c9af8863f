import { describe, expect, it, vi } from 'vitest';
import { findPlanted } from '../sim-plant';

// Planted: writes to one zone no longer wait for each other (the lanes of
// electron/core/api/operations/zone-lanes.ts gone), so two commands at once can be answered out of
// order; "once both have answered, the window shows what the service holds" must catch it.
vi.mock('../../../electron/core/api/operations/zone-lanes', () => ({
  createZoneLanes: () => (_zoneId: string, write: () => Promise<unknown>) => write(),
}));

describe('planted: two writes to one zone in flight at once', () => {
  it('is found within 200 seeds', async () => {
    const found = await findPlanted({ invariant: /the window shows what the writes left/, seeds: 200, commands: 50 });
    console.log(`found after ${found?.seeds ?? 'more than 200'} seeds`);
    expect(found?.message).toMatch(/the window shows what the writes left/);
  });
});
