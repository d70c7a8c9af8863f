import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Logger } from '../ports';
import type { SetAsideTeller } from '../notices/set-aside-notice';
import { setAsidePath } from '../storage/persistence';
import { MIGRATIONS } from './schema';

// One SQLite file per data folder for every account's daily ledger and intraday samples
// (docs/architecture.md › The history database). Opened in the worker, or in-thread for tests.

export const HISTORY_DATABASE_FILE = 'history.sqlite';
/** The folder that names a database held in memory only (the demo's, the tests' without a folder). */
export const IN_MEMORY = ':memory:';

/** Pages of write-ahead log after which SQLite checkpoints by itself (its default, said here). */
const AUTO_CHECKPOINT_PAGES = 1000;
/** How long a statement waits for another connection's lock before it fails. */
const BUSY_TIMEOUT_MS = 5_000;

export type HistoryDatabase = {
  readonly db: Database.Database;
  readonly file: string;
  /** `PRAGMA quick_check`: null when the database is sound, else what it found. */
  quickCheck(): string | null;
  /** Moves the write-ahead log into the database; TRUNCATE also empties the -wal file. */
  checkpoint(mode?: 'PASSIVE' | 'TRUNCATE'): void;
  close(): void;
};

export type OpenDeps = { folder: string; now: () => number; logger: Logger; tell: SetAsideTeller; file?: string };

const MEANING = { what: 'The history database', consequence: 'History starts again from the next update; this month is read again from the service.', money: false };

/** The errors that mean the file is not a sound database (rather than a full disk or a lock). */
function isDamage(err: unknown): boolean {
  const code = (err as { code?: unknown }).code;
  return code === 'SQLITE_CORRUPT' || code === 'SQLITE_NOTADB' || (typeof code === 'string' && code.startsWith('SQLITE_CORRUPT'));
}

function configure(db: Database.Database): void {
  db.pragma('journal_mode = WAL');
  // FULL: a commit is on disk before it returns (the bench says what it costs per cycle).
  db.pragma('synchronous = FULL');
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  db.pragma(`wal_autocheckpoint = ${AUTO_CHECKPOINT_PAGES}`);
  db.pragma('foreign_keys = ON');
}

/**
 * Takes the database to the last of `migrations`, one step per transaction; a copy
 * (`<file>.before-v<N>`, through db.backup()) is kept before any step on existing data.
 */
export async function migrate(db: Database.Database, file: string, logger: Logger, migrations: readonly string[] = MIGRATIONS): Promise<void> {
  const target = migrations.length;
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version > target) throw new Error(`The history database was written by a newer Zonewatch (schema ${version}; this one reads ${target}).`);
  if (version === target) return;
  if (version > 0) {
    const copy = `${file}.before-v${target}`;
    await db.backup(copy);
    logger.info('history: copied the database before migrating it', { from: version, to: target, copy: path.basename(copy) });
  }
  for (let step = version; step < target; step += 1) {
    db.transaction(() => {
      db.exec(migrations[step]!);
      db.pragma(`user_version = ${step + 1}`);
    })();
  }
}

/** Renames the database and its -wal/-shm aside (kept for a bug report); returns the new name, or null. */
export function setDatabaseAside(file: string, now: number, logger: Logger): string | null {
  const target = setAsidePath(file, new Date(now));
  try {
    fs.renameSync(file, target);
    for (const suffix of ['-wal', '-shm']) if (fs.existsSync(file + suffix)) fs.renameSync(file + suffix, target + suffix);
    return path.basename(target);
  } catch (err) {
    logger.error('history: could not set the damaged database aside; removed it', { error: err });
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
    return null;
  }
}

function tellSetAside(deps: OpenDeps, file: string, setAside: string | null, reason: string): void {
  deps.logger.warn('history: set the damaged database aside and started afresh', { setAside, reason });
  deps.tell(MEANING)({ name: 'history', file: path.basename(file), setAside, reason, at: new Date(deps.now()).toISOString() });
}

async function openOnce(file: string, logger: Logger): Promise<Database.Database> {
  const db = new Database(file);
  try {
    configure(db);
    await migrate(db, file, logger);
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}

function wrap(db: Database.Database, file: string): HistoryDatabase {
  let open = true;
  return {
    db,
    file,
    quickCheck() {
      const rows = db.pragma('quick_check') as { quick_check: string }[];
      const found = rows.flatMap((row) => row.quick_check.split('\n')).filter((line) => line !== 'ok' && !line.startsWith('***'));
      return found.length === 0 ? null : `quick_check: ${found.slice(0, 3).join('; ')}${found.length > 3 ? ` (and ${found.length - 3} more)` : ''}`;
    },
    checkpoint(mode = 'PASSIVE') {
      if (open) db.pragma(`wal_checkpoint(${mode})`);
    },
    close() {
      if (!open) return;
      open = false;
      db.pragma('wal_checkpoint(TRUNCATE)');
      db.close();
    },
  };
}

/**
 * Opens (creating) the folder's history database. A file that is not a sound database is set
 * aside as `<file>.corrupt-<time>`, said through the notices, and a new one started.
 */
export async function openHistoryDatabase(deps: OpenDeps): Promise<HistoryDatabase> {
  const file = deps.folder === IN_MEMORY ? IN_MEMORY : path.join(deps.folder, deps.file ?? HISTORY_DATABASE_FILE);
  try {
    return wrap(await openOnce(file, deps.logger), file);
  } catch (err) {
    if (!isDamage(err)) throw err;
    tellSetAside(deps, file, setDatabaseAside(file, deps.now(), deps.logger), (err as Error).message);
    return wrap(await openOnce(file, deps.logger), file);
  }
}

/**
 * After a failed quick check: closes the database, sets it aside, says so and opens a new one.
 * The caller drops everything it read from the old one.
 */
export async function replaceDamagedDatabase(damaged: HistoryDatabase, reason: string, deps: OpenDeps): Promise<HistoryDatabase> {
  try {
    damaged.db.close();
  } catch (err) {
    deps.logger.warn('history: closing the damaged database failed', { error: err });
  }
  tellSetAside(deps, damaged.file, setDatabaseAside(damaged.file, deps.now(), deps.logger), reason);
  return wrap(await openOnce(damaged.file, deps.logger), damaged.file);
}
