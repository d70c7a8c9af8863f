// The simulated user's commands with money at stake (docs/development.md › The simulator): caps
// previewed and applied as the window does, Retry, Undo, Forget, the account cap, and Retry of a
// stop — each run, when the seed says so, with the process dying after its k-th request. Each is
// checked, as soon as it has run, against the reference model of sim-money-model.ts.
import fc from 'fast-check';
import { expect } from 'vitest';
import { ALERT_ACTIONS, ALERT_TYPES } from '../../shared/api/zone';
import type { AlertInput } from '../../shared/api/zone-update';
import { applyChangesOf, type CapRule, type CapsPreview, type CapsReport, type CapsView } from '../../shared/caps';
import type { Result } from '../../shared/ipc';
import type { SpendStopPlan, SpendStopReport, SpendStopState } from '../../shared/spend-stop';
import type { SimModel, SimReal } from './sim-run-state';
import { AccountCap, ownWritesSince } from './sim-account-cap';
import { type Cap, capsModel, capsOn, enabledOn, everything, expectCapsRecord, landed, modelSet, reopenAndRecover, sameCap, stopRecordZones, writesSince, zoneOf } from './sim-money-model';

type Command = fc.AsyncCommand<SimModel, SimReal>;

/** The previews the window has open, one per account, until it applies one. */
const previews = new WeakMap<SimReal, Map<number, { result: CapsPreview; rule: CapRule }>>();
function openPreviews(real: SimReal) {
  let open = previews.get(real);
  if (!open) previews.set(real, (open = new Map()));
  return open;
}

/** The last caps Apply or Undo's answer, per world: what a command that runs one checks further (sim-caps-disk.ts). */
const lastAnswers = new WeakMap<SimReal, Result<unknown> | 'crashed'>();
export const lastCapsAnswer = (real: SimReal): Result<unknown> | 'crashed' | undefined => lastAnswers.get(real);

function note(real: SimReal, line: string, result: Result<unknown> | 'crashed'): void {
  const said = result === 'crashed' ? 'the process died' : result.ok ? 'ok' : `error ${result.error.kind}: ${result.error.message}`;
  real.trace.push('command', `${line} → ${said}`);
}

/** Runs a command as the window does; with `crashAfter`, the process dies after that many requests and opens again. */
async function run(real: SimReal, crashAfter: number | null, channel: string, input: unknown, again: number | null = null): Promise<Result<unknown> | 'crashed'> {
  real.world.crashAfter(crashAfter);
  const answer = await real.world.callUnlessCrash(channel, input);
  // It may also die on a background request's answer just as the command's own answer came.
  const died = answer === 'crashed' || real.world.crashed();
  real.world.crashAfter(null);
  if (died) await reopenAndRecover(real, again);
  return answer;
}

const ruleText = (rule: CapRule) => (rule.kind === 'fixed' ? `${rule.type} ${rule.threshold} ${rule.action}` : `${rule.multiple}× usual, at least $${rule.floorDollars}, ${rule.action}`);

/** The zones the caps view lists for an account (what the window offers to pick), in its order. */
async function listedZones(real: SimReal, account: number): Promise<string[]> {
  const view = await real.world.core().invoke('caps:get', { profileId: real.profileIds[account] });
  return view.ok ? (view.value as CapsView).zones.map((zone) => zone.zoneId) : [];
}

/** Opens the caps preview of `rule` over the zones `pick` selects (a bit per listed zone; none set: all). */
async function preview(real: SimReal, account: number, pick: number, rule: CapRule) {
  const listed = await listedZones(real, account);
  const picked = listed.filter((_, index) => (pick >> index) & 1);
  const zoneIds = picked.length > 0 ? picked : listed;
  if (zoneIds.length === 0) return null;
  const result = await real.world.core().invoke('caps:preview', { profileId: real.profileIds[account], zoneIds, rule });
  real.trace.push('command', `preview caps (${ruleText(rule)}) on ${zoneIds.length} zones of account ${account} → ${result.ok ? `${(result.value as CapsPreview).changes.length} changes` : `error ${result.error.kind}`}`);
  if (!result.ok) return null;
  const shown = result.value as CapsPreview;
  for (const change of shown.changes) {
    expect(zoneIds, 'a preview lists only zones picked').toContain(change.zoneId);
    if (rule.kind === 'fixed') expect(change.after, 'a fixed rule sets its own cap').toEqual({ type: rule.type, threshold: rule.threshold, action: rule.action });
  }
  openPreviews(real).set(account, { result: shown, rule });
  return shown;
}

