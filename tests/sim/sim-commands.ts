// The simulated user's commands for fast-check's model-based runs (docs/development.md › The
// simulator), each checked against the reference model as soon as it has run. The model is plain
// data written here: which services' zones were enabled, what a stop of Zonewatch's turned off.
import fc from 'fast-check';
import { expect } from 'vitest';
import type { SpendStopReport, SpendStopState } from '../../shared/spend-stop';
import type { Result } from '../../shared/ipc';
import { digestOf } from './sim-trace';
import type { SimService } from './sim-world';
import { faultCommands } from './sim-fault-commands';
import { lifeCommands } from './sim-life-commands';
import { capRule, moneyCommands } from './sim-money-commands';
import { capsDiskCommands } from './sim-caps-disk';
import { ownWritesSince, refreshWithCap, WithOwnWrites } from './sim-account-cap';
import { lifeReads } from './sim-restart-reads';
import type { SimModel, SimReal } from './sim-run-state';

export type { SimModel, SimReal } from './sim-run-state';

export function initialModel(accounts: number): SimModel {
  return { accounts, stoppedOff: Array.from({ length: accounts }, () => new Set<string>()) };
}
type Command = fc.AsyncCommand<SimModel, SimReal>;

/** Each zone's enabled state on a service, by id: what the service itself holds. */
function enabledOn(service: SimService): Record<string, boolean> {
  return Object.fromEntries([...service.host.state.zones.values()].map((zone) => [zone.zone_id, zone.enabled]));
}

function everyService(real: SimReal): Record<string, Record<string, boolean>> {
  return Object.fromEntries(real.world.services.map((service) => [service.name, enabledOn(service)]));
}

/** The zone ids a run of writes named, on one service. */
function zonesWritten(real: SimReal, from: number, service: string): string[] {
  return real.world.writes
    .slice(from)
    .filter((write) => write.service === service)
    .map((write) => decodeURIComponent(write.path.split('/')[3] ?? ''));
}

/**
 * The zones of `service` written since the `from`-th lost answer whose answer never reached the app
 * (sim-faults.ts › lost): the service carried the write out, the app heard a failure, so either
 * state may stand — never reported done (a toggle said failed) while the next read shows the truth.
 */
export function lostSince(real: SimReal, from: number, service: string): Set<string> {
  return new Set(real.world.faults.lost().slice(from).filter((lost) => lost.host === `${service}.sim` && lost.method !== 'GET').map((lost) => decodeURIComponent(lost.path.split('/')[3] ?? '')));
}

function note(real: SimReal, line: string, result: Result<unknown>): void {
  real.trace.push('command', `${line} → ${result.ok ? 'ok' : `error ${result.error.kind}: ${result.error.message}`}`);
}

/**
 * A zone's live figures, which go on moving while the reopened app reads its accounts again (the
 * simulator's clock runs while a command waits): today's and the month's spend, the share of a cap
 * used, and the usual day worked out from this month's spend. Everything else a view says is what
 * the app kept, and must read the same.
 */
const LIVE_FIGURES = new Set(['spendTodayCents', 'spendMonthCents', 'capUsed', 'usual']);
function withoutLiveFigures(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutLiveFigures);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => !LIVE_FIGURES.has(key)).map(([key, inner]) => [key, withoutLiveFigures(inner)]));
}

/** Views a restart must not change (docs/development.md › The simulator: a crash and reopen changes no read). */
async function durableReads(real: SimReal): Promise<Record<string, unknown>> {
  const reads: Record<string, unknown> = {};
  for (const [index, profileId] of real.profileIds.entries()) {
    for (const channel of ['spend:get', 'caps:get', 'history:anomalies'] as const) {
      const result = await real.world.core().invoke(channel, { profileId });
      // Whole values, so a failure shows what differs.
      reads[`${channel} account ${index}`] = result.ok ? withoutLiveFigures(result.value) : `error ${result.error.kind}`;
    }
  }
  return reads;
}

