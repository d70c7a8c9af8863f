import { describe, expect, it } from 'vitest';
import type { Zone } from '../../../../shared/api/zone';
import type { AlertInput } from '../../../../shared/api/zone-update';
import type { CapsRecord } from '../../../../shared/caps';
import type { SpendStopRecord } from '../../../../shared/spend-stop';
import { capsRecordAfterInterrupted } from '../../../../electron/core/caps/caps-record';
import type { JournalEntry, JournalOperation, JournalResult, JournalValue } from '../../../../electron/core/journal/journal-entry';
import { assumedZones, foundZones, interruptedNotice, unsavedRecordSentence, type ZoneFound } from '../../../../electron/core/journal/recovery';
import { DocumentWriteError } from '../../../../electron/core/storage/write-failure';
import { recordAfterInterrupted } from '../../../../electron/core/spend-stop/stop-record';
import { zone } from '../readout/readout-fixtures';

const AT = '2026-11-21T10:00:00.000Z';
const DAILY: AlertInput = { type: 'dollars_per_day', threshold: 5, action: 'disable_and_send_notification' };
const THEIRS: AlertInput = { type: 'gigabytes_per_day', threshold: 7, action: 'send_notification' };
const enabled = (value: boolean): JournalValue => ({ field: 'enabled', value });
const alert = (value: AlertInput | null): JournalValue => ({ field: 'alert', value });

function entry(operation: JournalOperation, zones: [string, JournalValue, JournalValue, JournalResult | null][]): JournalEntry {
  return { id: 'run', operation, startedAt: AT, toldAt: null, zones: zones.map(([zoneId, send, before, result]) => ({ zoneId, name: zoneId, spendTodayCents: null, send, before, result })) };
}
const stopOf = (...ids: [string, JournalResult | null][]) => entry('stop', ids.map(([id, result]) => [id, enabled(false), enabled(true), result]));
const found = (pairs: Record<string, ZoneFound>) => new Map(Object.entries(pairs));

