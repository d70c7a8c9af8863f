import type Database from 'better-sqlite3';
import type { DayCosts } from '../ledger/ledger-model';

// The small integers the closed months' rows hold in place of a zone id and of a day's five costs
// (schema.ts › zone_key, cost_set). A key is looked up, or made, inside the caller's transaction
// and never held in memory beyond it: a write rolled back takes its new keys with it.

export type RowKeys = ReturnType<typeof rowKeys>;

export function rowKeys(db: Database.Database) {
  const addZone = db.prepare<[number, string]>('INSERT OR IGNORE INTO zone_key (account, zone_id) VALUES (?, ?)');
  const zoneOf = db.prepare<[number, string], { zone: number }>('SELECT zone FROM zone_key WHERE account = ? AND zone_id = ?');
  const addCosts = db.prepare<DayCosts>(
    'INSERT OR IGNORE INTO cost_set (cost_per_gb, cost_connections, cost_connections_monthly, cost_ips, cost_ips_monthly) VALUES (?, ?, ?, ?, ?)',
  );
  const costsOf = db.prepare<DayCosts, { costs: number }>(
    'SELECT costs FROM cost_set WHERE cost_per_gb = ? AND cost_connections = ? AND cost_connections_monthly = ? AND cost_ips = ? AND cost_ips_monthly = ?',
  );

  return {
    /** The zone's key, made on first use. */
    zone(account: number, zoneId: string): number {
      addZone.run(account, zoneId);
      return zoneOf.get(account, zoneId)!.zone;
    },
    /** The zone's key if it has one (no row names a zone without one). */
    existingZone: (account: number, zoneId: string): number | null => zoneOf.get(account, zoneId)?.zone ?? null,
    /**
     * A writer of cost keys for one transaction: each distinct set is looked up once. The sets
     * are compared as SQLite compares REAL values, so a key gives back the very numbers stored.
     */
    costsWriter(): (costs: DayCosts | null | undefined) => number | null {
      const seen = new Map<string, number>();
      return (costs) => {
        if (!costs) return null;
        const id = costs.join('/');
        let key = seen.get(id);
        if (key === undefined) {
          addCosts.run(...costs);
          seen.set(id, (key = costsOf.get(...costs)!.costs));
        }
        return key;
      };
    },
  };
}
