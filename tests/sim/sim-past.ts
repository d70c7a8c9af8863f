// A world with weeks of the app's own past (docs/development.md › The simulator): the accounts are
// added four weeks before SIM_START and the app reads them once near the end of each day until
// then, asleep between, so its ledger holds the same weekdays an anomaly's band needs and the
// commands start, as always, at SIM_START.
import type { Trace } from './sim-trace';
import { SIM_START, type SimWorld } from './sim-world';

const DAY_MS = 86_400_000;

/** How long the past a world may start with lasts: an anomaly's band needs four same weekdays before the day. */
export const PAST_WEEKS = 4;

/** Where a world with a past starts: the same weekday and hour as SIM_START, `weeks` earlier. */
export const pastStart = (weeks: number) => SIM_START - weeks * 7 * DAY_MS;

/**
 * Lives the past up to SIM_START: the machine asleep, woken ten minutes before each UTC midnight to
 * read every account (the ledger's day is its last reading), then asleep again.
 */
export async function livePast(world: SimWorld, trace: Trace, profileIds: readonly string[]): Promise<void> {
  const core = world.core();
  core.setSystemState({ suspended: true });
  let days = 0;
  while (world.clock.now() < SIM_START) {
    const lateToday = Math.floor(world.clock.now() / DAY_MS) * DAY_MS + DAY_MS - 600_000;
    const next = lateToday > world.clock.now() ? Math.min(lateToday, SIM_START) : Math.min(lateToday + DAY_MS, SIM_START);
    await world.advance(Math.round((next - world.clock.now()) / 1000));
    core.setSystemState({ suspended: false, online: true });
    for (const profileId of profileIds) await world.call('poll:refresh', { profileId });
    if (world.clock.now() < SIM_START) core.setSystemState({ suspended: true });
    days += 1;
  }
  trace.push('time', `lived ${days} days of the app's past up to the start`);
}