describe('recovering an interrupted run from the zones as they are now', () => {
  it('counts a zone holding what Zonewatch was sending as changed, one holding what was there before as not, a missing one as gone', () => {
    const run = stopOf(['A', null], ['B', 'changed'], ['C', null]);
    const fresh = { state: new Map([['A', zone('A', { enabled: false })], ['B', zone('B', { enabled: true })]]), unread: new Map() };
    expect(foundZones(run, fresh)).toEqual(found({ A: 'changed', B: 'unchanged', C: 'gone' }));
    const caps = entry('caps-apply', [['A', alert(DAILY), alert(null), null], ['B', alert(DAILY), alert(THEIRS), null], ['C', alert(DAILY), alert(null), null]]);
    const alerts = { state: new Map([['A', zone('A', { alert: { ...DAILY, last_triggered: null } })], ['B', zone('B', { alert: null })], ['C', zone('C', { alert: undefined })]]), unread: new Map() };
    // B had THEIRS before and holds no cap now: someone else removed it. C's alert came unreadable.
    expect(foundZones(caps, alerts)).toEqual(found({ A: 'changed', B: 'elsewhere', C: 'unchanged' }));
    const theirsStill = { state: new Map([...alerts.state, ['B', zone('B', { alert: { ...THEIRS, last_triggered: null } })]]), unread: new Map() };
    expect(foundZones(caps, theirsStill)?.get('B')).toBe('unchanged');
    // A zone sent without a usable on/off may be off or on: not changed, so Retry still offers it.
    const garbled = { state: new Map([['A', zone('A', { enabled: 'yes' as unknown as boolean, alert: null })], ['B', zone('B', { enabled: true })]]), unread: new Map() };
    expect(foundZones(stopOf(['A', null], ['B', null]), garbled)).toEqual(found({ A: 'unchanged', B: 'unchanged' }));
  });

  it('counts a cap as set only when the zone holds exactly it, and a cleared alert only when the zone has none', () => {
    const undo = entry('caps-undo', [['A', alert(null), alert(DAILY), null], ['B', alert(null), alert(DAILY), null], ['C', alert(THEIRS), alert(DAILY), null], ['D', alert(THEIRS), alert(DAILY), null], ['E', alert(THEIRS), alert(DAILY), null], ['F', alert(null), alert(DAILY), null]]);
    const now = new Map([
      ['A', zone('A', { alert: null })],
      ['B', zone('B', { alert: { type: 7 } as unknown as Zone['alert'] })],
      ['C', zone('C', { alert: { ...THEIRS, threshold: 8, last_triggered: null } })],
      ['D', zone('D', { alert: { ...THEIRS, action: 'bogus' as AlertInput['action'], last_triggered: null } })],
      ['E', zone('E', { alert: { ...THEIRS, last_triggered: '2026-11-21T09:00:00Z' } })],
      ['F', zone('F', { alert: { ...THEIRS, action: 'bogus' as AlertInput['action'], last_triggered: null } })],
    ]);
    // B's alert came malformed (unknown), D's and F's are not ones Zonewatch sends: none holds what was
    // sent, and F, asked to have no alert, still has one, so Undo must still count it. C holds a cap
    // that is neither Zonewatch's nor the earlier one: changed elsewhere since.
    expect(foundZones(undo, { state: now, unread: new Map() })).toEqual(found({ A: 'changed', B: 'unchanged', C: 'elsewhere', D: 'unchanged', E: 'changed', F: 'unchanged' }));
  });

  it('leaves the run unfinished while any of its zones could not be read', () => {
    expect(foundZones(stopOf(['A', null], ['B', null]), { state: new Map([['A', zone('A', { enabled: false })]]), unread: new Map([['B', new Error('down')]]) })).toBeNull();
  });

  it('meanwhile counts every zone a stop or an apply may have changed, and only the zones a restore or an undo surely put back', () => {
    expect(assumedZones(stopOf(['A', null], ['B', 'changed'], ['C', 'unknown'], ['D', 'unchanged']))).toEqual(found({ A: 'changed', B: 'changed', C: 'changed', D: 'unchanged' }));
    const restore = entry('restore', [['A', enabled(true), enabled(false), 'changed'], ['B', enabled(true), enabled(false), null], ['C', enabled(true), enabled(false), 'unknown']]);
    expect(assumedZones(restore)).toEqual(found({ A: 'changed', B: 'unchanged', C: 'unchanged' }));
    const undo = entry('caps-undo', [['A', alert(null), alert(DAILY), 'changed'], ['B', alert(null), alert(DAILY), 'unknown']]);
    expect(assumedZones(undo)).toEqual(found({ A: 'changed', B: 'unchanged' }));
    const apply = entry('caps-apply', [['A', alert(DAILY), alert(null), 'unknown'], ['B', alert(DAILY), alert(null), 'unchanged']]);
    expect(assumedZones(apply)).toEqual(found({ A: 'changed', B: 'unchanged' }));
  });
});

