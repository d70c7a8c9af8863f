import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Advance, initialModel, Refresh, Stop, Toggle, type SimModel, type SimReal } from './sim-commands';
import { AccountCap, expectOwnWrites, WithOwnWrites } from './sim-account-cap';
import { openWithAccounts } from './sim-run';
import { createTrace } from './sim-trace';
import { createSimWorld, type SimWorld } from './sim-world';

// The account cap left standing across commands (docs/development.md › The simulator): set above
// today's spend, it stops spend on its own once a later read passes it, once that UTC day, and
// restores the next day when asked to; every write it sends is journaled and told apart from the
// person's own.
async function withWorld(seed: number, body: (world: SimWorld, run: (commands: fc.AsyncCommand<SimModel, SimReal>[]) => Promise<void>) => Promise<void>): Promise<void> {
  const trace = createTrace();
  const world = createSimWorld({ seed, serviceCount: 2, trace });
  try {
    const profileIds = await openWithAccounts(world, trace);
    const model = initialModel(profileIds.length);
    const real: SimReal = { world, trace, profileIds };
    await body(world, async (commands) => {
      await fc.asyncModelRun(() => ({ model, real }), commands.map((command) => new WithOwnWrites(command)));
      expectOwnWrites(model, real);
    });
  } catch (err) {
    console.log(trace.text().split('\n').filter((line) => !line.startsWith('request') || / (PUT|PATCH|POST) /.test(line)).join('\n'));
    throw err;
  } finally {
    await world.close();
  }
}

const offWrites = (world: SimWorld) => world.autoWrites.filter((write) => (write.body as { enabled?: boolean }).enabled === false);
const onWrites = (world: SimWorld) => world.autoWrites.filter((write) => (write.body as { enabled?: boolean }).enabled === true);

describe('the account cap, standing', () => {
  it('stops spend on its own at the first read past it, once that day, and restores the next day', async () => {
    await withWorld(11, async (world, run) => {
      await run([new AccountCap(0, 150, true)]);
      expect(offWrites(world), 'not passed yet when set').toEqual([]);
      for (let hour = 0; hour < 12 && offWrites(world).length === 0; hour++) await run([new Advance(1800), new Refresh(1), new Advance(1800), new Refresh(0)]);
      const stopped = offWrites(world);
      expect(stopped.length, 'the cap stopped spend once a read passed it').toBeGreaterThan(0);
      expect(stopped.every((write) => write.service === 'svc0'), 'on its own account only').toBe(true);
      expect(world.services[0]!.host.state.zones.size).toBeGreaterThan(0);
      // The person turns a zone on again the same day and stops the other account: the cap does not stop again that day.
      await run([new Toggle(0, 0, true), new Toggle(0, 1, true), new Stop(1), new Refresh(0), new Advance(600), new Refresh(0)]);
      expect(world.writes.length, "the person's own writes").toBeGreaterThan(0);
      expect(offWrites(world), 'told apart from the cap\'s, which stopped once that day').toEqual(stopped);
      // The next UTC day begins: the cap restores what it stopped.
      for (let hour = 0; hour < 30 && onWrites(world).length === 0; hour++) await run([new Advance(3600), new Refresh(0)]);
      expect(onWrites(world).length, 'restored the next day').toBeGreaterThan(0);
      expect(onWrites(world).every((write) => write.service === 'svc0' && new Date(write.wall).toISOString().slice(0, 10) > new Date(stopped[0]!.wall).toISOString().slice(0, 10))).toBe(true);
    });
  });

  it('a cap passed already when it is set stops spend at once', async () => {
    await withWorld(12, async (world, run) => {
      await run([new AccountCap(1, 50, false)]);
      expect(offWrites(world).length).toBeGreaterThan(0);
      expect(offWrites(world).every((write) => write.service === 'svc1')).toBe(true);
    });
  });
});
