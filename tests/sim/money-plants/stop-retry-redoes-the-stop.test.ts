import { describe, expect, it, vi } from 'vitest';
import type { SpendStopRecord } from '../../../shared/spend-stop';
import type { ChangeBlock } from '../../../shared/accounts';
import { firstViolation } from './first-violation';

// A planted defect (docs/development.md › The simulator): Retry of a stop counts the zones the stop
// turned off among those still to stop, so a zone the person turned back on since is turned off
// again. The invariant "a stop's Retry touches only the zones that stop could not turn off" must catch it.
vi.mock('../../../electron/core/spend-stop/stop-plan', async (original) => {
  const real = await original<typeof import('../../../electron/core/spend-stop/stop-plan')>();
  return {
    ...real,
    retryPlan: (record: SpendStopRecord, block: ChangeBlock | null) => {
      const plan = real.retryPlan(record, block);
      return { ...plan, zones: [...plan.zones, ...record.disabled] };
    },
  };
});

describe('the simulator finds a stop Retry that redoes the stop', () => {
  it('within 200 seeds', async () => {
    const first = await firstViolation();
    expect(first.found, 'a seed breaks an invariant').toBe(true);
    console.info(`planted: stop Retry redoes the stop — found after ${first.seeds} seeds: ${first.message.split('\n')[0]}`);
  });
});
