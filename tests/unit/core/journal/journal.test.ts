import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { failedResult, JournalUnwritable, RESULT_BATCH, type JournalZoneInput } from '../../../../electron/core/journal/journal';
import { DocumentWriteError } from '../../../../electron/core/storage/write-failure';
import { failingDisk } from '../../../integration/core/failing-disk';
import type { JournalResult } from '../../../../electron/core/journal/journal-entry';
import { journalIn, onDisk } from './journal-on-disk';
import { ApiError } from '../../../../electron/core/api/error';
import { confStoreFactory } from '../../../../electron/core/storage/persistence';

const off = (zoneId: string): JournalZoneInput => ({ zoneId, name: zoneId, spendTodayCents: 10, send: { field: 'enabled', value: false }, before: { field: 'enabled', value: true } });

describe('the write-ahead journal', () => {
  it('is on disk before anything is sent, writes the results RESULT_BATCH at a time, and is gone once finished', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonewatch-journal-'));
    const journal = journalIn(dir);
    const ids = Array.from({ length: RESULT_BATCH + 2 }, (_, i) => `Z${i}`);
    const run = journal.begin('stop', ids.map(off));
    expect(onDisk(dir).entries).toEqual([
      { id: 'run-1', operation: 'stop', startedAt: '2026-11-21T10:00:00.000Z', zones: ids.map((id) => ({ ...off(id), result: null })), toldAt: null },
    ]);
    const results = () => onDisk(dir).entries[0]!.zones.map((z) => z.result);
    // Each write waits for the disk: a batch short of RESULT_BATCH is not written yet.
    ids.slice(0, RESULT_BATCH - 1).forEach((id) => run.result(id, 'changed'));
    expect(results().every((result) => result === null)).toBe(true);
    run.result(ids[RESULT_BATCH]!, 'unknown');
    expect(results()).toEqual([...ids.slice(0, RESULT_BATCH - 1).map(() => 'changed'), null, 'unknown', null]);
    run.result(ids[RESULT_BATCH - 1]!, 'unchanged');
    expect(results()).toEqual([...ids.slice(0, RESULT_BATCH - 1).map(() => 'changed'), null, 'unknown', null]);
    // Its own run is never taken for an interrupted one; the app started again finds it.
    expect(journal.interrupted('spend')).toEqual([]);
    const again = journalIn(dir);
    expect(again.interrupted('spend').map((e) => e.id)).toEqual(['run-1']);
    expect(again.interrupted('caps')).toEqual([]);
    run.end(() => undefined);
    expect(onDisk(dir).entries).toEqual([]);
  });

  it('writes nothing for a run with nothing to change', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonewatch-journal-'));
    journalIn(dir).begin('caps-apply', []).end(() => undefined);
    expect(fs.existsSync(path.join(dir, 'profile-p1-journal.json'))).toBe(false);
  });

  it('remembers that the user was told, across a restart', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonewatch-journal-'));
    journalIn(dir).begin('restore', [off('A')]);
    const second = journalIn(dir);
    const [entry] = second.interrupted('spend');
    second.told(entry!.id);
    expect(journalIn(dir).interrupted('spend')[0]!.toldAt).toBe('2026-11-21T10:00:00.000Z');
    journalIn(dir).finish(entry!.id);
    expect(journalIn(dir).interrupted('spend')).toEqual([]);
  });

  // docs/architecture.md › Write ahead, then act: the entries in memory are those on disk.
  it('refuses in words when its entry cannot be written, and keeps nothing of it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonewatch-journal-'));
    const disk = failingDisk(dir);
    const journal = journalIn(dir, disk.factory);
    disk.fail('ENOSPC');
    expect(() => journal.ensureWritable()).toThrow(JournalUnwritable);
    expect(() => journal.begin('stop', [off('A')])).toThrow('Zonewatch could not write to its data folder — the disk is full: nothing was changed.');
    disk.heal();
    journal.begin('caps-apply', [off('B')]);
    expect(onDisk(dir).entries.map((e) => e.zones[0]!.zoneId)).toEqual(['B']);
  });

  it('never drops an entry that landed when a later write failed: results, its removal, a record that could not be saved', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonewatch-journal-'));
    const disk = failingDisk(dir);
    const journal = journalIn(dir, disk.factory);
    const ids = Array.from({ length: RESULT_BATCH }, (_, i) => `Z${i}`);
    const stop = journal.begin('stop', ids.map(off));
    disk.fail('EIO');
    ids.forEach((id) => stop.result(id, 'changed'));
    const failure = stop.end(() => {
      throw new DocumentWriteError('profile-p1-spend-stop', Object.assign(new Error('EIO'), { code: 'EIO' }));
    });
    expect(failure?.code).toBe('EIO');
    // Ended here without its record: an interrupted entry the user was already told of.
    expect(journal.interrupted('spend').map((e) => [e.id, e.toldAt])).toEqual([['run-1', '2026-11-21T10:00:00.000Z']]);
    disk.heal();
    // A later run rewrites the journal from memory: the stop's entry stays.
    const caps = journal.begin('caps-apply', [off('C1'), off('C2')]);
    expect(onDisk(dir).entries.map((e) => e.operation)).toEqual(['stop', 'caps-apply']);
    caps.end(() => undefined);
    expect(onDisk(dir).entries.map((e) => e.operation)).toEqual(['stop']);
    expect(journalIn(dir).interrupted('spend').map((e) => e.id)).toEqual(['run-1']);
  });

  it('writes the results it still holds when the run’s record cannot be written, so what is offered meanwhile is narrowed by them', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonewatch-journal-'));
    const journal = journalIn(dir);
    const run = journal.begin('stop', [off('A'), off('B')]);
    run.result('A', 'changed');
    run.result('B', 'unchanged');
    run.end(() => {
      throw new DocumentWriteError('profile-p1-spend-stop', Object.assign(new Error('ENOSPC'), { code: 'ENOSPC' }));
    });
    expect(onDisk(dir).entries[0]!.zones.map((z) => z.result)).toEqual(['changed', 'unchanged']);
  });

  it('offers an entry whose results the folder refused with the results the run knew, so a zone it left is not taken as changed', () => {
    // The simulator's finding (docs/development.md › The simulator): caps Apply on a filling disk
    // left a zone changed since the preview, yet the caps view showed it as set by Zonewatch.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonewatch-journal-'));
    const disk = failingDisk(dir);
    const journal = journalIn(dir, disk.factory);
    const run = journal.begin('caps-apply', [off('A'), off('B')]);
    disk.fail('ENOSPC');
    run.result('A', 'changed');
    run.result('B', 'unchanged');
    run.end(() => {
      throw new DocumentWriteError('profile-p1-caps', Object.assign(new Error('ENOSPC'), { code: 'ENOSPC' }));
    });
    expect(onDisk(dir).entries[0]!.zones.map((z) => z.result)).toEqual([null, null]);
    expect(journal.interrupted('caps')[0]!.zones.map((z) => [z.zoneId, z.result])).toEqual([['A', 'changed'], ['B', 'unchanged']]);
    disk.heal();
  });

  it('removes a finished entry with the next write that lands when its own removal failed', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonewatch-journal-'));
    const disk = failingDisk(dir);
    const journal = journalIn(dir, disk.factory);
    const run = journal.begin('restore', [off('A')]);
    disk.fail('ENOSPC');
    expect(run.end(() => undefined)).toBeNull();
    expect(onDisk(dir).entries).toHaveLength(1);
    // Finished here: neither live nor interrupted.
    expect(journal.interrupted('spend')).toEqual([]);
    disk.heal();
    journal.ensureWritable();
    expect(onDisk(dir).entries).toEqual([]);
  });

  it('writes away, when a record is saved again, an ended entry whose removal the folder refused, and nothing else', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonewatch-journal-'));
    // Left by a run before this one: interrupted, never written away.
    journalIn(dir, confStoreFactory(dir), 'earlier').begin('stop', [off('B')]);
    const disk = failingDisk(dir);
    const journal = journalIn(dir, disk.factory);
    const run = journal.begin('caps-apply', [off('A')]);
    journal.dropEnded();
    expect(onDisk(dir).entries.map((e) => e.operation), 'no ended entry: nothing written away').toEqual(['stop', 'caps-apply']);
    disk.fail('ENOSPC');
    expect(run.end(() => undefined)).toBeNull();
    journal.dropEnded();
    expect(onDisk(dir).entries.map((e) => e.operation), 'still refused: kept').toEqual(['stop', 'caps-apply']);
    disk.heal();
    journal.dropEnded();
    expect(onDisk(dir).entries.map((e) => e.operation), 'the interrupted one stays').toEqual(['stop']);
  });

  it('takes an entry found at start as never told, and marks as told only the one the user was told of', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonewatch-journal-'));
    const first = journalIn(dir);
    first.begin('stop', [off('A')]);
    first.begin('restore', [off('B')]);
    const second = journalIn(dir);
    // Never told yet: recovery tells the user of each (journal/recover-interrupted.ts).
    expect(second.interrupted('spend').map((e) => [e.id, e.toldAt])).toEqual([
      ['run-1', null],
      ['run-2', null],
    ]);
    second.told('run-1');
    expect(journalIn(dir).interrupted('spend').map((e) => [e.id, e.toldAt])).toEqual([
      ['run-1', '2026-11-21T10:00:00.000Z'],
      ['run-2', null],
    ]);
  });

  it('writes a run’s results into its own entry only, never into an interrupted one on the same zones', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonewatch-journal-'));
    const ids = Array.from({ length: RESULT_BATCH }, (_, i) => `Z${i}`);
    journalIn(dir).begin('stop', ids.map(off));
    // Started again with the service away: the stop stays interrupted, and a Restore runs over its zones.
    const restore = journalIn(dir, confStoreFactory(dir), 'later').begin('restore', ids.map(off));
    ids.forEach((id) => restore.result(id, 'unchanged'));
    const [stop, ours] = onDisk(dir).entries;
    expect(ours!.zones.every((z) => z.result === 'unchanged')).toBe(true);
    // The stop's zones may still be off: what Restore offers counts them all (journal/recovery.ts › assumedZones).
    expect(stop!.zones.every((z) => z.result === null)).toBe(true);
  });

  it('writes a batch the folder refused with the next batch, not result by result', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonewatch-journal-'));
    const disk = failingDisk(dir);
    const journal = journalIn(dir, disk.factory);
    const ids = Array.from({ length: 2 * RESULT_BATCH }, (_, i) => `Z${i}`);
    const run = journal.begin('stop', ids.map(off));
    const results = () => onDisk(dir).entries[0]!.zones.map((z) => z.result);
    disk.fail('EIO');
    ids.slice(0, RESULT_BATCH).forEach((id) => run.result(id, 'changed'));
    disk.heal();
    ids.slice(RESULT_BATCH, -1).forEach((id) => run.result(id, 'unknown'));
    expect(results().every((result) => result === null)).toBe(true);
    run.result(ids.at(-1)!, 'unknown');
    expect(results()).toEqual([...ids.slice(0, RESULT_BATCH).map(() => 'changed'), ...ids.slice(RESULT_BATCH).map(() => 'unknown')]);
  });

  it('writes nothing for a run with nothing to change, whatever arrives for it and even when its record cannot be written', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonewatch-journal-'));
    const run = journalIn(dir).begin('caps-retry', []);
    Array.from({ length: RESULT_BATCH }, (_, i) => run.result(`Z${i}`, 'unchanged'));
    const failure = run.end(() => {
      throw new DocumentWriteError('profile-p1-caps', Object.assign(new Error('ENOSPC'), { code: 'ENOSPC' }));
    });
    expect(failure?.code).toBe('ENOSPC');
    expect(fs.existsSync(path.join(dir, 'profile-p1-journal.json'))).toBe(false);
  });

  it('never reports a run done when saving its record failed for a reason other than the disk', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonewatch-journal-'));
    const journal = journalIn(dir);
    const run = journal.begin('stop', [off('A')]);
    expect(() =>
      run.end(() => {
        throw new TypeError('record is not iterable');
      }),
    ).toThrow('record is not iterable');
    expect(journalIn(dir).interrupted('spend').map((e) => e.id)).toEqual(['run-1']);
  });

  it('says loudly, rather than putting off as a full disk, a result its document refuses to hold', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonewatch-journal-'));
    const ids = Array.from({ length: RESULT_BATCH }, (_, i) => `Z${i}`);
    const run = journalIn(dir).begin('stop', ids.map(off));
    ids.slice(1).forEach((id) => run.result(id, 'changed'));
    // A caller's bug: a value the journal's schema does not know (storage/persistence.ts refuses to write it).
    expect(() => run.result(ids[0]!, 'done' as JournalResult)).toThrow(/refusing to write profile-p1-journal/);
  });

  it('refuses as the app’s own “unavailable” error, in words, so the window says it rather than a generic failure', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonewatch-journal-'));
    const disk = failingDisk(dir);
    const journal = journalIn(dir, disk.factory);
    disk.fail('ENOSPC');
    const refusal = (() => {
      try {
        journal.ensureWritable();
      } catch (err) {
        return err;
      }
    })();
    expect(refusal).toBeInstanceOf(JournalUnwritable);
    expect((refusal as JournalUnwritable).appError).toEqual({ kind: 'unavailable', message: 'Zonewatch could not write to its data folder — the disk is full: nothing was changed.' });
  });

  it('counts a request the service refused as not changed, and any other failure as perhaps changed', () => {
    expect(failedResult(new ApiError('forbidden', 'no', { status: 403 }))).toBe('unchanged');
    expect(failedResult(new ApiError('server', 'down', { status: 503 }))).toBe('unknown');
    expect(failedResult(new ApiError('timeout', 'slow'))).toBe('unknown');
    expect(failedResult(new Error('boom'))).toBe('unknown');
    // The edges of "refused": a 400 changed nothing; a 500 or an answer lost after the service's 200 may have.
    expect(failedResult(new ApiError('invalid_request', 'bad', { status: 400 }))).toBe('unchanged');
    expect(failedResult(new ApiError('server', 'broke', { status: 500 }))).toBe('unknown');
    expect(failedResult(new ApiError('network', 'cut off', { status: 200 }))).toBe('unknown');
    // Only the service's own answer counts as refused, whatever status another error carries.
    expect(failedResult(Object.assign(new Error('proxy said no'), { status: 403 }))).toBe('unknown');
  });
});
