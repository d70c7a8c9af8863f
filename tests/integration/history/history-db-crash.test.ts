// The history database's crash test (docs/architecture.md › The history database): the history
// as the worker runs it, in a process of its own (history-db-crash-child.ts), killed with SIGKILL
// while it writes poll cycles and while it moves the JSON files in, then opened again on the same
// folder. Each time the database passes its quick check and holds exactly the days of the cycles
// acknowledged (or of one more, committed as the kill came): none lost, none twice; a move cut
// short holds whole files only and, run again, ends with the days the files gave.
// ZW_CRASH_SEED=<n> replays a run; a failure names its seed.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { afterEach, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import { mulberry32, randomInt } from '../../../electron/service/prng';
import { openHistoryDatabase } from '../../../electron/core/history-db/history-database';
import { migrateFiles } from '../../../electron/core/history-db/migrate-files';
import { closedRows } from '../../../electron/core/history-db/closed-rows';
import { monthText } from '../../../electron/core/history-db/schema';
import { createSqliteLedger } from '../../../electron/core/history-db/sqlite-ledger';
import { createLedger, ledgerDocumentName } from '../../../electron/core/ledger/ledger-store';
import { intradayDocumentName } from '../../../electron/core/intraday/intraday-store';
import { confStoreFactory } from '../../../electron/core/storage/persistence';
import type { DerivedMonth } from '../../../electron/core/ledger/ledger-model';
import { FIXTURE_DIR, FIXTURE_NOW, FIXTURE_PROFILE } from '../../unit/core/history-db/json-history-fixture';
import { CRASH_PROFILE, cycleAt, cycleReadings } from './history-db-crash-cycles';

const SEED = process.env.ZW_CRASH_SEED ? Number(process.env.ZW_CRASH_SEED) : Math.floor(Math.random() * 2 ** 31);
const CHILD = path.join(import.meta.dirname, 'history-db-crash-child.ts');
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const tellNothing = () => () => undefined;

let dir: string;
let referenceDir: string;
let random: () => number;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zw-db-crash-'));
  referenceDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zw-db-crash-ref-'));
  random = mulberry32(SEED);
  onTestFailed(() => console.error(`history-db crash test: replay with ZW_CRASH_SEED=${SEED}`));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.rmSync(referenceDir, { recursive: true, force: true });
});

type Run = { child: ChildProcess; lines: string[]; exited: Promise<number | null>; waitFor(match: (line: string) => boolean): Promise<string | null> };

/** Starts the child; `waitFor` resolves at the first line (seen or to come) that matches, or null once it exits. */
function run(args: string[]): Run {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines: string[] = [];
  const waiting: { match: (line: string) => boolean; resolve: (line: string | null) => void }[] = [];
  let rest = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    const parts = (rest + chunk).split('\n');
    rest = parts.pop()!;
    for (const line of parts) {
      lines.push(line);
      for (const wait of waiting.filter((w) => w.match(line))) {
        waiting.splice(waiting.indexOf(wait), 1);
        wait.resolve(line);
      }
    }
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  void exited.then(() => waiting.splice(0).forEach((wait) => wait.resolve(null)));
  return {
    child,
    lines,
    exited,
    waitFor: (match) => new Promise((resolve) => (lines.some(match) ? resolve(lines.find(match)!) : waiting.push({ match, resolve }))),
  };
}

async function kill(running: Run): Promise<void> {
  running.child.kill('SIGKILL');
  await running.exited;
}

/** The reference history: the same cycles written, uninterrupted, in-thread. */
async function reference() {
  const clock = { now: cycleAt(0) };
  const database = await openHistoryDatabase({ folder: referenceDir, now: () => clock.now, logger: silent, tell: tellNothing });
  const ledger = createSqliteLedger({ database, profileId: CRASH_PROFILE, now: () => clock.now, logger: silent });
  let written = -1;
  return {
    /** The months after cycles 0..`last`, read at `at`. */
    monthsAfter(last: number, at: number): readonly DerivedMonth[] {
      for (; written < last; written += 1) {
        clock.now = cycleAt(written + 1);
        ledger.recordReadings(cycleReadings(written + 1));
      }
      clock.now = at;
      return ledger.months();
    },
    close: () => database.close(),
  };
}