/** The preview the window has open for an account, opened now (`pick`, `rule`) when none is: what Apply sends. */
export async function shownPreview(real: SimReal, account: number, pick: number, rule: CapRule): Promise<CapsPreview | null> {
  return openPreviews(real).get(account)?.result ?? (await preview(real, account, pick, rule));
}

export class CapsPreviewCommand implements Command {
  constructor(readonly account: number, readonly pick: number, readonly rule: CapRule) {}
  check = (model: SimModel) => this.account < model.accounts;
  async run(_model: SimModel, real: SimReal) {
    const before = everything(real);
    await preview(real, this.account, this.pick, this.rule);
    expect(everything(real), 'a preview sends nothing').toEqual(before);
  }
  toString = () => `capsPreview(${this.account}, ${this.pick}, ${JSON.stringify(this.rule)})`;
}

/** Someone else's cap on a zone between the preview and the click: one the preview did not show. */
function elsewhereCap(shown: Cap, after: AlertInput): Cap {
  const moved = { type: 'dollars_per_day' as const, threshold: (shown?.threshold ?? 0) + after.threshold + 7, action: 'send_notification' as const };
  return shown === null ? moved : sameCap(shown, moved) ? null : moved;
}

/**
 * Apply, as the window does it: exactly the open preview's changes (`applyChangesOf`), previewing
 * first when none is open. With `elsewhere`, someone changes a previewed zone's cap on the service
 * before the click. Apply = preview: it writes only to previewed zones, exactly their `after`, only
 * where the cap still equals the `before` shown, and the record gains exactly what landed.
 */
export class CapsApply implements Command {
  constructor(readonly account: number, readonly pick: number, readonly rule: CapRule, readonly elsewhere: number | null, readonly crashAfter: number | null) {}
  check = (model: SimModel) => this.account < model.accounts;
  async run(_model: SimModel, real: SimReal) {
    lastAnswers.delete(real);
    const service = real.world.services[this.account]!;
    const shown = openPreviews(real).get(this.account)?.result ?? (await preview(real, this.account, this.pick, this.rule));
    openPreviews(real).delete(this.account);
    if (!shown || shown.changes.length === 0) return;
    const changes = applyChangesOf(shown);
    if (this.elsewhere !== null) {
      const change = changes[this.elsewhere % changes.length]!;
      const zone = service.host.state.zones.get(change.zoneId);
      if (zone) {
        const cap = elsewhereCap(zone.alert === null ? null : { type: zone.alert.type, threshold: zone.alert.threshold, action: zone.alert.action }, change.after);
        service.host.state.zones.set(change.zoneId, { ...zone, alert: cap === null ? null : { ...cap, last_triggered: null }, alertFiredPeriod: null });
        real.trace.push('command', `someone else sets the cap of ${change.zoneId} on account ${this.account} to ${JSON.stringify(cap)}`);
      }
    }
    const before = everything(real);
    const capsBefore = capsOn(service);
    const from = real.world.writes.length;
    const result = await run(real, this.crashAfter, 'caps:apply', { profileId: real.profileIds[this.account], changes });
    lastAnswers.set(real, result);
    note(real, `apply ${changes.length} caps on account ${this.account}`, result);
    const byZone = new Map(changes.map((change) => [change.zoneId, change]));
    const model = capsModel(real, this.account);
    for (const write of writesSince(real, from)) {
      expect(write.service, 'Apply writes to its own account only').toBe(service.name);
      const change = byZone.get(zoneOf(write));
      expect(change, `Apply writes only to previewed zones (${zoneOf(write)})`).toBeDefined();
      expect(write.body, 'Apply sends exactly the previewed cap').toEqual({ alert: change!.after });
      expect(sameCap(capsBefore.get(change!.zoneId), change!.before), `Apply writes ${change!.zoneId} only while it holds the cap the preview showed`).toBe(true);
      if (landed(write)) modelSet(model, change!.zoneId, capsBefore.get(change!.zoneId) ?? null, change!.after);
    }
    expectOnlyCapsOf(real, before, service.name, new Set(byZone.keys()));
    if (result !== 'crashed' && result.ok) {
      const now = capsOn(service);
      for (const outcome of (result.value as CapsReport).outcomes) {
        const change = byZone.get(outcome.zoneId)!;
        if (outcome.result === 'set') expect(now.get(outcome.zoneId), `${outcome.zoneId} holds the cap Apply reported set`).toEqual(change.after);
        else expect(outcome.reason, `why ${outcome.zoneId} was not set`).toBeTruthy();
      }
    }
    await expectCapsRecord(real, this.account, 'the caps record holds exactly what Zonewatch set');
  }
  toString = () => `capsApply(${this.account}, ${this.pick}, ${JSON.stringify(this.rule)}, ${this.elsewhere}, ${this.crashAfter})`;
}

