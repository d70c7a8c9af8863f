import { describe, expect, it, vi } from 'vitest';
import type { OpenMonthFile } from '../../../electron/core/ledger/ledger-files';
import { findPlanted } from '../sim-plant';

// Planted: reading the open month's ledger file back forgets its first day with readings (a
// restart forgetting a ledger day); "a restart changes no read" must catch it.
vi.mock('../../../electron/core/ledger/ledger-files', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../electron/core/ledger/ledger-files')>();
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
  it('is found within 200 seeds', async () => {
    const found = await findPlanted({ invariant: /a restart changes no read/, seeds: 200, commands: 50 });
    console.log(`found after ${found?.seeds ?? 'more than 200'} seeds`);
    expect(found?.message).toMatch(/a restart changes no read/);
    expect(found?.message).toMatch(/differs in: .*history:(calendar|day)/);
  });
});
