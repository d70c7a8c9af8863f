import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { offFacts } from '../../../electron/core/anomalies/off-days';
import { createOffDaysRecord, emptyOffDaysFile, OffDaysFile } from '../../../electron/core/anomalies/off-days-record';
import { confStoreFactory, createMemoryStore, type DocumentStoreFactory, openDocument } from '../../../electron/core/storage/persistence';
import type { Zone } from '../../../shared/api/zone';
import { snapshot, zone } from './alerts/alert-scenario';

// What explained a low day is kept as it was first seen (docs/architecture.md › Daily anomalies,
// what explained a day is kept): a Restore, a zone back on or a restart takes nothing away.

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const stopRecord = { stoppedAt: '2027-05-03T13:00:00.000Z', updatedAt: '2027-05-03T13:00:00.000Z', disabled: [{ zoneId: 'ZONE1', name: 'Catalog crawler', spendTodayCents: 400 }], remaining: [] };
const STOP_WORDS = 'Turned off by Stop all spend at 13:00 UTC';
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function recordOn(factory: DocumentStoreFactory, clock: { now: number }, logger = silent) {
  const doc = openDocument(factory, 'profile-p-off-days', OffDaysFile, emptyOffDaysFile, logger, { now: () => clock.now, onSetAside: () => undefined, durable: true });
  return { doc, record: createOffDaysRecord({ doc, now: () => clock.now, logger }) };
}

/** Lets the record's write (one turn of the microtask queue) land. */
const landed = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the off-days record', () => {
  it('keeps a stop from its day to its Restore’s, through a restart on the same folder', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonewatch-off-days-'));
    dirs.push(dir);
    const clock = { now: Date.parse('2027-05-03T13:00:00Z') };
    const first = recordOn(confStoreFactory(dir), clock);
    // The stopped zone as the snapshot shows it: off until the Restore.
    const observe = (record: typeof stopRecord | null) => first.record.observe(offFacts({ snapshot: snapshot(clock.now, { zones: [zone('ZONE1', { enabled: record === null })] }), stopRecord: record, now: clock.now }));
    expect(observe(stopRecord).facts).toEqual([{ zoneId: 'ZONE1', from: '2027-05-03', to: '2027-05-03', words: STOP_WORDS }]);
    clock.now = Date.parse('2027-05-04T12:59:00Z');
    const held = observe(stopRecord);
    expect(held.facts).toEqual([{ zoneId: 'ZONE1', from: '2027-05-03', to: '2027-05-04', words: STOP_WORDS }]);
    // The Restore clears the stop record: the days it explained stay explained.
    clock.now = Date.parse('2027-05-04T13:01:00Z');
    expect(observe(null)).toBe(held);
    await landed();

    clock.now = Date.parse('2027-05-05T04:00:00Z');
    const second = recordOn(confStoreFactory(dir), clock);
    expect(second.record.current().facts).toEqual(held.facts);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'profile-p-off-days.json'), 'utf8')).data).toEqual({ v: 1, words: [STOP_WORDS], facts: [['ZONE1', '2027-05-03', '2027-05-04', 0]] });
  });

  it('joins a zone seen off on the next day, and keeps apart another reason or a day after a gap', () => {
    const clock = { now: Date.parse('2027-04-27T11:00:00Z') };
    const { record } = recordOn((name) => createMemoryStore(name), clock);
    const seenOff = (at: string, alert?: Zone['alert']) => {
      clock.now = Date.parse(at);
      return record.observe(offFacts({ snapshot: snapshot(clock.now, { zones: [zone('ZONE1', { enabled: false, ...(alert ? { alert } : {}) })] }), stopRecord: null, now: clock.now })).facts;
    };
    seenOff('2027-04-27T11:00:00Z');
    seenOff('2027-04-27T15:00:00Z');
    expect(seenOff('2027-04-28T07:00:00Z')).toEqual([{ zoneId: 'ZONE1', from: '2027-04-27', to: '2027-04-28', words: 'Turned off (by you or elsewhere)' }]);
    // Off again four days later (the app was not watching in between): a fact of its own.
    seenOff('2027-05-02T09:00:00Z');
    const capped = seenOff('2027-05-02T10:00:00Z', { type: 'dollars_per_day', threshold: 4, action: 'disable_zone', last_triggered: '2027-05-02T09:40:00.000Z' });
    expect(capped.map((f) => [f.from, f.to, f.words])).toEqual([
      ['2027-04-27', '2027-04-28', 'Turned off (by you or elsewhere)'],
      ['2027-05-02', '2027-05-02', 'Turned off (by you or elsewhere)'],
      ['2027-05-02', '2027-05-02', 'Turned off by its $4/day cap at 09:40 UTC'],
    ]);
  });

  it('drops a fact once its last day leaves the ledger’s 13 months, and not before', () => {
    const clock = { now: Date.parse('2027-05-03T13:00:00Z') };
    const { record, doc } = recordOn((name) => createMemoryStore(name), clock);
    record.observe(offFacts({ snapshot: null, stopRecord, now: clock.now }));
    clock.now = Date.parse('2028-05-31T23:00:00Z');
    expect(record.observe([]).facts).toHaveLength(1);
    clock.now = Date.parse('2028-06-01T00:00:00Z');
    expect(record.observe([]).facts).toEqual([]);
    return landed().then(() => expect(doc.get().facts).toEqual([]));
  });

  it('keeps the facts when a write fails, says so once, and writes them at the next observation', async () => {
    const clock = { now: Date.parse('2027-05-03T13:00:00Z') };
    const errors: string[] = [];
    const logger = { ...silent, error: (message: string) => void errors.push(message) };
    const doc = openDocument((name) => createMemoryStore(name), 'profile-p-off-days', OffDaysFile, emptyOffDaysFile, logger, { now: () => clock.now, onSetAside: () => undefined, durable: true });
    // A durable write that fails refuses, as it does on a full disk (docs/architecture.md › Offline).
    let full = true;
    const failing: typeof doc = {
      ...doc,
      set(value) {
        if (full) throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
        doc.set(value);
      },
    };
    const record = createOffDaysRecord({ doc: failing, now: () => clock.now, logger });
    const facts = record.observe(offFacts({ snapshot: null, stopRecord, now: clock.now })).facts;
    await landed();
    record.observe([]);
    await landed();
    expect(record.current().facts).toEqual(facts);
    expect(doc.get()).toEqual(emptyOffDaysFile());
    expect(errors).toHaveLength(1);
    full = false;
    record.observe([]);
    await landed();
    expect(doc.get()).toEqual({ v: 1, words: [STOP_WORDS], facts: [['ZONE1', '2027-05-03', '2027-05-03', 0]] });
  });

  it('sets aside a file naming a sentence it does not hold', () => {
    expect(OffDaysFile.safeParse({ v: 1, words: [], facts: [['ZONE1', '2027-05-03', '2027-05-03', 0]] }).success).toBe(false);
    expect(OffDaysFile.safeParse({ v: 1, words: ['x'], facts: [['ZONE1', '2027-05-04', '2027-05-03', 0]] }).success).toBe(false);
  });
});
