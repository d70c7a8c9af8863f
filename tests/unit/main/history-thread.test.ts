import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LedgerCalendar, LedgerDayView } from '../../../shared/ledger';
import type { DerivedMonth } from '../../../electron/core/ledger/ledger-model';
import { calendarOf, dayView } from '../../../electron/core/ledger/ledger-views';
import { createLedger } from '../../../electron/core/ledger/ledger-store';
import { startHistoryThread } from '../../../electron/main/history-worker/history-thread';
import { createHistoryHost } from '../../../electron/core/history-worker/history-host';
import { inThreadHistory } from '../../../electron/core/history-worker/in-thread';
import { HISTORY_QUERIES } from '../../../electron/core/history-worker/worker-queries';
import type { HistoryChannel } from '../../../electron/core/history-worker/protocol';
import { syntheticZone } from '../core/ledger/synthetic-zone';
import { packReadings, unpackReadings } from '../../../electron/core/history-worker/packed-readings';

// docs/architecture.md › The history database: the worker thread and the in-thread channel answer
// the same requests alike; a request past its deadline is answered in plain words.

const HOUR = 3_600_000;
const worker = {
  workerFile: path.resolve(import.meta.dirname, '../../support/ts-worker.mjs'),
  workerData: { entry: path.resolve(import.meta.dirname, '../../../electron/main/history-worker/worker-entry.ts') },
};
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zw-history-thread-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/**
 * Cycles every 2 hours from `start` to `end`: in the worker, whose clock is the wall clock, from the
 * start of this month to an hour ago; in-thread, on a test clock, across a month's end.
 */
function cycles(start: number, end: number) {
  const zones = [syntheticZone('AB12', () => 30), syntheticZone('CD34', (h) => (new Date(h).getUTCHours() < 12 ? 2 : 9))];
  const out: { at: number; readings: ReturnType<(typeof zones)[0]['readingAt']>[] }[] = [];
  for (let t = start + 17 * 60_000; t < end; t += 2 * HOUR) out.push({ at: t, readings: zones.map((z) => z.readingAt(t)) });
  return out;
}

async function exercise(history: HistoryChannel, clock: { now: number }, start: number, end: number) {
  clock.now = start;
  const json = createLedger({ profileId: 'p1', memory: true, factory: () => { throw new Error('memory'); }, now: () => clock.now, logger: silent, tell: () => () => undefined });
  const all = cycles(start, end);
  await history.call('record', { profileId: 'p2', readings: all[0]!.readings });
  for (const { at, readings } of all) {
    clock.now = at;
    json.recordReadings(readings);
    await history.call('record', { profileId: 'p1', readings });
  }
  const months = json.months();
  expect(await history.call('query', { profileId: 'p1', name: 'calendar' })).toEqual(calendarOf(months, json.lastReadingAt()) satisfies LedgerCalendar);
  const day = calendarOf(months, null).days[1]!.day;
  expect(await history.call('query', { profileId: 'p1', name: 'day', args: { day } })).toEqual(dayView(months, day) satisfies LedgerDayView);
  expect((await history.call('query', { profileId: 'p1', name: 'months', args: { zoneId: 'CD34' } })) as DerivedMonth[]).toEqual(months.map((m) => ({ ...m, zones: m.zones.filter((z) => z.zoneId === 'CD34') })));
  await expect(history.call('query', { profileId: 'p1', name: 'day', args: { day: 'yesterday' } })).rejects.toThrow(/must be a UTC day/);
  await expect(history.call('query', { profileId: 'p1', name: 'nope' })).rejects.toThrow('The history has no query named nope.');
  expect(await history.call('check', {})).toEqual({ problem: null });
  expect(await history.call('lastReadingAt', { profileId: 'p2' })).toBe(all[0]!.at);
}

const thisMonth = () => {
  const now = new Date(Date.now());
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
};

