import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLedger } from '../../../../electron/core/ledger/ledger-store';
import type { DayCosts, ZoneReading } from '../../../../electron/core/ledger/ledger-model';
import { calendarOf, dayView } from '../../../../electron/core/ledger/ledger-views';
import { openHistoryDatabase, type HistoryDatabase } from '../../../../electron/core/history-db/history-database';
import { createSqliteLedger } from '../../../../electron/core/history-db/sqlite-ledger';
import { syntheticZone } from '../ledger/synthetic-zone';

// docs/architecture.md › The history database: the database ledger gives exactly the JSON
// ledger's months for the same readings, and its calendar is the one derived from them.

const HOUR = 3_600_000;
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

let dir: string;
let database: HistoryDatabase;
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zw-history-db-'));
  database = await openHistoryDatabase({ folder: dir, now: () => 0, logger: silent, tell: () => () => undefined });
});
afterEach(() => {
  database.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

type Cycle = { gapMinutes: number; zones: boolean[]; costs: boolean; unnamed: boolean };

const ZONE_IDS = ['AB12', '42', 'ZZ', '7'];
const cycle = fc.record({
  // From a minute to ten days: polls, restarts, long stops, month ends skipped.
  gapMinutes: fc.oneof(fc.integer({ min: 1, max: 90 }), fc.integer({ min: 60, max: 14_400 })),
  zones: fc.array(fc.boolean(), { minLength: ZONE_IDS.length, maxLength: ZONE_IDS.length }),
  costs: fc.boolean(),
  unnamed: fc.boolean(),
});

function both(clock: { now: number }, db = database) {
  const json = createLedger({ profileId: 'p1', memory: true, factory: () => { throw new Error('memory'); }, now: () => clock.now, logger: silent, tell: () => () => undefined });
  const sqlite = createSqliteLedger({ database: db, profileId: 'p1', now: () => clock.now, logger: silent });
  return { json, sqlite };
}

function replay(start: number, cycles: readonly Cycle[], rates: readonly number[], check: (clock: { now: number }, pair: ReturnType<typeof both>) => void) {
  const clock = { now: start };
  const pair = both(clock);
  const zones = ZONE_IDS.map((id, i) => syntheticZone(id, (hour) => (new Date(hour).getUTCHours() < 8 ? rates[i]! / 4 : rates[i]!)));
  let t = start;
  cycles.forEach((c, index) => {
    t += c.gapMinutes * 60_000;
    clock.now = t;
    const costs: DayCosts | null = c.costs ? [400 + index, 2, 1_000, 3, 1_500.25] : null;
    const readings: ZoneReading[] = zones.filter((_, i) => c.zones[i]).map((zone) => ({ ...zone.readingAt(t), costs, ...(c.unnamed ? { name: null } : {}) }));
    pair.json.recordReadings(readings);
    pair.sqlite.recordReadings(readings);
    if (index % 7 === 0) check(clock, pair);
  });
  check(clock, pair);
  return { clock, pair };
}

describe('the database ledger', () => {
  it('holds the same months, calendar and last reading as the JSON ledger for any readings, also after a restart and past a month end', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2026, 11, 1) }),
        fc.array(cycle, { minLength: 1, maxLength: 120 }),
        fc.array(fc.double({ min: 0, max: 500, noNaN: true }), { minLength: ZONE_IDS.length, maxLength: ZONE_IDS.length }),
        (start, cycles, rates) => {
          database.db.exec('DELETE FROM account; DELETE FROM open_zone; DELETE FROM open_reading; DELETE FROM zone_month; DELETE FROM zone_day; DELETE FROM account_day; DELETE FROM account_month;');
          const { clock, pair } = replay(start, cycles, rates, (_, { json, sqlite }) => {
            expect(sqlite.months()).toEqual(json.months());
            expect(sqlite.lastReadingAt()).toBe(json.lastReadingAt());
            expect(sqlite.calendar()).toEqual(calendarOf(json.months(), json.lastReadingAt()));
          });
          // A restart reads the same months back from the rows alone.
          const restarted = createSqliteLedger({ database, profileId: 'p1', now: () => clock.now, logger: silent });
          expect(restarted.months()).toEqual(pair.json.months());
          expect(restarted.calendar()).toEqual(calendarOf(pair.json.months(), pair.json.lastReadingAt()));
          // The month ends with no later reading: its last days turn estimated in both.
          clock.now = Date.UTC(new Date(clock.now).getUTCFullYear(), new Date(clock.now).getUTCMonth() + 1, 2);
          expect(restarted.months()).toEqual(pair.json.months());
          expect(restarted.calendar()).toEqual(calendarOf(pair.json.months(), pair.json.lastReadingAt()));
        },
      ),
      { numRuns: 40 },
    );
  }, 300_000);

  it('keeps the open month and the twelve before it', () => {
    const clock = { now: Date.UTC(2025, 0, 10) };
    const { json, sqlite } = both(clock);
    const zone = syntheticZone('AB12', () => 12);
    for (let month = 0; month < 16; month += 1) {
      for (let t = Date.UTC(2025, month, 10, 5); t < Date.UTC(2025, month, 13); t += 6 * HOUR) {
        clock.now = t;
        json.recordReadings([zone.readingAt(t)]);
        sqlite.recordReadings([zone.readingAt(t)]);
      }
    }
    expect(sqlite.months().map((m) => m.month)).toEqual(json.months().map((m) => m.month));
    expect(sqlite.months()).toHaveLength(13);
    expect(database.db.prepare('SELECT COUNT(DISTINCT month) AS n FROM zone_day').get()).toEqual({ n: 12 });
    // The zone was held before April: its days run from the 1st.
    expect(sqlite.calendar().days[0]!.day).toBe('2025-04-01');
  });

  it('reads a slice: a range of months, or one zone', () => {
    const clock = { now: Date.UTC(2026, 0, 10) };
    const { sqlite } = both(clock);
    const zones = [syntheticZone('AB12', () => 12), syntheticZone('ZZ', () => 3)];
    for (let t = Date.UTC(2026, 0, 10, 5); t < Date.UTC(2026, 3, 3); t += 6 * HOUR) {
      clock.now = t;
      sqlite.recordReadings(zones.map((zone) => zone.readingAt(t)));
    }
    const all = sqlite.months();
    expect(sqlite.slice({ from: '2026-02', to: '2026-03' })).toEqual(all.filter((m) => m.month === '2026-02' || m.month === '2026-03'));
    expect(sqlite.slice({ zoneId: 'ZZ' })).toEqual(all.map((m) => ({ ...m, zones: m.zones.filter((z) => z.zoneId === 'ZZ') })));
    expect(sqlite.slice({ from: '2026-04' })).toEqual(all.slice(-1));
    // A day reads its own rows only, and gives the day view of the whole months.
    for (const day of ['2026-01-10', '2026-01-11', '2026-02-28', '2026-03-31', '2026-04-02', '2026-04-03']) expect(dayView(sqlite.dayMonths(day), day)).toEqual(dayView(all, day));
    expect(dayView(sqlite.dayMonths('2026-02-14'), '2026-02-14').zones).toHaveLength(2);
  });
});
