import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { HistoryPoint } from '../../../../shared/history';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NoticeInput } from '../../../../electron/core/notices/app-notices';
import { setAsideTeller } from '../../../../electron/core/notices/set-aside-notice';
import { HISTORY_DATABASE_FILE, migrate, openHistoryDatabase, replaceDamagedDatabase } from '../../../../electron/core/history-db/history-database';
import { createSqliteLedger } from '../../../../electron/core/history-db/sqlite-ledger';
import { createIntradayRows } from '../../../../electron/core/history-db/intraday-rows';
import { networkFileSystemOf, networkFolderWarning } from '../../../../electron/core/history-db/network-folder';
import { HistoryWriteError } from '../../../../electron/core/history-db/write-failure';
import { SCHEMA_VERSION } from '../../../../electron/core/history-db/schema';
import { syntheticZone } from '../ledger/synthetic-zone';

// docs/architecture.md › The history database: durable settings, set-aside of a damaged file,
// migrations with a copy first, a full disk said without losing a day.

const HOUR = 3_600_000;
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const NOW = Date.parse('2026-11-20T12:00:00Z');

let dir: string;
let said: NoticeInput[];
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zw-history-db-'));
  said = [];
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const deps = () => ({ folder: dir, now: () => NOW, logger: silent, tell: setAsideTeller({ raise: (notice) => (said.push(notice), true) }, null) });

