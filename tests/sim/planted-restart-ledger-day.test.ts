import { describe, expect, it, vi } from 'vitest';
import type { OpenMonth } from '../../electron/core/ledger/ledger-model';
import { findPlanted } from './planted';

// Planted: reading the open month back from the history database forgets its first day with
// readings (a restart forgetting a ledger day); "a restart changes no read" must catch it.
vi.mock('../../electron/core/history-db/open-rows', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../electron/core/history-db/open-rows')>();
  return {
    ...real,
    openRows: (...args: Parameters<typeof real.openRows>) => {
      const rows = real.openRows(...args);
      return {
        ...rows,
        load: (...loadArgs: Parameters<typeof rows.load>): OpenMonth => {
          const open = rows.load(...loadArgs);
          const first = Math.min(...Object.values(open.zones).map((zone) => zone.d.findIndex((day) => day !== null)).filter((index) => index >= 0));
          for (const zone of Object.values(open.zones)) if (Number.isFinite(first) && zone.d.length > first) zone.d[first] = null;
          return open;
        },
      };
    },
  };
});

describe('planted: a restart forgetting a ledger day', () => {
  it('is found by the simulator within 200 runs', async () => {
    const found = await findPlanted({ only: /a restart changes no read/ });
    console.log(found.summary);
    expect(found.violation?.error).toMatch(/a restart changes no read/);
    expect(found.violation?.error).toMatch(/history:(calendar|day)/);
  });
});
