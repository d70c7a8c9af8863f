// The history database's schema (docs/architecture.md › The history database): one file per data
// folder, every account's rows keyed by a small integer (`account`), so a row spends a byte on it
// rather than the profile id. Months are integers counted from year 0 (monthKey: two bytes a row),
// days of the month 1..31. Tables without a rowid keep each row in its primary key's B-tree: one
// lookup, no second copy of the key. The closed months' rows, nearly all of the file, name a zone
// by a small integer (zone_key) and a day's five costs by the set they repeat (cost_set).

/**
 * MIGRATIONS[v] takes a database at user_version v to v + 1, in one transaction; a database at 0
 * is new (or empty). Append only: a released step is never edited.
 */
export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE account (
    account INTEGER PRIMARY KEY,
    profile_id TEXT NOT NULL UNIQUE,
    open_month INTEGER,
    last_reading_at INTEGER
  );

  -- The open month as its readings (ledger-model.ts › OpenMonth): a zone per row, in the order the
  -- ledger met it (pos), and a row per zone and day read.
  CREATE TABLE open_zone (
    account INTEGER NOT NULL,
    zone_id TEXT NOT NULL,
    pos INTEGER NOT NULL,
    name TEXT,
    carried INTEGER NOT NULL,
    PRIMARY KEY (account, zone_id)
  ) WITHOUT ROWID;

  CREATE TABLE open_reading (
    account INTEGER NOT NULL,
    zone_id TEXT NOT NULL,
    dom INTEGER NOT NULL,
    opening_spend REAL,
    opening_usage REAL,
    last_at INTEGER,
    last_spend REAL,
    last_usage REAL,
    cost_per_gb REAL,
    cost_connections REAL,
    cost_connections_monthly REAL,
    cost_ips REAL,
    cost_ips_monthly REAL,
    PRIMARY KEY (account, zone_id, dom)
  ) WITHOUT ROWID;

  -- A zone id as the small integer the closed months' rows name it by (two bytes, not the id's
  -- text); removed with its account.
  CREATE TABLE zone_key (
    zone INTEGER PRIMARY KEY,
    account INTEGER NOT NULL REFERENCES account (account) ON DELETE CASCADE,
    zone_id TEXT NOT NULL,
    UNIQUE (account, zone_id)
  );

  -- A day's five cost components (ledger-model.ts › DayCosts), kept once per distinct set: a
  -- zone's prices and counts seldom change, so its days share a few rows.
  CREATE TABLE cost_set (
    costs INTEGER PRIMARY KEY,
    cost_per_gb REAL NOT NULL,
    cost_connections REAL NOT NULL,
    cost_connections_monthly REAL NOT NULL,
    cost_ips REAL NOT NULL,
    cost_ips_monthly REAL NOT NULL,
    UNIQUE (cost_per_gb, cost_connections, cost_connections_monthly, cost_ips, cost_ips_monthly)
  );

  -- The closed months as their derived days (ledger-model.ts › ClosedMonth): a zone-month row for
  -- the zone's name, first day and spend before it, and a zone-day row per day from that first.
  CREATE TABLE zone_month (
    account INTEGER NOT NULL,
    month INTEGER NOT NULL,
    zone INTEGER NOT NULL,
    pos INTEGER NOT NULL,
    name TEXT,
    first_dom INTEGER NOT NULL,
    before_spend REAL,
    PRIMARY KEY (account, month, zone)
  ) WITHOUT ROWID;

  CREATE TABLE zone_day (
    account INTEGER NOT NULL,
    month INTEGER NOT NULL,
    dom INTEGER NOT NULL,
    zone INTEGER NOT NULL,
    spend REAL NOT NULL,
    usage REAL,
    costs INTEGER,
    estimate_after INTEGER,
    estimate_before INTEGER,
    PRIMARY KEY (account, month, dom, zone)
  ) WITHOUT ROWID;

  -- Each day's sum over the zones (ledger-views.ts › accountDays), written in the transaction that
  -- writes the days it sums: the calendar reads about 400 rows, never the zone-days.
  CREATE TABLE account_day (
    account INTEGER NOT NULL,
    month INTEGER NOT NULL,
    dom INTEGER NOT NULL,
    spend REAL NOT NULL,
    usage REAL,
    coverage TEXT NOT NULL,
    zones INTEGER NOT NULL,
    estimated_zones INTEGER NOT NULL,
    through INTEGER,
    PRIMARY KEY (account, month, dom)
  ) WITHOUT ROWID;

  -- A month's spend before its first day held (ledger-views.ts › monthsBefore), with the days.
  CREATE TABLE account_month (
    account INTEGER NOT NULL,
    month INTEGER NOT NULL,
    before_spend REAL NOT NULL,
    first_dom INTEGER NOT NULL,
    PRIMARY KEY (account, month)
  ) WITHOUT ROWID;

  -- The per-zone samples of the history's last 48 hours (docs/architecture.md › Per-zone intraday history).
  CREATE TABLE intraday_sample (
    account INTEGER NOT NULL,
    t INTEGER NOT NULL,
    zone_id TEXT NOT NULL,
    spend_today REAL NOT NULL,
    spend_month REAL NOT NULL,
    throughput REAL NOT NULL,
    PRIMARY KEY (account, t, zone_id)
  ) WITHOUT ROWID;

  -- What the move from the JSON files has done, per account and file: a file's rows and its line
  -- here land in one transaction, so a move cut short resumes after the last file it finished.
  CREATE TABLE migrated (
    account INTEGER NOT NULL,
    source TEXT NOT NULL,
    PRIMARY KEY (account, source)
  ) WITHOUT ROWID;
  `,
];

/** `PRAGMA user_version` of a database this code writes. */
export const SCHEMA_VERSION = MIGRATIONS.length;

/** `YYYY-MM` as the integer the tables key months by: months since January of year 0. */
export function monthKey(month: string): number {
  return Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
}

/** The integer month key back as `YYYY-MM`. */
export function monthText(key: number): string {
  return `${String(Math.floor(key / 12)).padStart(4, '0')}-${String((key % 12) + 1).padStart(2, '0')}`;
}
