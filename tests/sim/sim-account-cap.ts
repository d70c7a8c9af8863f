// The account cap left standing across commands (docs/development.md › The simulator): the person
// sets it and it stays; once a poll cycle has read spend past it, the app stops all spend on its
// own (written ahead in the journal, at most once a UTC day), and restores the next UTC day when
// asked to. The model keeps each account's rule and the days its cap stopped spend, from the
// writes the services received and never from the app's records; every write the app sends on its
// own is checked against it after each command, whichever command's time it fell in.
import fc from 'fast-check';
import { expect } from 'vitest';
import type { CapsView } from '../../shared/caps';
import type { SpendStopState } from '../../shared/spend-stop';
import { journalOnDisk, zoneOf } from './sim-money-model';
import type { SimModel, SimReal } from './sim-run-state';
import type { SimService, SimWrite } from './sim-world';

type Command = fc.AsyncCommand<SimModel, SimReal>;

const UTC_DAY = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** One account's cap as the model keeps it. */
type CapModel = {
  rule: { dailyCents: number; restoreNextPeriod: boolean } | null;
  /** Per UTC day (the app's wall clock), the journal entry of the one stop its cap made. */
  stops: Map<string, string>;
  /** The day a rule that restores was set: a stop under it comes that day or later, its restore on a later day. */
  restoreFrom: string | null;
  /** The journal entry of the restore under way, once one has begun. */
  restoring: string | null;
};

type CapWorld = { accounts: CapModel[]; checked: number; entryOf: WeakMap<SimWrite, string | null> };
const worlds = new WeakMap<SimReal, CapWorld>();

/** The model of the account caps, listening from the first command on to the journal each of the app's own writes stands for. */
function capWorld(real: SimReal): CapWorld {
  const known = worlds.get(real);
  if (known) return known;
  const { world } = real;
  const state: CapWorld = { accounts: real.profileIds.map(() => ({ rule: null, stops: new Map(), restoreFrom: null, restoring: null })), checked: world.autoWrites.length, entryOf: new WeakMap() };
  world.onAnswer((answer) => {
    if (answer.method === 'GET') return;
    // Up to four go out at once: the one answered is the last sent to that zone.
    const write = world.autoWrites.findLast((sent) => sent.path === answer.path && sent.service === answer.service);
    if (!write || state.entryOf.has(write)) return;
    // Heard before the app hears the answer: the entry the run wrote ahead is still on disk.
    const account = world.services.findIndex((service) => service.name === write.service);
    const entry = journalOnDisk(real, account).find((e) => e.zones.some((zone) => zone.zoneId === zoneOf(write)));
    state.entryOf.set(write, entry?.id ?? null);
  });
  worlds.set(real, state);
  return state;
}

const spentOn = (service: SimService, day: string) => [...service.host.state.zones.values()].reduce((sum, zone) => sum + (zone.days.get(day)?.spendCents ?? 0), 0);

/**
 * Every write the app sent on its own since the last check: only the account cap's, each journaled,
 * a stop only under a cap whose amount the account's spend has passed, at most one a UTC day, and
 * zones turned on again only to restore what such a stop turned off, on a later day.
 */