/** Nothing changed on any service but the caps of `zones` on `service` (on/off states included). */
function expectOnlyCapsOf(real: SimReal, before: ReturnType<typeof everything>, service: string, zones: ReadonlySet<string>): void {
  const now = everything(real);
  const expected = structuredClone(before);
  for (const zoneId of zones) if (zoneId in now[service]!.caps) expected[service]!.caps[zoneId] = now[service]!.caps[zoneId]!;
  // The service turns a zone off at its cap on its own: on/off states may move by its alerts only, never by a caps run.
  for (const name of Object.keys(now)) expected[name]!.enabled = now[name]!.enabled;
  expect(now, 'a caps run changes no other zone').toEqual(expected);
}

/** Retry sends again only the caps the record says failed, checked as Apply checks them. */
export class CapsRetry implements Command {
  constructor(readonly account: number, readonly crashAfter: number | null) {}
  check = (model: SimModel) => this.account < model.accounts;
  async run(_model: SimModel, real: SimReal) {
    const service = real.world.services[this.account]!;
    const view = await real.world.core().invoke('caps:get', { profileId: real.profileIds[this.account] });
    const failed = new Map((view.ok ? ((view.value as CapsView).record?.failed ?? []) : []).map((zone) => [zone.zoneId, zone]));
    const before = everything(real);
    const capsBefore = capsOn(service);
    const from = real.world.writes.length;
    const result = await run(real, this.crashAfter, 'caps:retry', { profileId: real.profileIds[this.account] });
    note(real, `retry the caps of account ${this.account} (${failed.size} failed)`, result);
    const model = capsModel(real, this.account);
    for (const write of writesSince(real, from)) {
      expect(write.service, 'Retry writes to its own account only').toBe(service.name);
      const zone = failed.get(zoneOf(write));
      expect(zone, `Retry writes only to zones whose cap failed (${zoneOf(write)})`).toBeDefined();
      expect(write.body, 'Retry sends the cap that failed').toEqual({ alert: zone!.after });
      expect(sameCap(capsBefore.get(zone!.zoneId), zone!.before), `Retry writes ${zone!.zoneId} only while it holds the cap the preview showed`).toBe(true);
      if (landed(write)) modelSet(model, zone!.zoneId, capsBefore.get(zone!.zoneId) ?? null, zone!.after);
    }
    // A retried zone that already held the new cap was set by the request whose answer was lost: the model counts it too.
    if (result !== 'crashed' && result.ok)
      for (const outcome of (result.value as CapsReport).outcomes) if (outcome.result === 'set' && !model.has(outcome.zoneId)) modelSet(model, outcome.zoneId, failed.get(outcome.zoneId)!.before, failed.get(outcome.zoneId)!.after);
    expectOnlyCapsOf(real, before, service.name, new Set(failed.keys()));
    await expectCapsRecord(real, this.account, 'the caps record holds exactly what Zonewatch set');
  }
  toString = () => `capsRetry(${this.account}, ${this.crashAfter})`;
}

/**
 * Undo puts back exactly what Zonewatch changed: each zone still holding Zonewatch's cap gets the
 * cap it had before, or its outcome says why not; a zone changed since is left alone and says so.
 */
