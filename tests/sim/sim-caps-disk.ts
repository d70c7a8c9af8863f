// Caps Apply and Undo on a failing disk (docs/development.md › The simulator): a write that fails
// is never reported done. With the data folder refusing every write, Apply and Undo refuse before
// their first request, in words, and keep the record; with it filling in the middle of the run,
// every cap sent is named by a journal entry on disk before its answer comes, and a record the
// folder refused is never reported saved. Either way the run is checked as Apply and Undo always are.
import fc from 'fast-check';
import { expect } from 'vitest';
import { applyChangesOf, type CapRule, type CapsReport, type CapsView } from '../../shared/caps';
import type { Result } from '../../shared/ipc';
import type { DiskFaultKind } from './sim-faults';
import { CapsApply, CapsUndo, lastCapsAnswer, shownPreview } from './sim-money-commands';
import { capsModel, journalOnDisk, zoneOf } from './sim-money-model';
import type { SimModel, SimReal } from './sim-run-state';
import { expectNoBrokenPromise } from './sim-fault-commands';

type Command = fc.AsyncCommand<SimModel, SimReal>;

const REFUSAL = /^Zonewatch could not write to its data folder — .+: nothing was changed\.$/;

/** The caps record as the window shows it: what Undo and Retry offer. */
async function capsRecordOf(real: SimReal, account: number): Promise<CapsView['record'] | 'unread'> {
  const view = await real.world.core().invoke('caps:get', { profileId: real.profileIds[account] });
  return view.ok ? (view.value as CapsView).record : 'unread';
}

/** The zones written on `service` whose answer came while no journal entry on disk named them (a write ahead that was not). */
function watchUnjournaled(real: SimReal, account: number): { stop(): string[] } {
  const service = real.world.services[account]!.name;
  const unjournaled: string[] = [];
  const stop = real.world.onAnswer((answer) => {
    if (answer.method === 'GET' || answer.service !== service) return;
    const zoneId = zoneOf(answer);
    // Heard before the app hears the answer: the entry that stands for this write is still on disk.
    if (!journalOnDisk(real, account).some((entry) => entry.zones.some((zone) => zone.zoneId === zoneId))) unjournaled.push(zoneId);
  });
  return {
    stop() {
      stop();
      return unjournaled;
    },
  };
}

export class CapsOnFailingDisk implements Command {
  /**
   * `after`: 0, the disk refuses from the command's first write (the journal's check) on; more,
   * it fills that many writes into the run. `rule` and `pick`: the preview Apply sends when none
   * is open, and the Apply that comes first when Zonewatch has set no cap for Undo to put back.
   */
  constructor(readonly account: number, readonly action: 'apply' | 'undo', readonly kind: DiskFaultKind, readonly after: number, readonly pick: number, readonly rule: CapRule) {}
  check = (model: SimModel) => this.account < model.accounts;
  async run(model: SimModel, real: SimReal) {
    const { world } = real;
    const profileId = real.profileIds[this.account]!;
    // Undo is offered once Zonewatch has set a cap: Apply first, on a disk that takes writes; none set, no Undo.
    if (this.action === 'undo' && capsModel(real, this.account).size === 0) {
      world.faults.heal();
      await new CapsApply(this.account, this.pick, this.rule, null, null).run(model, real);
      if (capsModel(real, this.account).size === 0) return;
    }
    const shown = this.action === 'apply' ? await shownPreview(real, this.account, this.pick, this.rule) : null;
    if (this.action === 'apply' && (!shown || shown.changes.length === 0)) return;
    const watch = watchUnjournaled(real, this.account);
    const refusedBefore = world.faults.refused().length;
    world.faults.diskFails(this.kind, this.after);
    try {
      if (this.after === 0) {
        const recordBefore = await capsRecordOf(real, this.account);
        const from = world.writes.length;
        const input = this.action === 'apply' ? { profileId, changes: applyChangesOf(shown!) } : { profileId };
        const refused = await world.call(`caps:${this.action}`, input);
        real.trace.push('command', `caps ${this.action} on account ${this.account} with the disk refusing → ${refused.ok ? 'done' : refused.error.message}`);
        expect(refused.ok, `caps ${this.action} with the disk refusing writes is refused`).toBe(false);
        if (!refused.ok) expect(refused.error.message, 'the refusal says why, in words').toMatch(REFUSAL);
        expect(world.writes.slice(from), 'nothing is sent to any service').toEqual([]);
        expect(await capsRecordOf(real, this.account), 'nothing already recorded is lost').toEqual(recordBefore);
        // Once the disk takes writes the same action goes on, without a restart (checked as it always is).
        world.faults.heal();
      }
      const from = world.writes.length;
      if (this.action === 'apply') await new CapsApply(this.account, this.pick, this.rule, null, null).run(model, real);
      else await new CapsUndo(this.account, this.rule, null, null).run(model, real);
      const answer = lastCapsAnswer(real);
      const recordRefused = world.faults.refused().slice(refusedBefore).some((file) => file.startsWith(`profile-${profileId}-caps`));
      if (answer !== undefined && answer !== 'crashed') expectNeverReportedDone(answer, recordRefused, world.writes.length - from);
    } finally {
      world.faults.heal();
    }
    expect(watch.stop(), 'nothing is sent that the journal on disk does not name').toEqual([]);
    expectNoBrokenPromise(world);
  }
  toString = () => `capsOnFailingDisk(${this.account}, ${this.action}, ${this.kind}, ${this.after}, ${this.pick}, ${JSON.stringify(this.rule)})`;
}

/** A run whose record the folder refused says so; a run refused for the folder sent nothing. */
function expectNeverReportedDone(answer: Result<unknown>, recordRefused: boolean, sent: number): void {
  if (!answer.ok) {
    if (REFUSAL.test(answer.error.message)) expect(sent, 'a run refused for its journal sends nothing').toBe(0);
    return;
  }
  if (recordRefused) expect((answer.value as CapsReport).summary, 'a record the disk refused is never reported saved').toMatch(/could not write to its data folder/);
}

/** The caps on a failing disk a seed draws from. */
export function capsDiskCommands(account: fc.Arbitrary<number>, rule: fc.Arbitrary<CapRule>): fc.Arbitrary<Command> {
  return fc
    .tuple(account, fc.constantFrom<'apply' | 'undo'>('apply', 'undo'), fc.constantFrom<DiskFaultKind>('ENOSPC', 'EIO', 'sync'), fc.nat({ max: 6 }), fc.nat({ max: 255 }), rule)
    .map(([a, action, kind, after, pick, r]) => new CapsOnFailingDisk(a, action, kind, after, pick, r));
}