export function expectOwnWrites(model: SimModel, real: SimReal): void {
  const caps = capWorld(real);
  const { world } = real;
  for (const write of world.autoWrites.slice(caps.checked)) {
    const account = world.services.findIndex((service) => service.name === write.service);
    const cap = caps.accounts[account]!;
    const zoneId = zoneOf(write);
    const enabled = (write.body as { enabled?: unknown }).enabled;
    expect(write.body, `the app changes nothing but a zone's on/off state on its own (${write.service} ${zoneId})`).toEqual({ enabled });
    const entry = caps.entryOf.get(write);
    expect(entry, `the app's own write to ${zoneId} is named by a journal entry on disk`).toBeTruthy();
    const day = UTC_DAY(write.wall);
    if (enabled === false) {
      expect(cap.rule, `the app stops ${zoneId} on its own only under an account cap`).not.toBeNull();
      expect(spentOn(world.services[account]!, UTC_DAY(write.at)), 'the account cap stops only past its amount').toBeGreaterThanOrEqual(cap.rule!.dailyCents);
      const stopped = cap.stops.get(day);
      if (stopped === undefined) cap.stops.set(day, entry!);
      else expect(entry, 'the account cap stops at most once a UTC day').toBe(stopped);
      // Owed by Restore like any stop's (sim-commands.ts › Restore), while the service shows it off.
      if (world.services[account]!.host.state.zones.get(zoneId)?.enabled === false) model.stoppedOff[account]!.add(zoneId);
    } else {
      if (cap.restoring !== entry) {
        expect(cap.restoreFrom !== null && day > cap.restoreFrom, `the app turns ${zoneId} on by itself only under an account cap that restores, once a new UTC day began`).toBe(true);
        cap.restoring = entry!;
      }
    }
  }
  caps.checked = world.autoWrites.length;
}

/** What the zones the app knows of an account spent today, as the service counts it. */
function spentKnown(real: SimReal, account: number): number {
  const zones = real.world.services[account]!.host.state.zones;
  const day = UTC_DAY(real.world.clock.now());
  return Object.keys(real.world.core().snapshot(real.profileIds[account]!)?.zones ?? {}).reduce((sum, zoneId) => sum + (zones.get(zoneId)?.days.get(day)?.spendCents ?? 0), 0);
}

/** The zones the window lists for an account that the service runs now. */
function knownRunning(real: SimReal, account: number): string[] {
  const zones = real.world.services[account]!.host.state.zones;
  return Object.keys(real.world.core().snapshot(real.profileIds[account]!)?.zones ?? {}).filter((zoneId) => zones.get(zoneId)?.enabled === true);
}

/**
 * After the app read an account whose standing cap its zones' spend today has passed, and its cap
 * has not stopped spend yet this day: it stops every zone it runs, within the few seconds a stop
 * takes, or the stop record says why a zone was left running.
 */
export async function expectCapStops(model: SimModel, real: SimReal, account: number, running: string[], read: boolean): Promise<void> {
  const { world } = real;
  const cap = capWorld(real).accounts[account]!;
  const service = world.services[account]!;
  const day = UTC_DAY(world.clock.now());
  const spent = spentKnown(real, account);
  // What the app's own clock and disk let it decide: a wrong wall clock or a failing disk is the fault commands' to check.
  if (cap.rule === null && cap.restoreFrom === null && journalOnDisk(real, account).length === 0) return expectOwnWrites(model, real);
  const due = cap.rule !== null && read && spent >= cap.rule.dailyCents && !cap.stops.has(day) && world.faults.clock.skew() === 0 && world.faults.diskFailing() === null && journalOnDisk(real, account).length === 0;
  for (let second = 0; second < 15 && (second < 10 || journalOnDisk(real, account).length > 0); second++) await world.advance(1);
  expectOwnWrites(model, real);
  if (!due || UTC_DAY(world.clock.now()) !== day) return;
  const state = await world.core().invoke('spend:get', { profileId: real.profileIds[account] });
  const left = new Set(state.ok ? ((state.value as SpendStopState).record?.remaining ?? []).map((zone) => zone.zoneId) : []);
  const zones = service.host.state.zones;
  const still = running.filter((zoneId) => zones.get(zoneId)?.enabled === true && !left.has(zoneId));
  expect(still, `past its account cap (${spent} of ${cap.rule!.dailyCents} cents today), account ${account}'s zones are stopped or said why not`).toEqual([]);
}

/** "Refresh now" on an account: its standing cap, if passed, stops spend (expectCapStops). */
export async function refreshWithCap(model: SimModel, real: SimReal, account: number): Promise<void> {
  const running = knownRunning(real, account);
  const refreshed = await real.world.call('poll:refresh', { profileId: real.profileIds[account] });
  real.trace.push('command', `refresh account ${account} → ${refreshed.ok ? 'ok' : `error ${refreshed.error.kind}`}`);
  const read = refreshed.ok && !(refreshed.value as { lastError?: unknown }).lastError;
  if (read) expectWindowShowsService(real, account);
  await expectCapStops(model, real, account, running, read);
}

