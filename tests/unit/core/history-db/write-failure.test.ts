import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { HistoryPoint } from '../../../../shared/history';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Logger } from '../../../../electron/core/ports';
import { type HistoryDatabase, openHistoryDatabase } from '../../../../electron/core/history-db/history-database';
import { createIntradayRows } from '../../../../electron/core/history-db/intraday-rows';
import { createSqliteLedger } from '../../../../electron/core/history-db/sqlite-ledger';
import { HistoryWriteError } from '../../../../electron/core/history-db/write-failure';
import { syntheticZone } from '../ledger/synthetic-zone';

// docs/architecture.md › The history database: a write the disk refuses rolls back whole, loses
// no earlier day, and is said — to its caller in plain words and to the log with SQLite's code.

const HOUR = 3_600_000;
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

let dir: string;
let errors: { message: string; data?: Record<string, unknown> }[];
let logger: Logger;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zw-history-full-'));
  errors = [];
  logger = { ...silent, error: (message, data) => void errors.push({ message, data }) };
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const open = (folder = dir) => openHistoryDatabase({ folder, now: () => Date.parse('2026-10-01T00:00:00Z'), logger: silent, tell: () => () => undefined });
/** No page more than the database has now: the next write that needs one finds the disk full. */
const fillDisk = (database: HistoryDatabase) => database.db.pragma(`max_page_count = ${database.db.pragma('page_count', { simple: true }) as number}`);
const makeRoom = (database: HistoryDatabase) => database.db.pragma('max_page_count = 1073741823');

function thrown(work: () => void): unknown {
  try {
    work();
  } catch (err) {
    return err;
  }
  return null;
}

describe('a full disk under the history database', () => {
  it('refuses a month close whole: October stays open with every day, it is said, and the next cycle closes it once there is room', async () => {
    const zones = Array.from({ length: 40 }, (_, i) => syntheticZone(`Z${i}`, () => 3 + i));
    const cycles = [] as number[];
    for (let t = Date.parse('2026-10-01T05:00:00Z'); t < Date.parse('2026-11-01T00:00:00Z'); t += 6 * HOUR) cycles.push(t);
    const closing = Date.parse('2026-11-01T03:00:00Z');
    const next = Date.parse('2026-11-01T09:00:00Z');
    const run = async (folder: string, log: Logger) => {
      const database = await open(folder);
      const clock = { now: cycles[0]! };
      const ledger = createSqliteLedger({ database, profileId: 'p1', now: () => clock.now, logger: log });
      const cycle = (t: number) => {
        clock.now = t;
        ledger.recordReadings(zones.map((zone) => zone.readingAt(t)));
      };
      for (const t of cycles) cycle(t);
      return { database, ledger, cycle };
    };

    const { database, ledger, cycle } = await run(dir, logger);
    const october = ledger.months();
    fillDisk(database);
    const failure = thrown(() => cycle(closing));
    expect(failure).toBeInstanceOf(HistoryWriteError);
    expect((failure as HistoryWriteError).code).toBe('SQLITE_FULL');
    expect((failure as Error).message).toBe('The disk is full: the history of a poll cycle was not kept. Every earlier day is kept; free some space and it is kept again from the next update.');
    expect(errors).toEqual([{ message: 'history: a write failed and was rolled back', data: expect.objectContaining({ what: 'a poll cycle', code: 'SQLITE_FULL' }) }]);
    // The rows are as before the close began: October open, every day of it there once.
    expect(createSqliteLedger({ database, profileId: 'p1', now: () => cycles.at(-1)!, logger: silent }).months()).toEqual(october);

    makeRoom(database);
    cycle(next);
    // As if the refused cycle had never come: the same months as a history that never met a full disk.
    const referenceDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zw-history-full-ref-'));
    const reference = await run(referenceDir, silent);
    reference.cycle(next);
    expect(ledger.months().map((m) => [m.month, m.closed])).toEqual([['2026-10', true], ['2026-11', false]]);
    expect(ledger.months()).toEqual(reference.ledger.months());
    database.close();
    reference.database.close();
    fs.rmSync(referenceDir, { recursive: true, force: true });
  });

  it('refuses a save of the last 48 hours whole, keeping the points saved before, and says so', async () => {
    const now = Date.parse('2026-11-20T12:00:00Z');
    const database = await open();
    const store = createIntradayRows({ database, profileId: 'p1', now: () => now, logger });
    const point = (t: number, count: number): HistoryPoint => ({
      t,
      balanceCents: null,
      spendTodayCents: 0,
      spendMonthCents: 0,
      throughputBps: 0,
      zones: Object.fromEntries(Array.from({ length: count }, (_, i) => [`Z${i}`, { s: i * 1.5, m: i * 7.25, b: i * 1000 }])),
    });
    const kept = [point(now - 2 * HOUR, 50), point(now - HOUR, 50)];
    store.save(kept);
    fillDisk(database);
    const failure = thrown(() => store.save([...kept, point(now, 2_000)]));
    expect(failure).toBeInstanceOf(HistoryWriteError);
    expect((failure as Error).message).toBe('The disk is full: the history of the last 48 hours per zone was not kept. Every earlier day is kept; free some space and it is kept again from the next update.');
    expect(errors.map((e) => e.data?.code)).toEqual(['SQLITE_FULL']);
    const bare = [...kept, point(now, 0)].map((p) => ({ ...p, zones: {} }));
    expect(createIntradayRows({ database, profileId: 'p1', now: () => now, logger: silent }).restore(bare)).toEqual([...kept, bare[2]]);
    database.close();
  });
});
