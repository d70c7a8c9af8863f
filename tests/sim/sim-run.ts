// One seed's run: the world built from the seed, then `commands` steps the seed chooses among —
// the clock moved on by up to an hour, "Refresh now", every view read, a crash and a reopen — with
// each step, request and read in the trace (docs/development.md › The simulator).
import type { Channel, Result } from '../../shared/ipc';
import { mulberry32 } from '../../electron/service/prng';
import { createSimWorld, type SimWorld } from './sim-world';
import { createTrace, digestOf, type Trace } from './sim-trace';

export type SeedRun = { seed: number; trace: Trace; simulatedMs: number };

/** The views a window reads for one account, and the app-wide ones, in a fixed order. */
const ACCOUNT_VIEWS = ['snapshot:get', 'spend:get', 'caps:get', 'history:anomalies'] as const satisfies readonly Channel[];
const APP_VIEWS = ['accounts:list', 'notices:list', 'history:recent'] as const satisfies readonly Channel[];

async function invoke(world: SimWorld, trace: Trace, channel: string, input: unknown): Promise<Result<unknown>> {
  const result = await world.core().invoke(channel, input);
  trace.push('read', `${channel}${input && typeof input === 'object' && 'profileId' in input ? ` ${String(input.profileId).slice(0, 8)}` : ''} → ${result.ok ? digestOf(result.value) : `error ${result.error.kind}`}`);
  return result;
}

async function readEverything(world: SimWorld, trace: Trace, profileIds: readonly string[]): Promise<void> {
  for (const channel of APP_VIEWS) await invoke(world, trace, channel, undefined);
  for (const profileId of profileIds) for (const channel of ACCOUNT_VIEWS) await invoke(world, trace, channel, { profileId });
}

/** Opens the first core and adds one account per service, with its admin's key; the accounts' ids in the services' order. */
export async function openWithAccounts(world: SimWorld, trace: Trace): Promise<string[]> {
  await world.open();
  const profileIds: string[] = [];
  for (const service of world.services) {
    trace.push('command', `add the account on ${service.name}`);
    const added = await world.core().invoke('key:set', { apiKey: service.adminKey, baseUrl: service.url });
    if (!added.ok) throw new Error(`adding the account on ${service.name} failed: ${added.error.message}`);
    profileIds.push((added.value as { profileId: string }).profileId);
  }
  return profileIds;
}

export async function runSeed(seed: number, options: { commands: number; serviceCount?: number }): Promise<SeedRun> {
  const trace = createTrace();
  const world = createSimWorld({ seed, serviceCount: options.serviceCount ?? 2, trace });
  const choose = mulberry32(seed);
  const started = world.clock.now();
  try {
    const profileIds = await openWithAccounts(world, trace);
    for (let step = 0; step < options.commands; step++) {
      const roll = choose();
      if (roll < 0.4) {
        const seconds = 1 + Math.floor(choose() * 3600);
        trace.push('time', `+${seconds} s`);
        await world.advance(seconds);
      } else if (roll < 0.6) {
        const profileId = profileIds[Math.floor(choose() * profileIds.length)]!;
        trace.push('command', `refresh ${profileId.slice(0, 8)}`);
        const result = await world.core().invoke('poll:refresh', { profileId });
        trace.push('command', `refresh → ${result.ok ? 'ok' : `error ${result.error.kind}`}`);
      } else if (roll < 0.95) {
        trace.push('command', 'read every view');
        await readEverything(world, trace, profileIds);
      } else {
        trace.push('fault', 'the process dies; Zonewatch is opened again on the same folder');
        world.crash();
        await world.open();
      }
    }
    return { seed, trace, simulatedMs: world.clock.now() - started };
  } finally {
    await world.close();
  }
}