/**
 * Once the app has read an account, the window shows each zone it knows on or off as the service
 * holds it: what a write whose answer was lost, or a run cut short, left behind converges at the
 * next read (docs/architecture.md › Write ahead, then act). Not while a run of the app's own is
 * under way (its journal entry on disk), which may change zones after the read.
 */
function expectWindowShowsService(real: SimReal, account: number): void {
  if (journalOnDisk(real, account).length > 0) return;
  const zones = real.world.services[account]!.host.state.zones;
  const shown = real.world.core().snapshot(real.profileIds[account]!)?.zones ?? {};
  const differ = Object.entries(shown).flatMap(([zoneId, entry]) => {
    const held = zones.get(zoneId);
    return held && held.enabled !== entry.zone.enabled ? [`${zoneId}: the window says ${entry.zone.enabled ? 'on' : 'off'}, the service holds it ${held.enabled ? 'on' : 'off'}`] : [];
  });
  expect(differ, `once account ${account} is read, the window shows each zone as the service holds it`).toEqual([]);
}

/**
 * The account cap set to a share of what the account's zones spent today (under 100 %: passed
 * already; over it: perhaps later), or cleared, then the account read again. It stands until the
 * next such command: the model expects its stop after any later read past its amount.
 */
export class AccountCap implements Command {
  constructor(readonly account: number, readonly percent: number | null, readonly restoreNextPeriod: boolean) {}
  check = (model: SimModel) => this.account < model.accounts;
  async run(model: SimModel, real: SimReal) {
    const profileId = real.profileIds[this.account];
    expectOwnWrites(model, real);
    // A share of what the window shows spent today: the zones the app knows (the service may run others no user is given).
    const spentToday = spentKnown(real, this.account);
    const rule = this.percent === null ? null : { dailyCents: Math.max(100, Math.round((spentToday * this.percent) / 100)), monthlyCents: null, restoreNextPeriod: this.restoreNextPeriod };
    const set = await real.world.call('caps:setAccountCap', { profileId, rule });
    real.trace.push('command', `set the account cap of account ${this.account} to ${rule === null ? 'none' : `${rule.dailyCents} cents a day`} → ${set.ok ? 'ok' : `error ${set.error.kind}: ${set.error.message}`}`);
    if (set.ok) {
      expect((set.value as CapsView).accountCap.rule, 'the account cap holds the rule set').toEqual(rule);
      const cap = capWorld(real).accounts[this.account]!;
      cap.rule = rule === null ? null : { dailyCents: rule.dailyCents, restoreNextPeriod: rule.restoreNextPeriod };
      // A rule that does not restore takes back a restore owed (docs/desktop.md › Caps › Account cap).
      cap.restoreFrom = rule?.restoreNextPeriod ? (cap.restoreFrom ?? UTC_DAY(real.world.faults.clock.now())) : null;
    }
    await refreshWithCap(model, real, this.account);
  }
  toString = () => `accountCap(${this.account}, ${this.percent}, ${this.restoreNextPeriod})`;
}

/** The zones the app wrote to on its own since `from`, by service: what a command's "nothing else changed" leaves to expectOwnWrites. */
export function ownWritesSince(real: SimReal, from: number): Map<string, Set<string>> {
  const zones = new Map<string, Set<string>>();
  for (const write of real.world.autoWrites.slice(from)) {
    if (!zones.has(write.service)) zones.set(write.service, new Set());
    zones.get(write.service)!.add(zoneOf(write));
  }
  return zones;
}

/** A command, then the check of every write the app sent on its own meanwhile (expectOwnWrites). */
export class WithOwnWrites implements Command {
  constructor(readonly inner: Command) {}
  check = (model: Readonly<SimModel>) => this.inner.check(model);
  async run(model: SimModel, real: SimReal) {
    await this.inner.run(model, real);
    expectOwnWrites(model, real);
  }
  toString = () => this.inner.toString();
}
