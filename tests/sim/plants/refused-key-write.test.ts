import { describe, expect, it, vi } from 'vitest';
import { findPlanted } from '../sim-plant';

// Planted: a refused key no longer blocks a change (the stop's, the caps' and a zone's alike), as
// before the simulator's finding; "no write after a key is revoked" must catch it.
vi.mock('../../../electron/core/spend-stop/stop-plan', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../electron/core/spend-stop/stop-plan')>();
  return { ...real, stopBlockedReason: (block: Parameters<typeof real.stopBlockedReason>[0], done?: Parameters<typeof real.stopBlockedReason>[1]) => (block === 'rejected' ? null : real.stopBlockedReason(block, done)) };
});

describe('a write sent with a key the service refused', () => {
  it('is found within 200 seeds', async () => {
    const found = await findPlanted({ seeds: 200, commands: 50 });
    console.log(found?.message);
    expect(found?.message).toMatch(/no write after a key is revoked/);
  });
});