export class CapsUndo implements Command {
  /**
   * `rule`: when Zonewatch has set no cap on the account yet, the person first applies this one to
   * every zone listed (Undo is offered after an Apply); `removed`: someone then removes the cap of
   * one zone Zonewatch set, on the service, before the click.
   */
  constructor(readonly account: number, readonly rule: CapRule, readonly removed: number | null, readonly crashAfter: number | null) {}
  check = (model: SimModel) => this.account < model.accounts;
  async run(simModel: SimModel, real: SimReal) {
    lastAnswers.delete(real);
    const service = real.world.services[this.account]!;
    const model = capsModel(real, this.account);
    if (model.size === 0) await new CapsApply(this.account, 0, this.rule, null, null).run(simModel, real);
    const set = [...model.keys()];
    if (this.removed !== null && set.length > 0) {
      const zoneId = set[this.removed % set.length]!;
      const zone = service.host.state.zones.get(zoneId);
      if (zone) {
        service.host.state.zones.set(zoneId, { ...zone, alert: null, alertFiredPeriod: null });
        real.trace.push('command', `someone else removes the cap of ${zoneId} on account ${this.account}`);
      }
    }
    const capsBefore = capsOn(service);
    const before = everything(real);
    const from = real.world.writes.length;
    const result = await run(real, this.crashAfter, 'caps:undo', { profileId: real.profileIds[this.account] });
    lastAnswers.set(real, result);
    note(real, `undo the caps of account ${this.account} (${model.size} set by Zonewatch)`, result);
    for (const write of writesSince(real, from)) {
      expect(write.service, 'Undo writes to its own account only').toBe(service.name);
      const change = model.get(zoneOf(write));
      expect(change, `Undo writes only to zones Zonewatch changed (${zoneOf(write)})`).toBeDefined();
      expect(write.body, 'Undo puts back the cap the zone had').toEqual({ alert: change!.before });
      expect(sameCap(capsBefore.get(zoneOf(write)), change!.after), `Undo writes ${zoneOf(write)} only while it holds Zonewatch's cap`).toBe(true);
    }
    expectOnlyCapsOf(real, before, service.name, new Set(model.keys()));
    const now = capsOn(service);
    if (result !== 'crashed' && result.ok) {
      const outcomes = new Map((result.value as CapsReport).outcomes.map((outcome) => [outcome.zoneId, outcome]));
      for (const [zoneId, change] of model) {
        const outcome = outcomes.get(zoneId);
        expect(outcome, `Undo says what it did with ${zoneId}`).toBeDefined();
        if (outcome!.result === 'restored') expect(now.get(zoneId), `${zoneId}, reported put back, holds its earlier cap`).toEqual(change.before);
        else expect(outcome!.reason, `why ${zoneId} was left`).toBeTruthy();
        // A zone still holding Zonewatch's cap is put back, or its request failed: never left as if changed elsewhere.
        if (sameCap(capsBefore.get(zoneId), change.after)) expect(['restored', 'failed', 'not_tried'], `${zoneId} held Zonewatch's cap`).toContain(outcome!.result);
      }
    }
    // What Undo leaves to Zonewatch: the zones still holding its cap. A zone it put back leaves the
    // record; one changed elsewhere leaves it too, unless a crash cut the Undo short before reading
    // it, or the Undo could not read it (the record then keeps it, and the next Undo leaves it:
    // either is right).
    const view = await real.world.core().invoke('caps:get', { profileId: real.profileIds[this.account] });
    const kept = new Set(view.ok ? ((view.value as CapsView).record?.changed ?? []).map((zone) => zone.zoneId) : []);
    const putBack = new Set(writesSince(real, from).filter(landed).map(zoneOf));
    const refused = result !== 'crashed' && !result.ok;
    const told = result !== 'crashed' && result.ok ? new Map((result.value as CapsReport).outcomes.map((outcome) => [outcome.zoneId, outcome.result])) : null;
    for (const [zoneId, change] of [...model]) {
      if (refused || sameCap(now.get(zoneId), change.after)) continue;
      if (result === 'crashed' && !putBack.has(zoneId) && kept.has(zoneId)) continue;
      // Not read either (its key refused, its service unreachable): the record keeps it as Zonewatch's until an Undo can read it.
      if ((told?.get(zoneId) === 'not_tried' || told?.get(zoneId) === 'failed') && kept.has(zoneId)) continue;
      model.delete(zoneId);
    }
    await expectCapsRecord(real, this.account, 'Undo leaves in the record exactly what still holds Zonewatch\u2019s cap');
  }
  toString = () => `capsUndo(${this.account}, ${JSON.stringify(this.rule)}, ${this.removed}, ${this.crashAfter})`;
}

/** Forget drops the record and touches no zone. */
export class CapsForget implements Command {
  constructor(readonly account: number) {}
  check = (model: SimModel) => this.account < model.accounts;
  async run(_model: SimModel, real: SimReal) {
    const before = everything(real);
    const from = real.world.writes.length;
    const result = await real.world.call('caps:forget', { profileId: real.profileIds[this.account] });
    note(real, `forget the caps record of account ${this.account}`, result);
    expect(writesSince(real, from), 'Forget sends nothing').toEqual([]);
    expect(everything(real), 'Forget changes no zone').toEqual(before);
    if (result.ok) capsModel(real, this.account).clear();
    await expectCapsRecord(real, this.account, 'Forget empties the record');
  }
  toString = () => `capsForget(${this.account})`;
}

