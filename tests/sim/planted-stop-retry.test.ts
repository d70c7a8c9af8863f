import { describe, expect, it, vi } from 'vitest';
import type { SpendStopRecord } from '../../shared/spend-stop';
import type { ChangeBlock } from '../../shared/accounts';
import { findPlanted } from './planted';

// Planted (docs/development.md › The simulator): Retry of a stop counts the zones the stop
// turned off among those still to stop, so a zone the person turned back on since is turned off
// again. The invariant "a stop's Retry touches only the zones that stop could not turn off" must catch it.
vi.mock('../../electron/core/spend-stop/stop-plan', async (original) => {
  const real = await original<typeof import('../../electron/core/spend-stop/stop-plan')>();
  return {
    ...real,
    retryPlan: (record: SpendStopRecord, block: ChangeBlock | null) => {
      const plan = real.retryPlan(record, block);
      return { ...plan, zones: [...plan.zones, ...record.disabled] };
    },
  };
});

describe('a stop Retry that redoes the stop (planted)', () => {
  it('is found by the simulator within 200 runs', async () => {
    const found = await findPlanted();
    console.log(found.summary);
    expect(found.violation?.error).toMatch(/the retry confirmation names the zones left running|a retry writes only to zones its stop could not turn off/);
  });
});
