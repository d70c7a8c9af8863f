// Two of the user's commands on one account at once, their answers let through in an order
// fast-check draws (`fc.scheduler`), the background polls' too (docs/development.md › The
// simulator): a toggle and a stop on the same account, a stop and a refresh, a restore and a
// toggle. What each says it did is what the service holds, and once both have answered the window
// shows what the service holds.
import fc from 'fast-check';
import { ownWritesSince } from './sim-account-cap';
import { expect } from 'vitest';
import type { Zone } from '../../shared/api/zone';
import type { Snapshot } from '../../shared/snapshot';
import type { SpendStopReport } from '../../shared/spend-stop';
import type { Result } from '../../shared/ipc';
import { expectLifeInvariants } from './sim-life-checks';
import type { LifeModel, LifeReal } from './sim-life';
import { settle } from './sim-world';

export type Concurrent = 'toggle' | 'stop' | 'restore' | 'refresh';

/** How long a pair may take, in simulated seconds, before the simulator calls it hung (as `world.call`). */
const MAX_WAIT_S = 600;

function zonesOf(real: LifeReal, account: number): Record<string, boolean> {
  return Object.fromEntries([...real.world.services[account]!.host.state.zones.values()].map((zone) => [zone.zone_id, zone.enabled]));
}

function shown(real: LifeReal, account: number): Snapshot['zones'] {
  return real.world.core().snapshot(real.profileIds[account]!)?.zones ?? {};
}

export class Interleave implements fc.AsyncCommand<LifeModel, LifeReal> {
  constructor(
    readonly account: number,
    readonly pair: readonly [Concurrent, Concurrent],
    readonly zone: number,
    readonly enabled: boolean,
    readonly scheduler: fc.Scheduler,
  ) {}
  check = (model: LifeModel) => this.account < model.accounts;

  async run(_model: LifeModel, real: LifeReal) {
    const { world } = real;
    const profileId = real.profileIds[this.account]!;
    const service = world.services[this.account]!;
    const known = Object.keys(shown(real, this.account)).sort();
    const zoneId = known[this.zone % Math.max(known.length, 1)];
    const start = (kind: Concurrent): Promise<Result<unknown>> => {
      if (kind === 'toggle') return zoneId === undefined ? Promise.resolve({ ok: true, value: null }) : world.core().invoke('zones:setEnabled', { profileId, zoneId, enabled: this.enabled });
      if (kind === 'stop') return world.core().invoke('spend:stop', { profileId });
      if (kind === 'restore') return world.core().invoke('spend:restore', { profileId });
      return world.core().invoke('poll:refresh', { profileId });
    };
    const others = world.services.filter((other) => other !== service).map((other) => JSON.stringify([...other.host.state.zones.values()].map((zone) => zone.enabled)));
    const from = world.writes.length;
    const ownFrom = world.autoWrites.length;

    world.setGate((answer, label) => this.scheduler.schedule(answer, label));
    let results: Result<unknown>[];
    try {
      let answered = 0;
      const running = this.pair.map((kind) => start(kind).finally(() => void (answered += 1)));
      for (let waited = 0; ; ) {
        await settle();
        if (this.scheduler.count() > 0) await this.scheduler.waitOne();
        else if (answered === running.length) break;
        else if (waited++ < MAX_WAIT_S) world.clock.advance(1);
        else throw new Error(`${this.pair.join(' and ')} did not answer within ${MAX_WAIT_S} simulated seconds`);
      }
      results = await Promise.all(running);
    } finally {
      world.setGate(null);
    }
    real.trace.push('command', `at once on account ${this.account}: ${this.pair.join(' and ')}${zoneId ? ` (${zoneId} ${this.enabled ? 'on' : 'off'})` : ''} → ${results.map((r) => (r.ok ? 'ok' : `error ${r.error.kind}`)).join(', ')}; answers in the order ${this.scheduler.report().map((task) => task.label).join(' | ')}`);

    const writes = world.writes.slice(from);
    expect(writes.every((write) => write.service === service.name), 'two commands on one account write to that account only').toBe(true);
    // Unless its account cap stopped it on its own meanwhile (checked by expectOwnWrites, sim-account-cap.ts).
    const capped = new Set(ownWritesSince(real, ownFrom).keys());
    const unchanged = (states: string[]) => states.filter((_, index) => !capped.has(world.services.filter((other) => other !== service)[index]!.name));
    expect(
      unchanged(world.services.filter((other) => other !== service).map((other) => JSON.stringify([...other.host.state.zones.values()].map((zone) => zone.enabled)))),
      'no other account changed',
    ).toEqual(unchanged(others));

    // What each says it did holds, unless the other command wrote to the same zone after it.
    const now = zonesOf(real, this.account);
    const lastWriteTo = (id: string) => writes.findLast((write) => write.path === `/v1/zones/${encodeURIComponent(id)}`);
    for (const [index, kind] of this.pair.entries()) {
      const result = results[index]!;
      if (!result.ok) continue;
      if (kind === 'toggle' && zoneId !== undefined && result.value !== null) {
        const last = lastWriteTo(zoneId)?.body as { enabled?: boolean } | undefined;
        expect(now[zoneId], `the toggle said ${zoneId} is ${this.enabled ? 'on' : 'off'}`).toBe(last?.enabled ?? (result.value as Zone).enabled);
      }
      if (kind === 'stop' || kind === 'restore') {
        for (const outcome of (result.value as SpendStopReport).outcomes) {
          if (outcome.result !== 'disabled' && outcome.result !== 'enabled') continue;
          const last = lastWriteTo(outcome.zoneId)?.body as { enabled?: boolean } | undefined;
          expect(now[outcome.zoneId], `${kind} said ${outcome.zoneId} is ${outcome.result}`).toBe(last?.enabled ?? outcome.result === 'enabled');
        }
      }
    }

    // Once both have answered, the window shows each zone they wrote to as the service holds it.
    const window = shown(real, this.account);
    const written = [...new Set(writes.map((write) => decodeURIComponent(write.path.split('/')[3] ?? '')))];
    const stale = written.filter((id) => id in now && id in window && window[id]!.zone.enabled !== now[id]);
    expect(stale.map((id) => `${id}: the window says ${window[id]!.zone.enabled ? 'on' : 'off'}, the service holds it ${now[id] ? 'on' : 'off'}`), 'the window shows what the writes left').toEqual([]);
    await expectLifeInvariants(real);
  }
  toString = () => `interleave(${this.account}, ${this.pair.join('+')}, ${this.zone}, ${this.enabled}, ${String(this.scheduler)})`;
}

/** The pairs drawn, each in both orders: two different commands, at least one of them a write. */
const PAIRS: readonly (readonly [Concurrent, Concurrent])[] = (
  [
    ['toggle', 'stop'],
    ['stop', 'refresh'],
    ['toggle', 'refresh'],
    ['restore', 'toggle'],
    ['stop', 'restore'],
    ['restore', 'refresh'],
  ] as const
).flatMap(([a, b]) => [[a, b] as const, [b, a] as const]);

export function interleavings(accounts: number) {
  return fc
    .tuple(fc.nat({ max: accounts - 1 }), fc.constantFrom(...PAIRS), fc.nat({ max: 15 }), fc.boolean(), fc.scheduler())
    .map(([account, pair, zone, enabled, scheduler]) => new Interleave(account, pair, zone, enabled, scheduler));
}