/** The zones of an account the app wrote to on its own (`own`, by service) that the service shows off now. */
function offNow(real: SimReal, account: number, own: ReadonlyMap<string, ReadonlySet<string>>): string[] {
  const service = real.world.services[account]!;
  const now = enabledOn(service);
  return [...(own.get(service.name) ?? [])].filter((zoneId) => now.get(zoneId) === false);
}

/** Zones a stop turned off and the service shows off: what Restore owes (the model Restore checks, sim-commands.ts). */
function owe(model: SimModel, account: number, zones: ReadonlySet<string>, real: SimReal): void {
  const now = enabledOn(real.world.services[account]!);
  for (const zoneId of zones) if (now.get(zoneId) === false) model.stoppedOff[account]!.add(zoneId);
}

/** Retry of a stop, as the window asks it (its confirmation's plan, then the run): only the zones that stop could not turn off. */
export class StopRetry implements Command {
  constructor(readonly account: number, readonly crashAfter: number | null) {}
  check = (model: SimModel) => this.account < model.accounts;
  async run(model: SimModel, real: SimReal) {
    const service = real.world.services[this.account]!;
    const profileId = real.profileIds[this.account];
    const plan = await real.world.core().invoke('spend:plan', { profileId, retry: true });
    const state = await real.world.core().invoke('spend:get', { profileId });
    const remaining = new Set(state.ok ? ((state.value as SpendStopState).record?.remaining.filter((zone) => zone.result !== 'not_allowed').map((zone) => zone.zoneId) ?? []) : []);
    if (plan.ok) expect(new Set((plan.value as SpendStopPlan).zones.map((zone) => zone.zoneId)), 'the retry confirmation names the zones left running').toEqual(remaining);
    const heldBefore = await stopRecordZones(real, this.account);
    const before = everything(real);
    const from = real.world.writes.length;
    const ownFrom = real.world.autoWrites.length;
    const result = await run(real, this.crashAfter, 'spend:stop', { profileId, retry: true });
    note(real, `retry the stop of account ${this.account} (${remaining.size} left running)`, result);
    const turnedOff = new Set<string>();
    for (const write of writesSince(real, from)) {
      expect(write.service, 'a retry writes to its own account only').toBe(service.name);
      expect(remaining, `a retry writes only to zones its stop could not turn off (${zoneOf(write)})`).toContain(zoneOf(write));
      expect(write.body, 'a retry only turns zones off').toEqual({ enabled: false });
      if (landed(write)) turnedOff.add(zoneOf(write));
    }
    const now = everything(real);
    const expected = structuredClone(before);
    for (const zoneId of turnedOff) expected[service.name]!.enabled[zoneId] = false;
    for (const name of Object.keys(now)) expected[name]!.caps = now[name]!.caps;
    // What an account cap stopped on its own meanwhile is checked by expectOwnWrites (sim-account-cap.ts).
    const own = ownWritesSince(real, ownFrom);
    for (const [name, zones] of own) for (const zoneId of zones) expected[name]!.enabled[zoneId] = now[name]!.enabled[zoneId]!;
    expect(now, 'a retry turns off what it sent, and nothing else').toEqual(expected);
    if (result !== 'crashed' && !result.ok) return;
    if (result !== 'crashed') for (const outcome of (result.value as SpendStopReport).outcomes) if (outcome.result === 'disabled') expect(turnedOff, `${outcome.zoneId} reported off`).toContain(outcome.zoneId);
    expect(await stopRecordZones(real, this.account), 'the stop record gains exactly what the retry turned off').toEqual(new Set([...heldBefore, ...turnedOff, ...offNow(real, this.account, own)]));
    owe(model, this.account, turnedOff, real);
  }
  toString = () => `stopRetry(${this.account}, ${this.crashAfter})`;
}

/**
 * Stop all spend or Restore with the process dying after its k-th request: once Zonewatch opens
 * again, the stop record holds exactly what the runs turned off and did not turn back on.
 */
