import fc from 'fast-check';
import { it } from 'vitest';
import type { SimModel, SimReal } from './sim-commands';
import { interleavings } from './sim-interleave';
import { openWithAccounts } from './sim-run';
import { createTrace } from './sim-trace';
import { createSimWorld } from './sim-world';

it('debug', async () => {
  await fc.assert(
    fc.asyncProperty(fc.integer({ min: 1, max: 1_000_000 }), fc.commands([interleavings(2)], { maxCommands: 10 }), async (seed, commands) => {
      const trace = createTrace();
      const world = createSimWorld({ seed, serviceCount: 2, trace });
      try {
        const profileIds = await openWithAccounts(world, trace);
        const real: SimReal = { world, trace, profileIds };
        try {
          await fc.asyncModelRun(() => ({ model: { accounts: 2 } as SimModel, real }), commands);
        } catch (e) {
          console.log(trace.lines().filter((l) => l.startsWith('command')).join('\n'));
          throw e;
        }
      } finally {
        await world.close();
      }
    }),
    { numRuns: 30 },
  );
}, 600_000);
