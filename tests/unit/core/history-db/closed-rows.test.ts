import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ClosedMonth, ClosedZone, DayCosts } from '../../../../electron/core/ledger/ledger-model';
import { closedMonthDays } from '../../../../electron/core/ledger/month-files';
import { openHistoryDatabase, type HistoryDatabase } from '../../../../electron/core/history-db/history-database';
import { closedRows } from '../../../../electron/core/history-db/closed-rows';
import { openRows } from '../../../../electron/core/history-db/open-rows';

// docs/architecture.md › The history database: the closed months name a zone and a day's costs by
// small keys, give back exactly what was written, and let go of the keys only erased months named.

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
let dir: string;
let database: HistoryDatabase;
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zw-closed-rows-'));
  database = await openHistoryDatabase({ folder: dir, now: () => 0, logger: silent, tell: () => () => undefined });
});
afterEach(() => {
  database.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A zone's days from the `first` on, each spending `spend`, every day with `costs` (null on the third). */
function zone(first: number, days: number, spend: number, costs: DayCosts): ClosedZone {
  return {
    n: `Zone ${spend}`,
    f: first,
    s: Array.from({ length: days }, (_, i) => spend + i / 3),
    u: Array.from({ length: days }, (_, i) => (i === 1 ? null : 1_000 * i)),
    e: [[first + days - 1, 5, 9]],
    b: first > 1 ? 0.1 : null,
    k: Array.from({ length: days }, (_, i) => (i === 2 ? null : costs)),
  };
}

const keys = () => database.db.prepare('SELECT zone_id FROM zone_key ORDER BY zone_id').all();
const costSets = () => database.db.prepare('SELECT cost_per_gb, cost_ips_monthly FROM cost_set ORDER BY cost_per_gb').all();

describe('the closed months as rows', () => {
  it('give back every day as written, the five costs exact, and let go of the keys only erased months named', () => {
    const account = openRows(database.db).account('p1').account;
    const rows = closedRows(database.db);
    const costs = (n: number): DayCosts => [400.125 + n, 3, 4_500.3, 2, -0.1 + n * 3_000.5];
    const march: ClosedMonth = { v: 1, month: '2026-03', zones: { 'Z-OLD': zone(1, 31, 7.7, costs(1)), Z2: zone(5, 27, 0.01, costs(2)) } };
    const april: ClosedMonth = { v: 1, month: '2026-04', zones: { Z2: zone(1, 30, 1e-9, costs(2)), Z3: zone(12, 19, 123_456.789, costs(3)) } };
    database.db.transaction(() => {
      rows.write(account, march);
      rows.write(account, april);
    })();
    expect(rows.read(account)).toEqual([closedMonthDays(march), closedMonthDays(april)]);
    expect(rows.read(account, { zoneId: 'Z2' })).toEqual([closedMonthDays({ ...march, zones: { Z2: march.zones.Z2! } }), closedMonthDays({ ...april, zones: { Z2: april.zones.Z2! } })]);
    expect(rows.read(account, { zoneId: 'unknown' })).toEqual([]);
    expect(keys()).toEqual([{ zone_id: 'Z-OLD' }, { zone_id: 'Z2' }, { zone_id: 'Z3' }]);
    expect(costSets()).toEqual([1, 2, 3].map((n) => ({ cost_per_gb: 400.125 + n, cost_ips_monthly: -0.1 + n * 3_000.5 })));

    database.db.transaction(() => rows.prune(account, '2026-04'))();
    expect(rows.read(account)).toEqual([closedMonthDays(april)]);
    expect(keys()).toEqual([{ zone_id: 'Z2' }, { zone_id: 'Z3' }]);
    expect(costSets()).toEqual([2, 3].map((n) => ({ cost_per_gb: 400.125 + n, cost_ips_monthly: -0.1 + n * 3_000.5 })));
  });
});
