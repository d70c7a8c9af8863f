import { describe, expect, it, vi } from 'vitest';
import { findPlanted } from './planted';

// Planted: the tray keeps the totals it started with when an account's figures change (main's
// tray state reading a different total than All accounts); "tray, summary and window show the same
// figures" must catch it.
vi.mock('../../electron/main/tray-state', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../electron/main/tray-state')>();
  return {
    ...real,
    createTrayState: (...args: Parameters<typeof real.createTrayState>) => {
      const tray = real.createTrayState(...args);
      return { ...tray, apply: (event: string, payload: { totals?: unknown }) => tray.apply(event as never, (event === 'account' ? { ...payload, totals: tray.model().totals } : payload) as never) };
    },
  };
});

describe('planted: the tray reading a different total', () => {
  it('is found by the simulator within 200 runs', async () => {
    const found = await findPlanted({ only: /the tray shows what All accounts shows/ });
    console.log(found.summary);
    expect(found.violation?.error).toMatch(/the tray shows what All accounts shows/);
  });
});
