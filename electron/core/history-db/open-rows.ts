import type Database from 'better-sqlite3';
import { type DayCosts, type DayReadings, LAST_COSTS, type OpenMonth, type OpenZone } from '../ledger/ledger-model';
import { monthKey, monthText } from './schema';

// The open month's rows (schema.ts › open_zone, open_reading): read whole once, then written a
// zone-day at a time as readings change it, never rewritten as a whole.

export type AccountRow = { account: number; openMonth: string | null; lastReadingAt: number | null };

type ReadingRow = {
  zone_id: string;
  dom: number;
  opening_spend: number | null;
  opening_usage: number | null;
  last_at: number | null;
  last_spend: number | null;
  last_usage: number | null;
  cost_per_gb: number | null;
  cost_connections: number | null;
  cost_connections_monthly: number | null;
  cost_ips: number | null;
  cost_ips_monthly: number | null;
};

/** A day's costs from five nullable columns: all five or none ("no breakdown kept"). */
export function costsOf(row: Pick<ReadingRow, 'cost_per_gb' | 'cost_connections' | 'cost_connections_monthly' | 'cost_ips' | 'cost_ips_monthly'>): DayCosts | null {
  const values = [row.cost_per_gb, row.cost_connections, row.cost_connections_monthly, row.cost_ips, row.cost_ips_monthly];
  return values.every((value) => value !== null) ? (values as DayCosts) : null;
}

/** The five cost columns of a day, null without a breakdown. */
export function costColumns(costs: DayCosts | null | undefined): (number | null)[] {
  return costs ? [...costs] : [null, null, null, null, null];
}

export type OpenRows = ReturnType<typeof openRows>;

export function openRows(db: Database.Database) {
  const selectAccount = db.prepare<[string], { account: number; open_month: number | null; last_reading_at: number | null }>('SELECT account, open_month, last_reading_at FROM account WHERE profile_id = ?');
  const insertAccount = db.prepare<[string]>('INSERT INTO account (profile_id) VALUES (?)');
  const updateAccount = db.prepare<[number | null, number | null, number]>('UPDATE account SET open_month = ?, last_reading_at = ? WHERE account = ?');
  const selectZones = db.prepare<[number], { zone_id: string; name: string | null; carried: number }>('SELECT zone_id, name, carried FROM open_zone WHERE account = ? ORDER BY pos');
  const selectReadings = db.prepare<[number], ReadingRow>('SELECT * FROM open_reading WHERE account = ?');
  const upsertZone = db.prepare<[number, string, number, string | null, number]>(
    'INSERT INTO open_zone (account, zone_id, pos, name, carried) VALUES (?, ?, ?, ?, ?) ON CONFLICT (account, zone_id) DO UPDATE SET name = excluded.name, carried = excluded.carried',
  );
  const upsertReading = db.prepare(
    `INSERT OR REPLACE INTO open_reading (account, zone_id, dom, opening_spend, opening_usage, last_at, last_spend, last_usage,
       cost_per_gb, cost_connections, cost_connections_monthly, cost_ips, cost_ips_monthly) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const updateName = db.prepare<[string | null, number, string]>('UPDATE open_zone SET name = ? WHERE account = ? AND zone_id = ?');
  const deleteZones = db.prepare<[number]>('DELETE FROM open_zone WHERE account = ?');
  const deleteReadings = db.prepare<[number]>('DELETE FROM open_reading WHERE account = ?');

  return {
    /** The account's row, created on first use. */
    account(profileId: string): AccountRow {
      let row = selectAccount.get(profileId);
      if (!row) {
        insertAccount.run(profileId);
        row = selectAccount.get(profileId)!;
      }
      return { account: row.account, openMonth: row.open_month === null ? null : monthText(row.open_month), lastReadingAt: row.last_reading_at };
    },
    setAccount(account: number, openMonth: string, lastReadingAt: number | null): void {
      updateAccount.run(monthKey(openMonth), lastReadingAt, account);
    },
    /** The open month as the ledger keeps it in memory (ledger-model.ts › OpenMonth). */
    load(account: number, month: string): OpenMonth {
      const zones: OpenMonth['zones'] = {};
      for (const row of selectZones.iterate(account)) zones[row.zone_id] = { n: row.name, c: row.carried === 1, d: [] };
      for (const row of selectReadings.iterate(account)) {
        const zone = zones[row.zone_id];
        if (!zone) continue;
        while (zone.d.length < row.dom) zone.d.push(null);
        const day: DayReadings = [row.opening_spend, row.opening_usage, row.last_at, row.last_spend, row.last_usage];
        const costs = costsOf(row);
        if (costs) day.push(costs);
        zone.d[row.dom - 1] = day;
      }
      return { v: 1, month, zones };
    },
    writeZone(account: number, zoneId: string, pos: number, zone: OpenZone): void {
      upsertZone.run(account, zoneId, pos, zone.n, zone.c ? 1 : 0);
    },
    renameZone(account: number, zoneId: string, name: string | null): void {
      updateName.run(name, account, zoneId);
    },
    writeDay(account: number, zoneId: string, dom: number, day: DayReadings): void {
      upsertReading.run(account, zoneId, dom, day[0], day[1], day[2], day[3], day[4], ...costColumns(day[LAST_COSTS]));
    },
    /** Replaces the account's open month with `open` (a month close, a backfill). */
    replace(account: number, open: OpenMonth): void {
      deleteZones.run(account);
      deleteReadings.run(account);
      Object.entries(open.zones).forEach(([zoneId, zone], pos) => {
        upsertZone.run(account, zoneId, pos, zone.n, zone.c ? 1 : 0);
        zone.d.forEach((day, index) => {
          if (day) upsertReading.run(account, zoneId, index + 1, day[0], day[1], day[2], day[3], day[4], ...costColumns(day[LAST_COSTS]));
        });
      });
    },
  };
}
