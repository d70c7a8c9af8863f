import fc from 'fast-check';
import { describe, it } from 'vitest';
import { simCommands, type SimModel, type SimReal } from './sim-commands';
import { openWithAccounts } from './sim-run';
import { createTrace } from './sim-trace';
import { createSimWorld } from './sim-world';

// docs/development.md › The simulator: the user's commands, drawn and shrunk by fast-check, each
// checked against the reference model as it runs. A failure prints fast-check's seed and path
// (`fc.assert` replays them with `{ seed, path }`) and the shortest command list that still fails.
const SEEDS = Number(process.env.ZW_SIM_SEEDS ?? 200);
const COMMANDS = Number(process.env.ZW_SIM_COMMANDS ?? 50);

describe('the core against the model, command by command', () => {
  it(`keeps every invariant over ${SEEDS} seeds of up to ${COMMANDS} commands`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 1_000_000 }), simCommands(2, COMMANDS), async (worldSeed, commands) => {
        const trace = createTrace();
        const world = createSimWorld({ seed: worldSeed, serviceCount: 2, trace });
        try {
          const profileIds = await openWithAccounts(world, trace);
          const model: SimModel = { accounts: profileIds.length };
          const real: SimReal = { world, trace, profileIds };
          await fc.asyncModelRun(() => ({ model, real }), commands);
        } finally {
          await world.close();
        }
      }),
      { numRuns: SEEDS, ...(process.env.ZW_SIM_SEED ? { seed: Number(process.env.ZW_SIM_SEED) } : {}), ...(process.env.ZW_SIM_PATH ? { path: process.env.ZW_SIM_PATH } : {}) },
    );
  });
});
