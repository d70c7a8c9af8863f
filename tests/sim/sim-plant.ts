// Shows an invariant able to fail (docs/development.md › The simulator): with a defect planted
// through `vi.mock` in the test file that calls this, the model's random runs must break it within
// `seeds` seeds. Stops at the first violation (no shrinking: finding it is the point).
import fc from 'fast-check';
import { simCommands, type SimModel, type SimReal } from './sim-commands';
import { expectNoWriteAfterRevoke } from './sim-life';
import { openWithAccounts } from './sim-run';
import { createTrace } from './sim-trace';
import { createSimWorld } from './sim-world';

export type PlantFound = { seeds: number; message: string };

/**
 * Runs the model over up to `seeds` seeds of `commands` commands until `invariant` (its message)
 * breaks; the violation's message, and after how many seeds. A seed that breaks another invariant
 * first counts as not finding it.
 */
export async function findPlanted(options: { invariant: RegExp; seeds: number; commands: number; seed?: number }): Promise<PlantFound | null> {
  let seeds = 0;
  try {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 1_000_000 }), simCommands(2, options.commands), async (worldSeed, commands) => {
        seeds += 1;
        const trace = createTrace();
        const world = createSimWorld({ seed: worldSeed, serviceCount: 2, trace });
        try {
          const profileIds = await openWithAccounts(world, trace);
          const model: SimModel = { accounts: profileIds.length };
          const real: SimReal = { world, trace, profileIds };
          await fc.asyncModelRun(() => ({ model, real }), commands);
          expectNoWriteAfterRevoke(world);
        } catch (err) {
          if (err instanceof Error && options.invariant.test(err.message)) throw err;
        } finally {
          await world.close();
        }
      }),
      { numRuns: options.seeds, endOnFailure: true, seed: options.seed ?? 38 },
    );
    return null;
  } catch (err) {
    // fast-check's error says where; its cause says which invariant broke, and (for whole values) which of their parts differ.
    const cause = err instanceof Error && err.cause instanceof Error ? `${err.cause.message}${differingParts(err.cause)}` : '';
    return { seeds, message: `${cause}\n${err instanceof Error ? err.message : String(err)}` };
  }
}

/** The top-level parts of an assertion's two values that differ, as `differs in: a, b`. */
function differingParts(error: Error): string {
  const { actual, expected } = error as Error & { actual?: unknown; expected?: unknown };
  if (actual === null || expected === null || typeof actual !== 'object' || typeof expected !== 'object') return '';
  const keys = [...new Set([...Object.keys(actual), ...Object.keys(expected)])];
  const differ = keys.filter((key) => JSON.stringify((actual as Record<string, unknown>)[key]) !== JSON.stringify((expected as Record<string, unknown>)[key]));
  return differ.length > 0 ? `\ndiffers in: ${differ.join(', ')}` : '';
}
