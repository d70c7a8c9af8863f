import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NoticeInput } from '../../../../electron/core/notices/app-notices';
import { setAsideTeller } from '../../../../electron/core/notices/set-aside-notice';
import { createLedger } from '../../../../electron/core/ledger/ledger-store';
import { openHistoryDatabase, type HistoryDatabase } from '../../../../electron/core/history-db/history-database';
import { migrateFiles } from '../../../../electron/core/history-db/migrate-files';
import { createSqliteLedger } from '../../../../electron/core/history-db/sqlite-ledger';
import { createIntradayRows } from '../../../../electron/core/history-db/intraday-rows';
import { createIntradayStore } from '../../../../electron/core/intraday/intraday-store';
import { confStoreFactory } from '../../../../electron/core/storage/persistence';
import { DAMAGED_MONTH, FIXTURE_DIR, FIXTURE_NOW, FIXTURE_PROFILE } from './json-history-fixture';

// docs/architecture.md › The history database: the JSON files written by the stores before the
// database (tests/fixtures/json-history, written by json-history-fixture.ts with the stores of commit 9b051a5) move in exactly, resumably, once.

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
let dir: string;
let expectedDir: string;
let said: NoticeInput[];
let database: HistoryDatabase;
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zw-migrate-'));
  expectedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zw-migrate-expected-'));
  fs.cpSync(FIXTURE_DIR, dir, { recursive: true });
  fs.cpSync(FIXTURE_DIR, expectedDir, { recursive: true });
  said = [];
  database = await openHistoryDatabase({ folder: dir, now: () => FIXTURE_NOW, logger: silent, tell: () => () => undefined });
});
afterEach(() => {
  database.close();
  fs.rmSync(dir, { recursive: true, force: true });
  fs.rmSync(expectedDir, { recursive: true, force: true });
});

const tell = () => setAsideTeller({ raise: (notice) => (said.push(notice), true) }, FIXTURE_PROFILE);
const migrate = () => migrateFiles({ database, folder: dir, profileId: FIXTURE_PROFILE, now: () => FIXTURE_NOW, logger: silent, tell: tell() });
/** What today's code reads from the same files (a copy: it sets the damaged one aside too). */
const jsonLedger = () => createLedger({ profileId: FIXTURE_PROFILE, memory: false, factory: confStoreFactory(expectedDir), now: () => FIXTURE_NOW, logger: silent, tell: () => () => undefined });
const bareHistory = () =>
  JSON.parse(fs.readFileSync(path.join(FIXTURE_DIR, 'profile-p1-intraday.json'), 'utf8')).data.points.map((p: { t: number }) => ({ t: p.t, balanceCents: null, spendTodayCents: 0, spendMonthCents: 0, throughputBps: 0, zones: {} }));

describe('moving the JSON ledger into the database', () => {
  it('moves every day exactly, sets the damaged month aside and says so as today, removes the files once verified', () => {
    const expected = jsonLedger().months();
    const result = migrate();
    expect(result.moved).toBe(true);
    expect(createSqliteLedger({ database, profileId: FIXTURE_PROFILE, now: () => FIXTURE_NOW, logger: silent }).months()).toEqual(expected);
    expect(expected.map((m) => m.month)).toEqual(['2026-08', '2026-10', '2026-11']);
    expect(said.map((n) => n.title)).toEqual(['The daily history of September 2026 could not be read']);
    expect(result.setAside).toHaveLength(1);
    // Only the set-aside copy is left: the files moved, the leftover temporary file removed.
    expect(fs.readdirSync(dir).filter((f) => f.startsWith('profile-'))).toEqual([`profile-p1-ledger-${DAMAGED_MONTH}.json.${result.setAside[0]!.split('.json.')[1]}`]);
    const intraday = createIntradayStore({ profileId: FIXTURE_PROFILE, memory: false, factory: confStoreFactory(expectedDir), now: () => FIXTURE_NOW, logger: silent, tell: () => () => undefined });
    const restored = createIntradayRows({ database, profileId: FIXTURE_PROFILE, now: () => FIXTURE_NOW, logger: silent }).restore(bareHistory());
    expect(restored).toEqual(intraday.restore(bareHistory()));
    expect(restored.every((p: { zones: object }) => Object.keys(p.zones).length === 3)).toBe(true);
    // Told once: a second start finds nothing to move.
    expect(migrate()).toEqual({ moved: false, months: 0, setAside: [] });
    expect(said).toHaveLength(1);
  });

  it('cut short by a full disk, keeps the files, and resumes to the same days without doubling one', async () => {
    const expected = jsonLedger().months();
    // Small pages, so the fixture's few rows need new ones: the database made afresh with them.
    database.close();
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(path.join(dir, `history.sqlite${suffix}`), { force: true });
    const raw = new Database(path.join(dir, 'history.sqlite'));
    raw.pragma('page_size = 512');
    raw.exec('VACUUM');
    raw.close();
    database = await openHistoryDatabase({ folder: dir, now: () => FIXTURE_NOW, logger: silent, tell: () => () => undefined });
    const pages = database.db.pragma('page_count', { simple: true }) as number;
    // Room for the first months only (found for this fixture: 2 to 9 pages more stop there): the move stops after 2026-09.
    database.db.pragma(`max_page_count = ${pages + 5}`);
    expect(() => migrate()).toThrow(/full/);
    expect(database.db.prepare('SELECT source FROM migrated ORDER BY source').all()).toEqual([{ source: 'profile-p1-ledger-2026-08' }, { source: 'profile-p1-ledger-2026-09' }]);
    expect(fs.existsSync(path.join(dir, 'profile-p1-ledger.json'))).toBe(true);
    database.db.pragma('max_page_count = 1073741823');
    expect(migrate().moved).toBe(true);
    expect(createSqliteLedger({ database, profileId: FIXTURE_PROFILE, now: () => FIXTURE_NOW, logger: silent }).months()).toEqual(expected);
    const perDay = database.db.prepare('SELECT COUNT(*) AS n FROM zone_day GROUP BY account, month, dom, zone HAVING n > 1').all();
    expect(perDay).toEqual([]);
    expect(said.map((n) => n.title)).toEqual(['The daily history of September 2026 could not be read']);
  });

  it('cut short while removing the verified files, finishes removing them at the next start', () => {
    const expected = jsonLedger().months();
    const remove = fs.rmSync;
    let removed = 0;
    // The process dies once the first of the files is removed: the rest stay.
    const spy = vi.spyOn(fs, 'rmSync').mockImplementation((file, options) => {
      if (String(file).startsWith(dir) && String(file).endsWith('.json') && (removed += 1) > 1) throw new Error('killed');
      remove(file, options);
    });
    try {
      expect(() => migrate()).toThrow('killed');
    } finally {
      spy.mockRestore();
    }
    expect(fs.readdirSync(dir).filter((f) => f.startsWith('profile-') && f.endsWith('.json')).length).toBeGreaterThan(0);
    expect(migrate().moved).toBe(true);
    expect(fs.readdirSync(dir).filter((f) => f.startsWith('profile-') && f.endsWith('.json'))).toEqual([]);
    expect(createSqliteLedger({ database, profileId: FIXTURE_PROFILE, now: () => FIXTURE_NOW, logger: silent }).months()).toEqual(expected);
  });
});
