import fc from 'fast-check';
import { simCommands, type SimModel, type SimReal } from '../sim-commands';
import { openWithAccounts } from '../sim-run';
import { createTrace } from '../sim-trace';
import { createSimWorld } from '../sim-world';

/** What the model run met first: after how many seeds, and the invariant's words. */
export type FirstViolation = { found: boolean; seeds: number; message: string };

/**
 * Runs the model over up to `seeds` seeds of the full command mix (docs/development.md › The
 * simulator), as model.test.ts does, and stops at the first seed that breaks an invariant, without
 * shrinking it: the planted-defect tests only ask whether the simulator finds the defect at all.
 */
export async function firstViolation(seeds = 200, commands = 50): Promise<FirstViolation> {
  const details = await fc.check(
    fc.asyncProperty(fc.integer({ min: 1, max: 1_000_000 }), simCommands(2, commands), async (worldSeed, list) => {
      const trace = createTrace();
      const world = createSimWorld({ seed: worldSeed, serviceCount: 2, trace });
      try {
        const profileIds = await openWithAccounts(world, trace);
        const model: SimModel = { accounts: profileIds.length };
        const real: SimReal = { world, trace, profileIds };
        await fc.asyncModelRun(() => ({ model, real }), list);
      } finally {
        await world.close();
      }
    }),
    { numRuns: seeds, endOnFailure: true, seed: 1 },
  );
  const error = details.errorInstance;
  return { found: details.failed, seeds: details.numRuns, message: error instanceof Error ? error.message : String(error) };
}