describe('folding a recovered run into the stop record', () => {
  it('a stop: the zones found off are what Restore turns on, the rest are left running for Retry; twice gives the same', () => {
    const run = stopOf(['A', null], ['B', null], ['C', null]);
    const record = recordAfterInterrupted(null, run, found({ A: 'changed', B: 'unchanged', C: 'gone' }), AT)!;
    expect(record.disabled.map((z) => z.zoneId)).toEqual(['A']);
    expect(record.remaining).toEqual([{ zoneId: 'B', name: 'B', spendTodayCents: null, result: 'not_tried', reason: 'Zonewatch was closed before it could change this zone.' }]);
    expect(recordAfterInterrupted(record, run, found({ A: 'changed', B: 'unchanged', C: 'gone' }), AT)).toEqual(record);
  });

  it('a retry keeps what it did not journal as it was left running', () => {
    const earlier: SpendStopRecord = {
      stoppedAt: AT,
      updatedAt: AT,
      disabled: [{ zoneId: 'A', name: 'A', spendTodayCents: null }],
      remaining: [
        { zoneId: 'B', name: 'B', spendTodayCents: null, result: 'failed', reason: 'x' },
        { zoneId: 'N', name: 'N', spendTodayCents: null, result: 'not_allowed', reason: 'y' },
      ],
    };
    const run = { ...stopOf(['B', null]), operation: 'retry' as const };
    const record = recordAfterInterrupted(earlier, run, found({ B: 'changed' }), AT)!;
    expect(record.disabled.map((z) => z.zoneId)).toEqual(['A', 'B']);
    expect(record.remaining.map((z) => z.zoneId)).toEqual(['N']);
  });

  it('a new stop lists as still running only the zones it meant to stop, not what an earlier stop left', () => {
    const earlier: SpendStopRecord = { stoppedAt: AT, updatedAt: AT, disabled: [], remaining: [{ zoneId: 'C', name: 'C', spendTodayCents: null, result: 'failed', reason: 'x' }] };
    const record = recordAfterInterrupted(earlier, stopOf(['A', null], ['B', null]), found({ A: 'changed', B: 'unchanged' }), AT)!;
    expect(record.disabled.map((z) => z.zoneId)).toEqual(['A']);
    expect(record.remaining.map((z) => z.zoneId)).toEqual(['B']);
  });

  it('a restore or a retry whose record is gone since still folds: nothing to restore, and only the retry’s own zones', () => {
    const restore = entry('restore', [['A', enabled(true), enabled(false), null]]);
    expect(recordAfterInterrupted(null, restore, found({ A: 'changed' }), AT)).toBeNull();
    const retry = { ...stopOf(['B', null]), operation: 'retry' as const };
    expect(recordAfterInterrupted(null, retry, found({ B: 'changed' }), AT)).toEqual({ stoppedAt: AT, updatedAt: AT, disabled: [{ zoneId: 'B', name: 'B', spendTodayCents: null }], remaining: [] });
  });

  it('a restore: zones found on leave the record, the others stay for the next Restore', () => {
    const stopped: SpendStopRecord = { stoppedAt: AT, updatedAt: AT, disabled: ['A', 'B', 'C'].map((zoneId) => ({ zoneId, name: zoneId, spendTodayCents: null })), remaining: [] };
    const run = entry('restore', [['A', enabled(true), enabled(false), null], ['B', enabled(true), enabled(false), null]]);
    expect(recordAfterInterrupted(stopped, run, found({ A: 'changed', B: 'unchanged' }), AT)?.disabled.map((z) => z.zoneId)).toEqual(['B', 'C']);
    expect(recordAfterInterrupted(stopped, { ...run, zones: run.zones.slice(0, 1) }, found({ A: 'changed' }), AT)?.disabled.map((z) => z.zoneId)).toEqual(['B', 'C']);
  });
});

describe('folding a recovered run into the caps record', () => {
  it('an apply: a zone holding the new cap is undoable to what the person had, even over an earlier apply', () => {
    const earlier: CapsRecord = { appliedAt: AT, updatedAt: AT, changed: [{ zoneId: 'A', name: 'A', before: THEIRS, after: { ...DAILY, threshold: 9 } }], failed: [] };
    const run = entry('caps-apply', [['A', alert(DAILY), alert({ ...DAILY, threshold: 9 }), null], ['B', alert(DAILY), alert(null), null]]);
    const record = capsRecordAfterInterrupted(earlier, run, found({ A: 'changed', B: 'unchanged' }), AT)!;
    expect(record.changed).toEqual([{ zoneId: 'A', name: 'A', before: THEIRS, after: DAILY }]);
    expect(record.failed).toEqual([{ zoneId: 'B', name: 'B', before: null, after: DAILY, reason: 'Zonewatch was closed before it could change this zone.' }]);
  });

  it('an undo: zones found holding their earlier alert leave the record', () => {
    const applied: CapsRecord = { appliedAt: AT, updatedAt: AT, changed: ['A', 'B'].map((zoneId) => ({ zoneId, name: zoneId, before: null, after: DAILY })), failed: [] };
    const run = entry('caps-undo', [['A', alert(null), alert(DAILY), null], ['B', alert(null), alert(DAILY), null]]);
    expect(capsRecordAfterInterrupted(applied, run, found({ A: 'changed', B: 'unchanged' }), AT)?.changed.map((z) => z.zoneId)).toEqual(['B']);
    expect(capsRecordAfterInterrupted(applied, run, found({ A: 'changed', B: 'changed' }), AT)).toBeNull();
  });

  it('a zone changed elsewhere since leaves the record, as the run itself leaves it: no Retry of an apply, no Undo', () => {
    const apply = entry('caps-apply', [['A', alert(DAILY), alert(null), null], ['B', alert(DAILY), alert(null), null]]);
    const applied = capsRecordAfterInterrupted(null, apply, found({ A: 'changed', B: 'elsewhere' }), AT)!;
    expect(applied.changed.map((z) => z.zoneId)).toEqual(['A']);
    expect(applied.failed).toEqual([]);
    const record: CapsRecord = { appliedAt: AT, updatedAt: AT, changed: ['A', 'B'].map((zoneId) => ({ zoneId, name: zoneId, before: null, after: DAILY })), failed: [] };
    const undo = entry('caps-undo', [['A', alert(null), alert(DAILY), null], ['B', alert(null), alert(DAILY), null]]);
    expect(capsRecordAfterInterrupted(record, undo, found({ A: 'unchanged', B: 'elsewhere' }), AT)?.changed.map((z) => z.zoneId)).toEqual(['A']);
  });
});