export class Advance implements Command {
  constructor(readonly seconds: number) {}
  check = () => true;
  async run(_model: SimModel, real: SimReal) {
    real.trace.push('time', `+${this.seconds} s`);
    await real.world.advance(this.seconds);
  }
  toString = () => `advance(${this.seconds})`;
}

export class Refresh implements Command {
  constructor(readonly account: number) {}
  check = (model: SimModel) => this.account < model.accounts;
  async run(model: SimModel, real: SimReal) {
    // Its account cap, when one stands and spend has passed it, stops spend now (sim-account-cap.ts).
    await refreshWithCap(model, real, this.account);
  }
  toString = () => `refresh(${this.account})`;
}

/**
 * Toggling a zone changes that zone on that account's service, and nothing else anywhere. The zone
 * is one the window lists — the zones the app knows for the account (docs/architecture.md › Decisions
 * on the interface's open points: ids come from the users list and the pins) — as a person can
 * only click those.
 */
export class Toggle implements Command {
  constructor(readonly account: number, readonly zone: number, readonly enabled: boolean) {}
  check = (model: SimModel) => this.account < model.accounts;
  async run(model: SimModel, real: SimReal) {
    const service = real.world.services[this.account]!;
    const ids = Object.keys(real.world.core().snapshot(real.profileIds[this.account]!)?.zones ?? {}).sort();
    const zoneId = ids[this.zone % Math.max(ids.length, 1)];
    if (zoneId === undefined) {
      real.trace.push('command', `toggle on account ${this.account}: no zone known yet`);
      return;
    }
    const before = everyService(real);
    const lostFrom = real.world.faults.lost().length;
    const result = await real.world.call('zones:setEnabled', { profileId: real.profileIds[this.account], zoneId, enabled: this.enabled });
    note(real, `turn ${zoneId} on account ${this.account} ${this.enabled ? 'on' : 'off'}`, result);
    const expected = structuredClone(before);
    const lost = lostSince(real, lostFrom, service.name).has(zoneId);
    if (lost) expect(result.ok && (result.value as { enabled?: unknown }).enabled === this.enabled && service.host.state.zones.get(zoneId)?.enabled !== this.enabled, 'a toggle whose answer was lost is not reported done unless it holds').toBe(false);
    if (result.ok || lost) expected[service.name]![zoneId] = this.enabled;
    expect(everyService(real), 'a toggle changes its own zone only').toEqual(expected);
    // The person has handled this zone themselves: Restore owes it nothing more.
    model.stoppedOff[this.account]!.delete(zoneId);
  }
  toString = () => `toggle(${this.account}, ${this.zone}, ${this.enabled})`;
}

/** Stop all spend writes only to that account's enabled zones; each it says it disabled is off. */
export class Stop implements Command {
  constructor(readonly account: number) {}
  check = (model: SimModel) => this.account < model.accounts;
  async run(model: SimModel, real: SimReal) {
    const service = real.world.services[this.account]!;
    const before = everyService(real);
    const from = real.world.writes.length;
    const ownFrom = real.world.autoWrites.length;
    const lostFrom = real.world.faults.lost().length;
    const result = await real.world.call('spend:stop', { profileId: real.profileIds[this.account] });
    note(real, `stop all spend on account ${this.account}`, result);
    const enabledBefore = Object.keys(before[service.name]!).filter((id) => before[service.name]![id]);
    expect(real.world.writes.slice(from).every((write) => write.service === service.name), 'a stop writes to its own account only').toBe(true);
    for (const zoneId of zonesWritten(real, from, service.name)) expect(enabledBefore, 'a stop writes to enabled zones only').toContain(zoneId);
    const expected = structuredClone(before);
    if (result.ok) for (const outcome of (result.value as SpendStopReport).outcomes) if (outcome.result === 'disabled') expected[service.name]![outcome.zoneId] = false;
    const now0 = everyService(real);
    // What an account cap stopped on its own meanwhile is checked by expectOwnWrites (sim-account-cap.ts).
    for (const [name, zones] of ownWritesSince(real, ownFrom)) for (const zoneId of zones) expected[name]![zoneId] = now0[name]![zoneId]!;
    // A zone whose stop the service carried out, its answer lost: off, and reported failed (never done).
    for (const zoneId of lostSince(real, lostFrom, service.name)) expected[service.name]![zoneId] = false;
    expect(now0, 'a stop turns off what it reports, and nothing else').toEqual(expected);
    // What the stop told the person it turned off, and the service shows off: what Restore owes.
    const now = enabledOn(service);
    if (result.ok) for (const outcome of (result.value as SpendStopReport).outcomes) if (outcome.result === 'disabled' && now[outcome.zoneId] === false) model.stoppedOff[this.account]!.add(outcome.zoneId);
  }
  toString = () => `stop(${this.account})`;
}

