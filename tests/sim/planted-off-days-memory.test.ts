import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import type { OffDaysFile } from '../../electron/core/anomalies/off-days-record';
import { initialModel, Refresh, Restart, Restore, Stop, type SimReal } from './sim-commands';
import { Sleep } from './sim-fault-commands';
import { openWithAccounts } from './sim-run';
import { livePast, pastStart, PAST_WEEKS } from './sim-past';
import { createTrace } from './sim-trace';
import { createSimWorld } from './sim-world';

// Planted (docs/development.md › The simulator): the record of what turned zones off (off-days)
// kept in memory only, as if its file were never written. A day a stop explained reads as turned
// off by someone after a restart. Found only in a world with weeks of the app's past (an anomaly's
// band needs four same weekdays) and a day closed after the stop, which a run of 50 commands from
// 09:00 seldom reaches: its shortest sequence is the test.
vi.mock('../../electron/core/anomalies/account-anomalies', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../electron/core/anomalies/account-anomalies')>();
  return {
    ...real,
    createAccountAnomalies: (deps: Parameters<typeof real.createAccountAnomalies>[0]) => {
      let value: OffDaysFile = { v: 1, words: [], facts: [] };
      const inMemory = { ...deps.doc, get: () => value, set: (next: OffDaysFile) => void (value = next), update: (fn: (current: OffDaysFile) => OffDaysFile) => (value = fn(value)) };
      return real.createAccountAnomalies({ ...deps, doc: inMemory });
    },
  };
});

describe('an off-days record kept in memory only', () => {
  it('is found by the simulator: a day Stop all spend explained reads otherwise after a restart', async () => {
    const trace = createTrace();
    const world = createSimWorld({ seed: 4, serviceCount: 2, trace, start: pastStart(PAST_WEEKS) });
    let error: unknown = null;
    try {
      const profileIds = await openWithAccounts(world, trace);
      await livePast(world, trace, profileIds);
      const real: SimReal = { world, trace, profileIds };
      await fc.asyncModelRun(() => ({ model: initialModel(profileIds.length), real }), [new Stop(0), new Sleep(8), new Sleep(8), new Refresh(0), new Restore(0), new Restart()]);
    } catch (err) {
      error = err;
    } finally {
      await world.close();
    }
    expect(error instanceof Error ? error.message : String(error)).toMatch(/a restart changes no read/);
  });
});