describe('the history worker', () => {
  it('answers in a worker thread as the JSON ledger would, and closes with the log checkpointed', async () => {
    const history = startHistoryThread({ folder: dir, logger: silent, tell: () => () => undefined, ...worker });
    const clock = { now: 0 };
    // The worker's clock is the wall clock: this month's readings up to an hour ago (after the 2nd, so a day is closed).
    await exercise(history, clock, thisMonth(), Math.max(Date.now() - HOUR, thisMonth() + 50 * HOUR));
    await history.close();
    expect(fs.statSync(path.join(dir, 'history.sqlite-wal'), { throwIfNoEntry: false })?.size ?? 0).toBe(0);
    await expect(history.call('lastReadingAt', { profileId: 'p1' })).rejects.toThrow('The history is closed.');
  }, 60_000);

  it('answers alike in-thread (tests, the simulator)', async () => {
    const clock = { now: 0 };
    const history = inThreadHistory(createHistoryHost({ folder: dir, now: () => clock.now, logger: silent, tell: () => () => undefined, queries: HISTORY_QUERIES }));
    await exercise(history, clock, Date.parse('2026-09-20T00:00:00Z'), Date.parse('2026-11-05T00:00:00Z'));
    await history.close();
    await expect(history.call('lastReadingAt', { profileId: 'p1' })).rejects.toThrow(/The history is closed/);
  }, 60_000);

  it("checks the database after History's first answer, and sets one that fails aside with a notice", async () => {
    // A database whose header reads but whose pages are damaged: it opens, its check fails.
    const file = path.join(dir, 'history.sqlite');
    const damaged = new Database(file);
    damaged.exec('CREATE TABLE t (a INTEGER PRIMARY KEY, b TEXT); CREATE INDEX tb ON t (b);');
    const insert = damaged.prepare('INSERT INTO t VALUES (?, ?)');
    damaged.transaction(() => {
      for (let i = 0; i < 20_000; i += 1) insert.run(i, `v${(i * 7919) % 20_000}`);
    })();
    damaged.close();
    const bytes = fs.readFileSync(file);
    const middle = Math.floor(bytes.length / 4096 / 2);
    for (let page = middle; page < middle + 3; page += 1) bytes.fill(0x41, page * 4096 + 100, page * 4096 + 4000);
    fs.writeFileSync(file, bytes);

    const told: { title: string; body: string }[] = [];
    let said: () => void = () => undefined;
    const setAside = new Promise<void>((resolve) => (said = resolve));
    const history = startHistoryThread({
      folder: dir,
      logger: silent,
      tell: (meaning) => (event) => {
        told.push({ title: meaning.what, body: `${event.setAside} ${event.reason}` });
        said();
      },
      ...worker,
    });
    // The first answer comes before the check: nothing said yet.
    expect(await history.call('query', { profileId: 'p1', name: 'calendar' })).toEqual({ days: [], before: [], lastReadingAt: null });
    expect(told).toEqual([]);
    await setAside;
    await history.close();
    expect(told).toHaveLength(1);
    expect(told[0]!.title).toBe('The history database');
    expect(told[0]!.body).toMatch(/^history\.sqlite\.corrupt-\S+ quick_check: /);
    expect(fs.readdirSync(dir).filter((f) => f.startsWith('history.sqlite.corrupt-') && !f.endsWith('-wal') && !f.endsWith('-shm'))).toHaveLength(1);
  }, 60_000);

  it('erases one account ("Remove account") and leaves the other as it was', async () => {
    const clock = { now: Date.parse('2026-11-20T00:00:00Z') };
    const history = inThreadHistory(createHistoryHost({ folder: dir, now: () => clock.now, logger: silent, tell: () => () => undefined, queries: HISTORY_QUERIES }));
    for (const { at, readings } of cycles(Date.parse('2026-11-10T00:00:00Z'), Date.parse('2026-11-20T00:00:00Z'))) {
      clock.now = at;
      await history.call('record', { profileId: 'p1', readings });
      await history.call('record', { profileId: 'p2', readings });
    }
    const kept = await history.call('query', { profileId: 'p2', name: 'calendar' });
    await history.call('forget', { profileId: 'p1' });
    expect(await history.call('query', { profileId: 'p1', name: 'calendar' })).toEqual({ days: [], before: [], lastReadingAt: null });
    expect(await history.call('query', { profileId: 'p2', name: 'calendar' })).toEqual(kept);
    expect((kept as LedgerCalendar).days).toHaveLength(10);
    await history.close();
  }, 60_000);

  it('answers a request past its deadline in plain words', async () => {
    const history = startHistoryThread({ folder: dir, logger: silent, tell: () => () => undefined, ...worker, deadlineMs: 1 });
    await expect(history.call('query', { profileId: 'p1', name: 'calendar' })).rejects.toThrow('History did not answer within 0 s; try again in a moment.');
    await history.close().catch(() => undefined);
  }, 60_000);
});

describe("a cycle's readings packed for the worker", () => {
  it('come back as they were, absent usage and costs included', () => {
    const readings = [
      { zoneId: 'AB12', name: 'Zone A', at: 1_795_000_000_000, spendToday: 1.25, spendMonth: 99.0001, usageToday: 10, usageMonth: 2_000, costs: [400, 1, 1_500, 2, 3_000.5] as [number, number, number, number, number] },
      { zoneId: '7', name: null, at: 1_795_000_000_001, spendToday: 0, spendMonth: 0, usageToday: null, usageMonth: null, costs: null },
    ];
    expect(unpackReadings(structuredClone(packReadings(readings)))).toEqual(readings);
  });
});