/**
 * Restore puts back what the stops turned off: the app's record still lists every zone the model
 * says a stop turned off (no money record is lost, a restart included), Restore writes only to
 * zones the record lists, on that account's service, and afterwards each such zone is on again or
 * its outcome says why not.
 */
export class Restore implements Command {
  constructor(readonly account: number) {}
  check = (model: SimModel) => this.account < model.accounts;
  async run(model: SimModel, real: SimReal) {
    const service = real.world.services[this.account]!;
    const profileId = real.profileIds[this.account];
    const owed = model.stoppedOff[this.account]!;
    // A zone someone turned on again, or deleted, is owed nothing more.
    const states = enabledOn(service);
    for (const zoneId of owed) if (states[zoneId] !== false) owed.delete(zoneId);
    const state = await real.world.core().invoke('spend:get', { profileId });
    const stopped = state.ok ? ((state.value as SpendStopState).record?.disabled.map((zone) => zone.zoneId) ?? []) : [];
    expect(stopped, 'the stop record keeps every zone a stop turned off').toEqual(expect.arrayContaining([...owed].sort()));
    const from = real.world.writes.length;
    const result = await real.world.call('spend:restore', { profileId });
    note(real, `restore account ${this.account}`, result);
    for (const zoneId of zonesWritten(real, from, service.name)) expect(stopped, 'a restore writes only to zones the stop turned off').toContain(zoneId);
    expect(real.world.writes.slice(from).every((write) => write.service === service.name), 'a restore writes to its own account only').toBe(true);
    if (!result.ok) return;
    const now = enabledOn(service);
    const outcomes = new Map((result.value as SpendStopReport).outcomes.map((outcome) => [outcome.zoneId, outcome]));
    for (const zoneId of [...owed].sort()) {
      const outcome = outcomes.get(zoneId);
      if (now[zoneId] === true || outcome?.result === 'gone') {
        owed.delete(zoneId);
        continue;
      }
      // Left off: only a zone whose request failed, was not tried or is not allowed may stay so ("skipped" says it was on already).
      expect(outcome?.result, `${zoneId}, which a stop turned off, is still off after Restore`).toMatch(/^(failed|not_tried|not_allowed)$/);
      expect(outcome?.reason, `why ${zoneId} was left off`).toBeTruthy();
    }
    for (const outcome of outcomes.values()) {
      if (!stopped.includes(outcome.zoneId)) continue;
      if (outcome.result === 'enabled') expect(now[outcome.zoneId], `${outcome.zoneId} restored`).toBe(true);
      else expect(outcome.reason, `why ${outcome.zoneId} was left off`).toBeTruthy();
    }
  }
  toString = () => `restore(${this.account})`;
}

