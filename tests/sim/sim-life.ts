// What the simulator keeps beside a run to check the service's life and other people's actions
// against (docs/development.md › The simulator): each account's key as the service knows it, the
// keys the app was told are revoked, and the tray as main builds it from the core's events. Plain
// data and the shells' own pure parts, never the core's derivations.
import { expect } from 'vitest';
import type { AppCore } from '../../electron/core/app-core';
import { createTrayState, type TrayState } from '../../electron/main/tray-state';
import type { Trace } from './sim-trace';
import type { SimWorld } from './sim-world';

/**
 * What the life commands read of a run: the model's and the world's shapes as sim-commands.ts
 * declares them (SimModel, SimReal), restated so that these files do not import the file that lists them.
 */
export type LifeModel = { accounts: number };
export type LifeReal = { world: SimWorld; trace: Trace; profileIds: string[] };

export type SimLife = {
  /** Each key the service answered 401, with how many writes had been sent then: a write at that index or later came after the app knew. */
  rejectedAt: Map<string, { writes: number; own: number }>;
  /** The tray of the core running now, built as main builds it (electron/main/tray-state.ts) from the core's events. */
  tray: TrayState;
  /** Zones someone else created on each service, so each new id is new. */
  created: number;
};

const lives = new WeakMap<SimWorld, SimLife>();

function trayOf(core: AppCore): TrayState {
  const tray = createTrayState({ overview: core.overview(), app: core.app(), update: core.appUpdate() });
  core.onEvent((event, payload) => void tray.apply(event, payload));
  return tray;
}

/**
 * The life kept beside `real`'s world, attached at the first command that needs it: nothing it
 * watches (a revoked key, the tray) can happen before one of the life commands has run, and from
 * then on each core opened gets its tray before it starts, as main's does.
 */
export function lifeOf(real: LifeReal): SimLife {
  const known = lives.get(real.world);
  if (known) return known;
  const world = real.world;
  const life: SimLife = { rejectedAt: new Map(), tray: trayOf(world.core()), created: 0 };
  world.onAnswer((answer) => {
    if (answer.status === 401 && answer.key !== null && !life.rejectedAt.has(answer.key)) life.rejectedAt.set(answer.key, { writes: world.writes.length, own: world.autoWrites.length });
  });
  world.onOpen((core) => void (life.tray = trayOf(core)));
  lives.set(world, life);
  return life;
}

/**
 * No write after a key is revoked: once the service has answered the app 401 for a key, no later
 * write carries that key (writes already on their way then are not counted). Run after every life
 * command and at the end of every run.
 */
export function expectNoWriteAfterRevoke(world: SimWorld): void {
  const life = lives.get(world);
  if (!life) return;
  // The person's writes and the app's own (an account cap's stop) alike.
  const late = (['writes', 'own'] as const).flatMap((which) =>
    (which === 'writes' ? world.writes : world.autoWrites).flatMap((write, index) => {
      const at = write.key === null ? undefined : life.rejectedAt.get(write.key)?.[which];
      return at !== undefined && index >= at ? [`${write.method} ${write.service}${write.path} with a key the service had refused`] : [];
    }),
  );
  expect(late, 'no write after a key is revoked').toEqual([]);
}
