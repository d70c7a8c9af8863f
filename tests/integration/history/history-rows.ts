import path from 'node:path';
import Database from 'better-sqlite3';
import { HISTORY_DATABASE_FILE } from '../../../electron/core/history-db/history-database';

// What the data folder's history database holds for one account, read beside the app the way a
// support engineer would (docs/architecture.md › The history database).

function open(dir: string): Database.Database {
  return new Database(path.join(dir, HISTORY_DATABASE_FILE));
}

function accountOf(db: Database.Database, profileId: string): number | null {
  return db.prepare<[string], { account: number }>('SELECT account FROM account WHERE profile_id = ?').get(profileId)?.account ?? null;
}

/** Every row of every table that names the account, by table (none: the account is gone). */
export function accountRows(dir: string, profileId: string): Record<string, number> {
  const db = open(dir);
  try {
    const account = accountOf(db, profileId);
    if (account === null) return {};
    const tables = db.prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'").all().map((row) => row.name);
    const counts: Record<string, number> = {};
    for (const table of tables) {
      const columns = db.pragma(`table_info(${table})`) as { name: string }[];
      if (!columns.some((column) => column.name === 'account')) continue;
      const { n } = db.prepare<[number], { n: number }>(`SELECT count(*) AS n FROM ${table} WHERE account = ?`).get(account)!;
      if (n > 0) counts[table] = n;
    }
    return counts;
  } finally {
    db.close();
  }
}

/** How many zones and sample times the account's last 48 hours per zone hold. */
export function intradayShape(dir: string, profileId: string): { zones: number; times: number } {
  const db = open(dir);
  try {
    const account = accountOf(db, profileId);
    const row = db.prepare<[number | null], { zones: number; times: number }>('SELECT count(DISTINCT zone_id) AS zones, count(DISTINCT t) AS times FROM intraday_sample WHERE account = ?').get(account);
    return row ?? { zones: 0, times: 0 };
  } finally {
    db.close();
  }
}

/** Erases the account's per-zone samples, as if they had never been kept. */
export function eraseIntraday(dir: string, profileId: string): void {
  const db = open(dir);
  try {
    db.prepare('DELETE FROM intraday_sample WHERE account = (SELECT account FROM account WHERE profile_id = ?)').run(profileId);
  } finally {
    db.close();
  }
}
