// One written-down sequence of commands on one world, as a finding's test keeps the shortest
// sequence the simulator shrank to (docs/development.md › The simulator).
import fc from 'fast-check';
import { initialModel, type SimModel, type SimReal } from './sim-commands';
import { openWithAccounts } from './sim-run';
import { createTrace, type Trace } from './sim-trace';
import { createSimWorld } from './sim-world';

/** Opens world `seed` with its two accounts, runs `commands` checked against the model, then `after`; closes the world and returns its trace. */
export async function runSequence(seed: number, commands: readonly fc.AsyncCommand<SimModel, SimReal>[], after?: (real: SimReal) => Promise<void> | void): Promise<Trace> {
  const trace = createTrace();
  const world = createSimWorld({ seed, serviceCount: 2, trace });
  try {
    const profileIds = await openWithAccounts(world, trace);
    const model = initialModel(profileIds.length);
    const real: SimReal = { world, trace, profileIds };
    await fc.asyncModelRun(() => ({ model, real }), commands);
    await after?.(real);
  } finally {
    await world.close();
  }
  return trace;
}