/** The process dies (no graceful stop) and Zonewatch opens again on the same folder: no read changes. */
export class Restart implements Command {
  check = () => true;
  async run(_model: SimModel, real: SimReal) {
    // Read fresh on both sides: what the service did on its own meanwhile (a zone turned off at its
    // cap, the cap's last firing) is news, and someone else's change (a zone deleted) is in no view
    // before a read; neither is something the restart changed.
    const ownFrom = real.world.autoWrites.length;
    for (const profileId of real.profileIds) await real.world.call('poll:refresh', { profileId });
    const before = { ...(await durableReads(real)), ...(await lifeReads(real)) };
    real.trace.push('fault', 'the process dies; Zonewatch is opened again on the same folder');
    real.world.crash();
    await real.world.open();
    // Compared once the reopened app has read each account again, or tried to: a service may be
    // down, and the cache must then show what the app last left (docs/development.md › The simulator).
    const unread: number[] = [];
    for (const [index, profileId] of real.profileIds.entries()) {
      const refreshed = await real.world.call('poll:refresh', { profileId });
      if (!refreshed.ok || (refreshed.value as { lastError?: unknown }).lastError) unread.push(index);
    }
    const after: Record<string, unknown> = { ...(await durableReads(real)), ...(await lifeReads(real)) };
    // An account the reopened app cannot read shows its cache, written at most every five minutes
    // while polling (docs/architecture.md › Offline): someone else's cap change a poll read just
    // before the kill is not in it, and the caps view's zones come from it. The app's own changes
    // are written at once, and the other views still compare.
    for (const index of unread) {
      delete after[`caps:get account ${index}`];
      delete (before as Record<string, unknown>)[`caps:get account ${index}`];
    }
    // An account cap that stopped spend on its own across the restart changed the reads itself
    // (its writes are checked by expectOwnWrites, sim-account-cap.ts): nothing to compare then.
    if (real.world.autoWrites.length > ownFrom) return void real.trace.push('read', 'an account cap acted across the restart: the reads are not compared');
    expect(after, 'a restart changes no read').toEqual(before);
  }
  toString = () => 'restart()';
}

/** Every view the window reads, each answered (an error is a plain-words answer too, never a throw). */
export class ReadAll implements Command {
  check = () => true;
  async run(_model: SimModel, real: SimReal) {
    for (const channel of ['accounts:list', 'notices:list', 'history:recent'] as const) {
      const result = await real.world.core().invoke(channel, undefined);
      real.trace.push('read', `${channel} → ${result.ok ? digestOf(result.value) : `error ${result.error.kind}`}`);
    }
    for (const profileId of real.profileIds) {
      for (const channel of ['snapshot:get', 'spend:get', 'caps:get', 'history:anomalies'] as const) {
        const result = await real.world.core().invoke(channel, { profileId });
        real.trace.push('read', `${channel} ${profileId.slice(0, 8)} → ${result.ok ? digestOf(result.value) : `error ${result.error.kind}`}`);
      }
    }
  }
  toString = () => 'readAll()';
}

/**
 * The commands a seed draws from, for `accounts` accounts. `replayPath` is what fast-check prints
 * beside a shrunk list: with the seed and path, it names that list again.
 */
export function simCommands(accounts: number, maxCommands: number, replayPath?: string) {
  const account = fc.nat({ max: accounts - 1 });
  const commands: fc.Arbitrary<Command>[] = [
      fc.integer({ min: 1, max: 3600 }).map((seconds) => new Advance(seconds)),
      account.map((a) => new Refresh(a)),
      fc.tuple(account, fc.nat({ max: 15 }), fc.boolean()).map(([a, z, on]) => new Toggle(a, z, on)),
      account.map((a) => new Stop(a)),
      account.map((a) => new Restore(a)),
      fc.constant(new Restart()),
      fc.constant(new ReadAll()),
      ...moneyCommands(account),
      capsDiskCommands(account, capRule),
      ...faultCommands(accounts),
      ...lifeCommands(accounts),
  ];
  // After each, every write the app sent on its own meanwhile is checked (sim-account-cap.ts).
  return fc.commands(
    commands.map((command) => command.map((drawn) => new WithOwnWrites(drawn))),
    { maxCommands, ...(replayPath ? { replayPath } : {}) },
  );
}
