import { describe, expect, it } from 'vitest';
import { runSequence } from './sim-sequence';
import type { CapRule } from '../../shared/caps';
import { Restart } from './sim-commands';
import { CapsOnFailingDisk } from './sim-caps-disk';
import { DiskFails } from './sim-fault-commands';
import { CapsApply, CapsForget, CapsUndo } from './sim-money-commands';

// Caps Apply and Undo on a failing disk (docs/development.md › The simulator): refused before
// their first request while the folder refuses every write; filling in the middle of the run,
// nothing sent that the journal on disk does not name, and no record the folder refused reported saved.
const RULE: CapRule = { kind: 'fixed', type: 'dollars_per_day', threshold: 20, action: 'send_notification' };


describe('caps on a failing disk', () => {
  for (const kind of ['ENOSPC', 'EIO', 'sync'] as const) {
    it(`Apply and Undo are refused before any request while the disk refuses (${kind}), and go on once it takes writes`, async () => {
      const trace = await runSequence(3, [new CapsOnFailingDisk(0, 'apply', kind, 0, 0, RULE), new CapsOnFailingDisk(0, 'undo', kind, 0, 0, RULE), new Restart()]);
      expect(trace.text()).toMatch(/caps apply on account 0 with the disk refusing → Zonewatch could not write to its data folder/);
      expect(trace.text()).toMatch(/caps undo on account 0 with the disk refusing → Zonewatch could not write to its data folder/);
    });
  }

  it('Apply and Undo as the disk fills at each write of their run: every cap sent was journaled, no refused record reported saved', async () => {
    const commands = [0, 1, 2, 3, 4, 5, 6].flatMap((after) => [
      new CapsOnFailingDisk(1, 'apply', after % 2 === 0 ? 'ENOSPC' : 'sync', after, 0, { ...RULE, threshold: 5 + after }),
      new CapsOnFailingDisk(1, 'undo', after % 2 === 0 ? 'EIO' : 'sync', after, 0, RULE),
    ]);
    const trace = await runSequence(5, [...commands, new Restart()]);
    expect(trace.text()).toMatch(/the disk refuses a write of profile-[^ ]+-journal/);
    expect(trace.text(), 'a run whose record the disk refused').toMatch(/the disk refuses a write of profile-[^ ]+-caps/);
  });

  // A 300-run soak's finding, of the simulator's own: with the disk already refusing, the Apply
  // that comes before an Undo was refused, and the Undo then applied on its own as the disk filled;
  // its writes were counted as the refused Undo's. That Apply now runs on a disk that takes writes.
  it('Undo on a disk that already refused: the Apply before it runs once the disk takes writes', async () => {
    await runSequence(1, [new DiskFails('ENOSPC', 0), new CapsOnFailingDisk(0, 'undo', 'ENOSPC', 2, 0, { kind: 'usual', multiple: 1, floorDollars: 1, action: 'disable_zone' })]);
  });

  // A 300-run soak's finding (seed 1238649191, run 167): Apply as the disk filled saved its record,
  // the removal of its journal entry was refused; once the disk healed, Forget emptied the record,
  // and a kill brought the entry back as an interrupted run, its caps into the record again. A
  // record saved now also writes away such entries (journal.ts › dropEnded).
  it('Apply whose entry the filling disk kept, Forget once it heals, a crash: the record stays forgotten', async () => {
    await runSequence(1, [new CapsOnFailingDisk(0, 'apply', 'ENOSPC', 4, 0, { kind: 'fixed', type: 'dollars_per_day', threshold: 1, action: 'disable_zone' }), new CapsForget(0), new Restart()]);
  });

  // A 2,000-run soak's finding (seed 2107500273, run 1368): Apply's record refused by the filling
  // disk, someone else then changing one of its zones, a second Apply recovering the first — recovery
  // counts that zone by what it holds now, so it leaves the record (Undo would leave it alone either
  // way); the model now accepts a zone changed since Zonewatch set it missing from the record.
  it('Apply whose record the disk refused, a zone changed elsewhere, Apply again: the record keeps every zone still holding its cap', async () => {
    const usual = (action: 'disable_zone' | 'send_notification'): CapRule => ({ kind: 'usual', multiple: 1, floorDollars: 1, action });
    await runSequence(1, [new CapsOnFailingDisk(1, 'apply', 'ENOSPC', 2, 0, usual('disable_zone')), new CapsApply(1, 0, usual('send_notification'), 0, null)]);
  });

  // A 2,000-run soak's finding (seed 2107500273, run 1761): after an Undo left a zone someone else
  // had changed, Apply as the disk filled skipped that zone (it no longer held the cap its preview
  // showed) but could not journal the skip; a kill, and recovery counted the zone as one the run had
  // not reached, for Retry — a restart changed the record. Recovery now leaves a zone holding
  // neither what was sent nor what was there before to whoever changed it, as the run itself does.
  it('Apply that skipped a zone changed elsewhere, its skip refused by the filling disk, a crash: the record reads the same', async () => {
    const cap = (action: 'disable_zone' | 'disable_and_send_notification'): CapRule => ({ kind: 'fixed', type: 'dollars_per_day', threshold: 1, action });
    await runSequence(1, [new CapsUndo(0, cap('disable_zone'), 0, null), new CapsOnFailingDisk(0, 'apply', 'ENOSPC', 4, 0, cap('disable_and_send_notification')), new Restart()]);
  });
});
