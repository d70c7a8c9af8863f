import type { Trace } from './sim-trace';
import type { SimWorld } from './sim-world';

/** What fast-check's model holds for the simulated user's commands (docs/development.md › The simulator). */
export type SimModel = {
  accounts: number;
  /** Per account, the zones a stop reported turned off and the service shows off, until someone turns one on, toggles or deletes it: what Restore owes. */
  stoppedOff: Set<string>[];
};
/** The real side a command acts on: the world, its trace and the accounts' ids in the services' order. */
export type SimReal = { world: SimWorld; trace: Trace; profileIds: string[] };
