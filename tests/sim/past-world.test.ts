import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { initialModel, Refresh, Restart, Restore, Stop, type SimReal } from './sim-commands';
import { Sleep } from './sim-fault-commands';
import { checkModel, DEFAULT_COMMANDS, describeViolation } from './sim-property';
import { openWithAccounts } from './sim-run';
import { livePast, pastStart, PAST_WEEKS } from './sim-past';
import { createTrace } from './sim-trace';
import { createSimWorld } from './sim-world';

// Worlds with weeks of the app's own past (docs/development.md › The simulator): the app's ledger
// holds the same weekdays an anomaly's band needs, so anomalies are read, explained, and compared
// across restarts like every other view. Each such world costs about three seconds to live its past,
// so a few runs here rather than in the model test's 200.
const RUNS = Number(process.env.ZW_SIM_PAST_RUNS ?? 6);

describe('a world with weeks of past', () => {
  it('reads a day Stop all spend explained, and reads it the same after a Restore and a restart', async () => {
    const trace = createTrace();
    const world = createSimWorld({ seed: 4, serviceCount: 2, trace, start: pastStart(PAST_WEEKS) });
    try {
      const profileIds = await openWithAccounts(world, trace);
      await livePast(world, trace, profileIds);
      const real: SimReal = { world, trace, profileIds };
      await fc.asyncModelRun(() => ({ model: initialModel(profileIds.length), real }), [new Stop(0), new Sleep(8), new Sleep(8), new Refresh(0)]);
      const read = await world.core().invoke('history:anomalies', { profileId: profileIds[0] });
      const explained = read.ok ? (read.value as { words: string }[]).filter((anomaly) => /Turned off by Stop all spend/.test(anomaly.words)) : [];
      expect(explained.length, 'the stopped day reads as explained by the stop').toBeGreaterThan(0);
      await fc.asyncModelRun(() => ({ model: initialModel(profileIds.length), real }), [new Restore(0), new Restart()]);
    } finally {
      await world.close();
    }
  });

  it(`keeps every invariant over ${RUNS} runs of up to ${DEFAULT_COMMANDS} commands`, async () => {
    const violation = await checkModel({ runs: RUNS, commands: DEFAULT_COMMANDS, shrink: false, seed: 2026, past: true });
    if (violation) throw new Error(describeViolation(violation));
  });
});
