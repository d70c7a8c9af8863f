import { describe, expect, it, vi } from 'vitest';
import { findPlanted } from './planted';

// Planted (docs/development.md › The simulator): one queue of two slots for every account,
// in which a hung request holds its slot to its deadline, so one account's hung service holds up
// the others. The simulator must see another account's refresh delayed by more than a deadline.
vi.mock('../../electron/core/accounts/request-budget', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../electron/core/accounts/request-budget')>();
  return {
    ...real,
    createRequestBudget: (options: Parameters<typeof real.createRequestBudget>[0] = {}) =>
      real.createRequestBudget({ ...options, limits: { total: 2, perAccount: 2, perDegradedAccount: 2, degradedTotal: 2 }, slowMs: Number.MAX_SAFE_INTEGER }),
  };
});

describe('one request queue shared by every account', () => {
  it('is found by the simulator within 200 runs', async () => {
    const found = await findPlanted();
    console.log(found.summary);
    expect(found.violation?.error).toMatch(/refresh is delayed by at most one request deadline|refresh reads its account/);
  });
});