describe('the history database', () => {
  it('opens with the write-ahead log, full sync, a busy timeout and the current schema', async () => {
    const database = await openHistoryDatabase(deps());
    const { db } = database;
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
    expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(database.quickCheck()).toBeNull();
    database.close();
    // Closing checkpoints: nothing is left in the log.
    expect(fs.existsSync(path.join(dir, `${HISTORY_DATABASE_FILE}-wal`)) ? fs.statSync(path.join(dir, `${HISTORY_DATABASE_FILE}-wal`)).size : 0).toBe(0);
  });

  it('sets a file that is not a database aside, says so once, and starts a new one', async () => {
    fs.writeFileSync(path.join(dir, HISTORY_DATABASE_FILE), 'this is not a database '.repeat(400));
    const database = await openHistoryDatabase(deps());
    expect(database.quickCheck()).toBeNull();
    database.close();
    const aside = fs.readdirSync(dir).filter((f) => f.startsWith(`${HISTORY_DATABASE_FILE}.corrupt-`));
    expect(aside).toHaveLength(1);
    expect(said).toHaveLength(1);
    expect(said[0]!.title).toBe('The history database could not be read');
    expect(said[0]!.body).toContain(aside[0]);
  });

  it('replaces a database whose check failed with a new one, the old kept aside and said', async () => {
    const database = await openHistoryDatabase(deps());
    const fresh = await replaceDamagedDatabase(database, 'row 3 missing from index', deps());
    expect(fs.readdirSync(dir).some((f) => f.startsWith(`${HISTORY_DATABASE_FILE}.corrupt-`))).toBe(true);
    expect(said.map((n) => n.title)).toEqual(['The history database could not be read']);
    expect(fresh.db.prepare('SELECT COUNT(*) AS n FROM account').get()).toEqual({ n: 0 });
    fresh.close();
  });

  it('copies a database through backup before migrating it, and runs each step once', async () => {
    const file = path.join(dir, 'm.sqlite');
    const db = new Database(file);
    await migrate(db, file, silent, ['CREATE TABLE a (x INTEGER)']);
    db.prepare('INSERT INTO a VALUES (1)').run();
    expect(fs.existsSync(`${file}.before-v1`)).toBe(false);
    await migrate(db, file, silent, ['CREATE TABLE a (x INTEGER)', 'ALTER TABLE a ADD COLUMN y INTEGER DEFAULT 7']);
    expect(db.prepare('SELECT x, y FROM a').all()).toEqual([{ x: 1, y: 7 }]);
    const copy = new Database(`${file}.before-v2`, { readonly: true });
    expect(copy.pragma('user_version', { simple: true })).toBe(1);
    expect(copy.prepare('SELECT * FROM a').all()).toEqual([{ x: 1 }]);
    copy.close();
    await expect(migrate(db, file, silent, ['CREATE TABLE a (x INTEGER)'])).rejects.toThrow(/newer Zonewatch/);
    db.close();
  });

  it('refuses a cycle on a full disk in plain words, keeping every earlier day, and takes the next once there is room', async () => {
    const database = await openHistoryDatabase(deps());
    const clock = { now: Date.parse('2026-11-01T05:00:00Z') };
    const ledger = createSqliteLedger({ database, profileId: 'p1', now: () => clock.now, logger: silent });
    const zones = Array.from({ length: 40 }, (_, i) => syntheticZone(`Z${i}`, () => 10 + i));
    const cycle = (t: number) => {
      clock.now = t;
      ledger.recordReadings(zones.map((zone) => zone.readingAt(t)));
    };
    for (let t = clock.now; t < Date.parse('2026-11-05T00:00:00Z'); t += 6 * HOUR) cycle(t);
    const before = ledger.months();
    const pages = database.db.pragma('page_count', { simple: true }) as number;
    database.db.pragma(`max_page_count = ${pages}`);
    let failure: unknown = null;
    try {
      for (let t = Date.parse('2026-11-05T01:00:00Z'); t < Date.parse('2026-11-12T00:00:00Z'); t += 6 * HOUR) cycle(t);
    } catch (err) {
      failure = err;
    }
    expect(failure).toBeInstanceOf(HistoryWriteError);
    expect((failure as HistoryWriteError).code).toBe('SQLITE_FULL');
    expect((failure as Error).message).toMatch(/^The disk is full: .* Every earlier day is kept/);
    const kept = createSqliteLedger({ database, profileId: 'p1', now: () => clock.now, logger: silent }).months()[0]!;
    for (const zone of before[0]!.zones) expect(kept.zones.find((z) => z.zoneId === zone.zoneId)!.days.slice(0, 3)).toEqual(zone.days.slice(0, 3));
    database.db.pragma('max_page_count = 1073741823');
    cycle(Date.parse('2026-11-13T03:00:00Z'));
    expect(ledger.lastReadingAt()).toBe(Date.parse('2026-11-13T03:00:00Z'));
    database.close();
  });

  it('keeps the last 48 hours of zone samples, writing only new points and letting go of thinned ones', async () => {
    const database = await openHistoryDatabase(deps());
    const store = createIntradayRows({ database, profileId: 'p1', now: () => NOW, logger: silent });
    const point = (t: number, zones: HistoryPoint['zones']): HistoryPoint => ({ t, balanceCents: 100, spendTodayCents: 1, spendMonthCents: 2, throughputBps: 0, zones });
    const points = [point(NOW - 50 * HOUR, { a: { s: 1, m: 2, b: 3 } }), point(NOW - 2 * HOUR, { a: { s: 1.23456, m: 9.5, b: 10 } }), point(NOW - HOUR, { a: { s: 2, m: 10, b: 11 }, b: { s: 0, m: 1, b: 0 } })];
    store.save(points);
    const bare = points.map((p) => ({ ...p, zones: {} }));
    expect(createIntradayRows({ database, profileId: 'p1', now: () => NOW, logger: silent }).restore(bare)).toEqual([bare[0], points[1], points[2]]);
    store.save([points[2]!]);
    expect(database.db.prepare('SELECT DISTINCT t FROM intraday_sample').all()).toEqual([{ t: NOW - HOUR }]);
    database.close();
  });
});

describe('a data folder on a network file system', () => {
  it('is recognised by its statfs magic number on Linux', () => {
    expect(networkFileSystemOf(0x6969)).toBe('NFS');
    expect(networkFileSystemOf(0xff534d42 | 0)).toBe('CIFS');
    expect(networkFileSystemOf(0xef53)).toBeNull();
    expect(networkFolderWarning(dir, 'linux')).toBeNull();
    expect(networkFolderWarning('\\\\server\\share\\Zonewatch', 'win32')).toMatch(/network share/);
    expect(networkFolderWarning('C:\\Users\\a\\AppData', 'win32')).toBeNull();
  });
});
