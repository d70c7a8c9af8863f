import { describe, expect, it } from 'vitest';
import type { AlertInput } from '../../../../shared/api/zone-update';
import type { CapsRecord } from '../../../../shared/caps';
import type { SpendStopRecord } from '../../../../shared/spend-stop';
import { capsRecordAfterInterrupted } from '../../../../electron/core/caps/caps-record';
import type { JournalEntry, JournalOperation, JournalResult, JournalValue } from '../../../../electron/core/journal/journal-entry';
import { assumedZones, foundZones, interruptedNotice, type ZoneFound } from '../../../../electron/core/journal/recovery';
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
  it('counts a zone holding what Zonewatch was sending as changed, any other as not, a missing one as gone', () => {
    const run = stopOf(['A', null], ['B', 'changed'], ['C', null]);
    const fresh = { state: new Map([['A', zone('A', { enabled: false })], ['B', zone('B', { enabled: true })]]), unread: new Map() };
    expect(foundZones(run, fresh)).toEqual(found({ A: 'changed', B: 'unchanged', C: 'gone' }));
    const caps = entry('caps-apply', [['A', alert(DAILY), alert(null), null], ['B', alert(DAILY), alert(THEIRS), null], ['C', alert(DAILY), alert(null), null]]);
    const alerts = { state: new Map([['A', zone('A', { alert: { ...DAILY, last_triggered: null } })], ['B', zone('B', { alert: null })], ['C', zone('C', { alert: undefined })]]), unread: new Map() };
    expect(foundZones(caps, alerts)).toEqual(found({ A: 'changed', B: 'unchanged', C: 'unchanged' }));
  });

  it('leaves the run unfinished while any of its zones could not be read', () => {
    expect(foundZones(stopOf(['A', null], ['B', null]), { state: new Map([['A', zone('A', { enabled: false })]]), unread: new Map([['B', new Error('down')]]) })).toBeNull();
  });

  it('meanwhile counts every zone a stop or an apply may have changed, and only the zones a restore or an undo surely put back', () => {
    expect(assumedZones(stopOf(['A', null], ['B', 'changed'], ['C', 'unknown'], ['D', 'unchanged']))).toEqual(found({ A: 'changed', B: 'changed', C: 'changed', D: 'unchanged' }));
    const restore = entry('restore', [['A', enabled(true), enabled(false), 'changed'], ['B', enabled(true), enabled(false), null], ['C', enabled(true), enabled(false), 'unknown']]);
    expect(assumedZones(restore)).toEqual(found({ A: 'changed', B: 'unchanged', C: 'unchanged' }));
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
  });
});