export class InterruptedStop implements Command {
  /** `again`: the reopened process dies too, after that many requests, while it recovers. */
  constructor(readonly account: number, readonly restore: boolean, readonly crashAfter: number, readonly again: number | null) {}
  check = (model: SimModel) => this.account < model.accounts;
  async run(model: SimModel, real: SimReal) {
    const service = real.world.services[this.account]!;
    const profileId = real.profileIds[this.account];
    const heldBefore = await stopRecordZones(real, this.account);
    const enabledBefore = enabledOn(service);
    const from = real.world.writes.length;
    const ownFrom = real.world.autoWrites.length;
    const result = await run(real, this.crashAfter, this.restore ? 'spend:restore' : 'spend:stop', this.restore ? { profileId } : { profileId, retry: false }, this.again);
    note(real, `${this.restore ? 'restore' : 'stop all spend on'} account ${this.account}, the process dying after ${this.crashAfter} requests`, result);
    const moved = new Set(writesSince(real, from).filter((write) => write.service === service.name && landed(write)).map(zoneOf));
    for (const write of writesSince(real, from)) expect(write.body, 'a stop or restore only turns zones off or on').toEqual({ enabled: this.restore });
    const held = await stopRecordZones(real, this.account);
    // An account cap's own stop meanwhile adds its zones too (checked by expectOwnWrites, sim-account-cap.ts).
    const capStopped = offNow(real, this.account, ownWritesSince(real, ownFrom));
    if (!this.restore) {
      expect(held, 'the stop record holds exactly what the stops turned off').toEqual(new Set([...heldBefore, ...moved, ...capStopped]));
      owe(model, this.account, moved, real);
      return;
    }
    const now = enabledOn(service);
    for (const zoneId of moved) expect(held.has(zoneId), `${zoneId}, turned back on, leaves the record`).toBe(false);
    for (const zoneId of heldBefore) if (enabledBefore.get(zoneId) === false && now.get(zoneId) === false) expect(held.has(zoneId), `${zoneId}, still off, stays for Restore`).toBe(true);
    for (const zoneId of held) expect([...heldBefore, ...capStopped], 'a restore adds nothing to the record').toContain(zoneId);
  }
  toString = () => `interruptedStop(${this.account}, ${this.restore}, ${this.crashAfter}, ${this.again})`;
}

export const capRule: fc.Arbitrary<CapRule> = fc.oneof(
  fc.record({ kind: fc.constant('fixed' as const), type: fc.constantFrom(...ALERT_TYPES), threshold: fc.constantFrom(1, 5, 20, 100, 1000), action: fc.constantFrom(...ALERT_ACTIONS) }),
  fc.record({ kind: fc.constant('usual' as const), multiple: fc.constantFrom(1, 2, 3), floorDollars: fc.constantFrom(1, 5), action: fc.constantFrom(...ALERT_ACTIONS) }),
);
/**
 * Most runs end; one in three dies after one of its first six requests: the first is its fresh read
 * (nothing written ahead yet), the next ones its changes (the seeded services' accounts have 3–5 zones).
 */
const CRASH_POINT = fc.integer({ min: 1, max: 6 });
const crash = fc.oneof({ arbitrary: fc.constant(null), weight: 2 }, { arbitrary: CRASH_POINT, weight: 1 });

/** The money commands a seed draws from, for an account arbitrary. */
export function moneyCommands(account: fc.Arbitrary<number>): fc.Arbitrary<Command>[] {
  return [
    fc.tuple(account, fc.nat({ max: 255 }), capRule).map(([a, pick, rule]) => new CapsPreviewCommand(a, pick, rule)),
    fc.tuple(account, fc.nat({ max: 255 }), capRule, fc.option(fc.nat({ max: 7 }), { freq: 2 }), crash).map(([a, pick, rule, elsewhere, k]) => new CapsApply(a, pick, rule, elsewhere, k)),
    fc.tuple(account, crash).map(([a, k]) => new CapsRetry(a, k)),
    fc.tuple(account, capRule, fc.option(fc.nat({ max: 7 }), { freq: 2 }), crash).map(([a, rule, removed, k]) => new CapsUndo(a, rule, removed, k)),
    account.map((a) => new CapsForget(a)),
    fc.tuple(account, fc.option(fc.constantFrom(50, 90, 150, 400)), fc.boolean()).map(([a, percent, restore]) => new AccountCap(a, percent, restore)),
    fc.tuple(account, crash).map(([a, k]) => new StopRetry(a, k)),
    fc.tuple(account, fc.boolean(), CRASH_POINT, fc.option(CRASH_POINT)).map(([a, restore, k, again]) => new InterruptedStop(a, restore, k, again)),
  ];
}