describe('the history database killed mid-write', () => {
  it('keeps every acknowledged cycle exactly once, and nothing half written', async () => {
    const truth = await reference();
    let acked = -1;
    for (let round = 0; round < 4; round += 1) {
      const running = run(['write', dir, String(acked + 1)]);
      const target = acked + randomInt(random, 10, 30);
      await running.waitFor((line) => line === `ack ${target}`);
      // Killed a moment later: inside a cycle's transaction, its commit or between two.
      await new Promise((resolve) => setTimeout(resolve, randomInt(random, 0, 15)));
      await kill(running);
      expect(running.lines.filter((line) => !line.startsWith('ack '))).toEqual([]);
      acked = Math.max(...running.lines.map((line) => Number(line.slice(4))));

      const database = await openHistoryDatabase({ folder: dir, now: () => cycleAt(acked + 1), logger: silent, tell: tellNothing });
      expect(database.quickCheck()).toBeNull();
      const months = createSqliteLedger({ database, profileId: CRASH_PROFILE, now: () => cycleAt(acked + 1), logger: silent }).months();
      const asAcked = truth.monthsAfter(acked, cycleAt(acked + 1));
      // The cycle in flight may have committed before its acknowledgement was written.
      expect(months).toEqual(isDeepStrictEqual(months, asAcked) ? asAcked : truth.monthsAfter(acked + 1, cycleAt(acked + 1)));
      database.close();
    }
    // Days went by and a month closed under the kills.
    expect(truth.monthsAfter(acked, cycleAt(acked)).map((m) => m.month)).toEqual(['2026-01', '2026-02']);
    truth.close();
  });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ledgerFile = (month: string) => `${ledgerDocumentName(FIXTURE_PROFILE)}-${month}`;

/**
 * After a kill: a sound database whose closed months, open month and samples are each there
 * whole, as the files gave them, exactly when their file is marked moved — never in part.
 */
async function expectWholeFiles(expected: readonly DerivedMonth[]): Promise<string[]> {
  const database = await openHistoryDatabase({ folder: dir, now: () => FIXTURE_NOW, logger: silent, tell: tellNothing });
  try {
    expect(database.quickCheck()).toBeNull();
    const { db } = database;
    const account = db.prepare<[string], { account: number }>('SELECT account FROM account WHERE profile_id = ?').get(FIXTURE_PROFILE)?.account ?? -1;
    const marks = db.prepare<[number], { source: string }>('SELECT source FROM migrated WHERE account = ? ORDER BY source').all(account).map((row) => row.source);
    const closed = expected.filter((m) => m.closed && marks.includes(ledgerFile(m.month)));
    const held = db.prepare<[number], { month: number }>('SELECT DISTINCT month FROM zone_month WHERE account = ? ORDER BY month').all(account).map((row) => monthText(row.month));
    expect(held).toEqual(closed.map((m) => m.month));
    expect(closedRows(db).read(account)).toEqual(closed);
    const count = (table: string) => (db.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE account = ?`).get(account) as { n: number }).n;
    expect(count('open_reading') > 0).toBe(marks.includes(ledgerDocumentName(FIXTURE_PROFILE)));
    expect(count('intraday_sample') > 0).toBe(marks.includes(intradayDocumentName(FIXTURE_PROFILE)));
    return marks;
  } finally {
    database.close();
  }
}

describe('the move of the JSON files killed half-way', () => {
  it('holds whole files only and, run again, ends with every day the files give, none twice', async () => {
    fs.cpSync(FIXTURE_DIR, dir, { recursive: true });
    fs.cpSync(FIXTURE_DIR, referenceDir, { recursive: true });
    const expected = createLedger({ profileId: FIXTURE_PROFILE, memory: false, factory: confStoreFactory(referenceDir), now: () => FIXTURE_NOW, logger: silent, tell: tellNothing }).months();
    const args = ['migrate', dir, String(FIXTURE_NOW), FIXTURE_PROFILE];

    // Killed between two files: held just after the damaged month was set aside, the month before it moved.
    const first = run(args);
    expect(await first.waitFor((line) => line === 'set-aside')).toBe('set-aside');
    await kill(first);
    expect(await expectWholeFiles(expected)).toEqual([ledgerFile('2026-08')]);

    // Then at random moments of the move.
    for (let round = 0; round < 3; round += 1) {
      const running = run(args);
      await running.waitFor((line) => line === 'migrating');
      await sleep(randomInt(random, 0, 120));
      await kill(running);
      await expectWholeFiles(expected);
    }

    // Run to its end: the database gives the months the files gave, and the files are gone.
    const last = run(args);
    expect(await last.exited).toBe(0);
    expect(last.lines.filter((line) => !['migrating', 'set-aside'].includes(line) && !line.startsWith('done '))).toEqual([]);
    const database = await openHistoryDatabase({ folder: dir, now: () => FIXTURE_NOW, logger: silent, tell: tellNothing });
    expect(createSqliteLedger({ database, profileId: FIXTURE_PROFILE, now: () => FIXTURE_NOW, logger: silent }).months()).toEqual(expected);
    database.close();
    expect(fs.readdirSync(dir).filter((name) => name.startsWith('profile-') && name.endsWith('.json'))).toEqual([]);
    // The in-process move finds nothing left to do.
    const again = await openHistoryDatabase({ folder: dir, now: () => FIXTURE_NOW, logger: silent, tell: tellNothing });
    expect(migrateFiles({ database: again, folder: dir, profileId: FIXTURE_PROFILE, now: () => FIXTURE_NOW, logger: silent, tell: tellNothing }).moved).toBe(false);
    again.close();
  });
});
