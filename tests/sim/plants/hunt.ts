// Runs the simulator as model.test.ts does, but stops at the first seed that breaks an invariant
// and says which it was and after how many seeds: for the planted defects, which each invariant
// must catch within 200 seeds (docs/development.md › The simulator).
import fc from 'fast-check';
import { simCommands, type SimModel, type SimReal } from '../sim-commands';
import { expectNoBrokenPromise } from '../sim-fault-commands';
import { openWithAccounts } from '../sim-run';
import { createTrace } from '../sim-trace';
import { createSimWorld } from '../sim-world';

export type Hunt = { found: boolean; seeds: number; error: string; counterexample: string };

export async function hunt(options: { seeds: number; commands: number; seed: number }): Promise<Hunt> {
  const result = await fc.check(
    fc.asyncProperty(fc.integer({ min: 1, max: 1_000_000 }), simCommands(2, options.commands), async (worldSeed, commands) => {
      const trace = createTrace();
      const world = createSimWorld({ seed: worldSeed, serviceCount: 2, trace });
      try {
        const profileIds = await openWithAccounts(world, trace);
        const model: SimModel = { accounts: profileIds.length };
        await fc.asyncModelRun(() => ({ model, real: { world, trace, profileIds } satisfies SimReal }), commands);
        expectNoBrokenPromise(world);
      } finally {
        await world.close();
      }
    }),
    // The first violation is enough: no shrinking.
    { numRuns: options.seeds, seed: options.seed, endOnFailure: true },
  );
  const error = result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance ?? '');
  return { found: result.failed, seeds: result.numRuns, error, counterexample: result.counterexample ? fc.stringify(result.counterexample) : '' };
}
