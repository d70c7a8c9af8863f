import { describe, expect, it, vi } from 'vitest';
import type { OpenMonthFile } from '../../electron/core/ledger/ledger-files';
import { findPlanted } from './planted';

// Planted: reading the open month's ledger file back forgets its first day with readings (a
// restart forgetting a ledger day); "a restart changes no read" must catch it.
vi.mock('../../electron/core/ledger/ledger-files', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../electron/core/ledger/ledger-files')>();
  return {
    ...real,
    openMonthFromFile: (file: OpenMonthFile) => {
      const open = real.openMonthFromFile(file);
      const first = Math.min(...Object.values(open.zones).map((zone) => zone.d.findIndex((day) => day !== null)).filter((index) => index >= 0));
      for (const zone of Object.values(open.zones)) if (Number.isFinite(first) && zone.d.length > first) zone.d[first] = null;
      return open;
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