describe('what the user is told', () => {
  it('says what the run did and what Restore and Retry will do', () => {
    const notice = interruptedNotice(stopOf(['A', null], ['B', null], ['C', null]), found({ A: 'changed', B: 'unchanged', C: 'unchanged' }));
    expect(notice).toEqual({
      key: 'journal:run',
      title: 'Stop all spend was interrupted',
      body: 'Zonewatch was closed while stopping all spend. It had turned off 1 of 3 zones. Restore turns it back on. Retry turns off the 2 still running.',
    });
  });

  it('says what Undo will count while the service cannot be asked', () => {
    const run = entry('caps-apply', [['A', alert(DAILY), alert(null), null], ['B', alert(DAILY), alert(null), null]]);
    expect(interruptedNotice(run, null).body).toBe(
      'Zonewatch was closed while setting caps. The service could not be reached to check what it did. Up to 2 zones may carry the new cap: Undo counts all of them and puts back each one still holding it. Zonewatch checks again at each refresh.',
    );
    expect(interruptedNotice(run, found({ A: 'unchanged', B: 'unchanged' })).body).toBe(
      'Zonewatch was closed while setting caps. It had set the cap on 0 of 2 zones. Retry sends the cap to the 2 without it.',
    );
    expect(interruptedNotice(run, found({ A: 'changed', B: 'elsewhere' })).body).toBe(
      'Zonewatch was closed while setting caps. It had set the cap on 1 of 2 zones. 1 zone changed elsewhere since, left as it is. Undo puts back the earlier alert of that zone.',
    );
    const three = entry('caps-apply', ['A', 'B', 'C'].map((id): [string, JournalValue, JournalValue, null] => [id, alert(DAILY), alert(null), null]));
    expect(interruptedNotice(three, found({ A: 'elsewhere', B: 'elsewhere', C: 'unchanged' })).body).toBe(
      'Zonewatch was closed while setting caps. It had set the cap on 0 of 3 zones. 2 zones changed elsewhere since, left as they are. Retry sends the cap to the 1 without it.',
    );
  });

  /** A run of `operation` over `total` zones Z0, Z1…; `ran` found the first `done` holding what it sent, the others not or gone. */
  const runOf = (operation: JournalOperation, total: number) => entry(operation, Array.from({ length: total }, (_, i) => [`Z${i}`, enabled(false), enabled(true), null]));
  const ran = (operation: JournalOperation, done: number, total: number) =>
    interruptedNotice(runOf(operation, total), new Map(runOf(operation, total).zones.map((z, i) => [z.zoneId, i < done ? 'changed' : i % 2 === 0 ? 'unchanged' : 'gone'])));

  it('names the interrupted action and says, for each, what it had done and what Restore, Undo or Retry does next', () => {
    expect(ran('stop', 1, 1)).toEqual({
      key: 'journal:run',
      title: 'Stop all spend was interrupted',
      body: 'Zonewatch was closed while stopping all spend. It had turned off 1 of 1 zone. Restore turns it back on.',
    });
    expect([ran('retry', 2, 3).title, ran('retry', 2, 3).body]).toEqual([
      'Stop all spend was interrupted',
      'Zonewatch was closed while retrying to stop spend. It had turned off 2 of 3 zones. Restore turns them back on. Retry turns off the 1 still running.',
    ]);
    expect(ran('retry', 0, 2).body).toBe('Zonewatch was closed while retrying to stop spend. It had turned off 0 of 2 zones. Retry turns off the 2 still running.');
    expect([ran('restore', 1, 3).title, ran('restore', 1, 3).body]).toEqual([
      'Restore was interrupted',
      'Zonewatch was closed while restoring the zones it stopped. It had turned 1 of 3 zones back on. Restore turns on the 2 still off.',
    ]);
    expect(ran('restore', 2, 2).body).toBe('Zonewatch was closed while restoring the zones it stopped. It had turned 2 of 2 zones back on.');
    expect([ran('caps-apply', 1, 2).title, ran('caps-apply', 1, 2).body]).toEqual([
      'Setting caps was interrupted',
      'Zonewatch was closed while setting caps. It had set the cap on 1 of 2 zones. Undo puts back the earlier alert of that zone. Retry sends the cap to the 1 without it.',
    ]);
    expect([ran('caps-retry', 2, 2).title, ran('caps-retry', 2, 2).body]).toEqual([
      'Setting caps was interrupted',
      'Zonewatch was closed while retrying caps. It had set the cap on 2 of 2 zones. Undo puts back the earlier alert of those zones.',
    ]);
    expect([ran('caps-undo', 1, 3).title, ran('caps-undo', 1, 3).body]).toEqual([
      'Undo of caps was interrupted',
      "Zonewatch was closed while undoing caps. It had put back the earlier alert of 1 of 3 zones. Undo puts back the 2 still holding Zonewatch's cap.",
    ]);
    expect(ran('caps-undo', 1, 1).body).toBe("Zonewatch was closed while undoing caps. It had put back the earlier alert of 1 of 1 zone.");
  });

  it('says, for each action, what Restore, Undo or Retry counts while the service cannot be asked', () => {
    const unchecked = (operation: JournalOperation, total: number) => interruptedNotice(runOf(operation, total), null);
    const lead = 'The service could not be reached to check what it did.';
    const again = 'Zonewatch checks again at each refresh.';
    expect(unchecked('stop', 1)).toEqual({
      key: 'journal:run',
      title: 'Stop all spend was interrupted',
      body: `Zonewatch was closed while stopping all spend. ${lead} Up to 1 zone may be off: Restore counts all of them and turns on those still off. ${again}`,
    });
    expect(unchecked('retry', 3).body).toBe(`Zonewatch was closed while retrying to stop spend. ${lead} Up to 3 zones may be off: Restore counts all of them and turns on those still off. ${again}`);
    expect(unchecked('restore', 3).body).toBe(`Zonewatch was closed while restoring the zones it stopped. ${lead} Restore still counts all 3 zones and turns on only those still off. ${again}`);
    expect(unchecked('caps-retry', 1).body).toBe(`Zonewatch was closed while retrying caps. ${lead} Up to 1 zone may carry the new cap: Undo counts all of them and puts back each one still holding it. ${again}`);
    expect(unchecked('caps-undo', 2).body).toBe(`Zonewatch was closed while undoing caps. ${lead} Undo still counts all 2 zones and puts back only those still holding Zonewatch's cap. ${again}`);
  });

  it('says a run whose record could not be written did its changes, and what still counts them', () => {
    const full = new DocumentWriteError('profile-p1-spend-stop', Object.assign(new Error('ENOSPC'), { code: 'ENOSPC' }));
    expect(unsavedRecordSentence(full)).toBe(
      'Zonewatch could not write to its data folder — the disk is full: this result is not saved in its record. Its journal entry on disk keeps the zones it changed: Restore and Retry still count them, also after a restart, and the record is written once the folder can be written again.',
    );
    expect(unsavedRecordSentence(full, 'caps')).toContain('Its journal entry on disk keeps the zones it changed: Undo and Retry still count them, also after a restart');
  });
});
