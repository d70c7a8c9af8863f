import type Database from 'better-sqlite3';
import type { AccountDay, MonthBefore } from '../../../shared/ledger';
import type { ClosedMonth, ClosedZone, DerivedMonth } from '../ledger/ledger-model';
import { accountDays, monthsBefore } from '../ledger/ledger-views';
import { closedMonthDays } from '../ledger/month-files';
import { dayKey, daysInMonth } from '../ledger/utc-calendar';
import { costsOf } from './open-rows';
import { rowKeys } from './row-keys';
import { monthKey, monthText } from './schema';

// The closed months' rows (schema.ts › zone_month, zone_day) and every month's account totals
// (account_day, account_month). A closed month is written once, when it closes, in its primary
// key's order (so its pages are filled, not split), and read back through month-files.ts ›
// closedMonthDays: the same days the JSON ledger derived from its file.

/** Which months (inclusive, `YYYY-MM`) and which zone a query reads; absent: all. */
export type MonthSlice = { from?: string; to?: string; zoneId?: string };

type ZoneMonthRow = { month: number; zone_id: string; name: string | null; first_dom: number; before_spend: number | null };
type ZoneDayRow = {
  month: number;
  dom: number;
  zone_id: string;
  spend: number;
  usage: number | null;
  estimate_after: number | null;
  estimate_before: number | null;
  cost_per_gb: number | null;
  cost_connections: number | null;
  cost_connections_monthly: number | null;
  cost_ips: number | null;
  cost_ips_monthly: number | null;
};
type AccountDayRow = { month: number; dom: number; spend: number; usage: number | null; coverage: AccountDay['coverage']; zones: number; estimated_zones: number; through: number | null };

const ALL_DAYS = Array.from({ length: 31 }, (_, i) => i + 1).join(', ');
const FIRST = 0;
const LAST = monthKey('9999-12');

/** Rows of one zone-month in day order, into the ClosedZone month-files.ts reads. */
function closedZone(head: ZoneMonthRow, rows: readonly ZoneDayRow[], month: string): ClosedZone {
  const count = Math.max(0, daysInMonth(month) - head.first_dom + 1);
  const s: number[] = Array.from({ length: count }, () => 0);
  const u: (number | null)[] = Array.from({ length: count }, () => null);
  const k: ClosedZone['k'] = Array.from({ length: count }, () => null);
  const e: ClosedZone['e'] = [];
  for (const row of rows) {
    const index = row.dom - head.first_dom;
    if (index < 0 || index >= count) continue;
    s[index] = row.spend;
    u[index] = row.usage;
    k[index] = costsOf(row);
    if (row.estimate_after !== null) e.push([row.dom, row.estimate_after, row.estimate_before]);
  }
  return { n: head.name, f: head.first_dom, s, u, e, b: head.before_spend, k };
}

export type ClosedRows = ReturnType<typeof closedRows>;

export function closedRows(db: Database.Database) {
  const keys = rowKeys(db);
  const HEAD = 'SELECT m.month, k.zone_id, m.name, m.first_dom, m.before_spend FROM zone_month m JOIN zone_key k ON k.zone = m.zone';
  const DAY = `SELECT d.month, d.dom, k.zone_id, d.spend, d.usage, d.estimate_after, d.estimate_before,
    c.cost_per_gb, c.cost_connections, c.cost_connections_monthly, c.cost_ips, c.cost_ips_monthly
    FROM zone_day d JOIN zone_key k ON k.zone = d.zone LEFT JOIN cost_set c ON c.costs = d.costs`;
  const zoneMonths = db.prepare<[number, number, number], ZoneMonthRow>(`${HEAD} WHERE m.account = ? AND m.month BETWEEN ? AND ? ORDER BY m.month, m.pos`);
  const zoneMonthsOf = db.prepare<[number, number, number, number], ZoneMonthRow>(`${HEAD} WHERE m.account = ? AND m.month BETWEEN ? AND ? AND m.zone = ? ORDER BY m.month`);
  const zoneDays = db.prepare<[number, number, number], ZoneDayRow>(`${DAY} WHERE d.account = ? AND d.month BETWEEN ? AND ?`);
  // The primary key leads with (account, month, dom): a zone's days are its 31 seeks per month.
  const zoneDaysOf = db.prepare<[number, number, number], ZoneDayRow>(`${DAY} WHERE d.account = ? AND d.month = ? AND d.dom IN (${ALL_DAYS}) AND d.zone = ?`);
  const dayRows = db.prepare<[number, number, number], ZoneDayRow>(`${DAY} WHERE d.account = ? AND d.month = ? AND d.dom = ?`);
  const heads = db.prepare<[number, number], ZoneMonthRow>(`${HEAD} WHERE m.account = ? AND m.month = ? ORDER BY m.pos`);
  const insertZoneMonth = db.prepare('INSERT INTO zone_month (account, month, zone, pos, name, first_dom, before_spend) VALUES (?, ?, ?, ?, ?, ?, ?)');
  const insertZoneDay = db.prepare('INSERT INTO zone_day (account, month, dom, zone, spend, usage, costs, estimate_after, estimate_before) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)');
  const insertAccountDay = db.prepare('INSERT INTO account_day (account, month, dom, spend, usage, coverage, zones, estimated_zones, through) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)');
  const insertAccountMonth = db.prepare('INSERT INTO account_month (account, month, before_spend, first_dom) VALUES (?, ?, ?, ?)');
  const accountDayRows = db.prepare<[number], AccountDayRow>('SELECT * FROM account_day WHERE account = ? ORDER BY month, dom');
  const accountMonthRows = db.prepare<[number], { month: number; before_spend: number; first_dom: number }>('SELECT month, before_spend, first_dom FROM account_month WHERE account = ? ORDER BY month');
  const monthsHeld = db.prepare<[number], { month: number }>('SELECT DISTINCT month FROM zone_month WHERE account = ? ORDER BY month');
  const deletes = ['zone_month', 'zone_day', 'account_day', 'account_month'].map((table) => db.prepare<[number, number, number]>(`DELETE FROM ${table} WHERE account = ? AND month BETWEEN ? AND ?`));

  // Keys no row names any more: a zone gone from every month kept, a set of costs no day has.
  const orphanZones = db.prepare<[number, number]>('DELETE FROM zone_key WHERE account = ? AND zone NOT IN (SELECT zone FROM zone_month WHERE account = ?)');
  const orphanCosts = db.prepare('DELETE FROM cost_set WHERE costs NOT IN (SELECT costs FROM zone_day WHERE costs IS NOT NULL)');

  /** Erases the months' rows; how many zone-months went. */
  function removeMonths(account: number, from: number, to: number): number {
    return deletes.map((statement) => statement.run(account, from, to).changes)[0]!;
  }

  /** Replaces a month's account totals with those of its days as derived (open or closed). */
  function writeTotals(account: number, month: DerivedMonth): void {
    const key = monthKey(month.month);
    for (const table of [2, 3]) deletes[table]!.run(account, key, key);
    for (const day of accountDays([month])) {
      insertAccountDay.run(account, key, Number(day.day.slice(8, 10)), day.spendCents, day.usageBytes, day.coverage, day.zones, day.estimatedZones, day.through === null ? null : Date.parse(day.through));
    }
    for (const before of monthsBefore([month])) insertAccountMonth.run(account, key, before.spendCents, Number(before.firstDay.slice(8, 10)));
  }

  return {
    /** Writes a closed month's days and totals, replacing any the month had. */
    write(account: number, file: ClosedMonth): void {
      const key = monthKey(file.month);
      removeMonths(account, key, key);
      const costKey = keys.costsWriter();
      const days: [dom: number, zone: number, ...rest: (number | null)[]][] = [];
      Object.entries(file.zones).forEach(([zoneId, zone], pos) => {
        const zoneKey = keys.zone(account, zoneId);
        insertZoneMonth.run(account, key, zoneKey, pos, zone.n, zone.f, zone.b);
        const estimated = new Map(zone.e.map(([dom, after, before]) => [dom, [after, before] as const]));
        zone.s.forEach((spend, index) => {
          const dom = zone.f + index;
          const estimate = estimated.get(dom);
          days.push([dom, zoneKey, spend, zone.u[index] ?? null, costKey(zone.k?.[index]), estimate?.[0] ?? null, estimate?.[1] ?? null]);
        });
      });
      days.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
      for (const day of days) insertZoneDay.run(account, key, ...day);
      writeTotals(account, closedMonthDays(file));
    },
    writeTotals,
    /** The closed months of the slice as the views read them, oldest first. */
    read(account: number, slice: MonthSlice = {}): DerivedMonth[] {
      const from = slice.from === undefined ? FIRST : monthKey(slice.from);
      const to = slice.to === undefined ? LAST : monthKey(slice.to);
      const zoneKey = slice.zoneId === undefined ? null : keys.existingZone(account, slice.zoneId);
      if (slice.zoneId !== undefined && zoneKey === null) return [];
      const heads = zoneKey === null ? zoneMonths.all(account, from, to) : zoneMonthsOf.all(account, from, to, zoneKey);
      const byMonth = new Map<number, ZoneMonthRow[]>();
      for (const head of heads) byMonth.set(head.month, [...(byMonth.get(head.month) ?? []), head]);
      const days = new Map<string, ZoneDayRow[]>();
      const rows = zoneKey === null ? zoneDays.all(account, from, to) : [...byMonth.keys()].flatMap((month) => zoneDaysOf.all(account, month, zoneKey));
      for (const row of rows) {
        const id = `${row.month}/${row.zone_id}`;
        const list = days.get(id);
        if (list) list.push(row);
        else days.set(id, [row]);
      }
      return [...byMonth].map(([key, zoneHeads]) => {
        const month = monthText(key);
        const zones: ClosedMonth['zones'] = {};
        for (const head of zoneHeads) zones[head.zone_id] = closedZone(head, days.get(`${key}/${head.zone_id}`) ?? [], month);
        return closedMonthDays({ v: 1, month, zones });
      });
    },
    /**
     * One day of a closed month, every zone that holds it, as `read` would give that day: each
     * zone-month cut to the one day (one range of the primary key, not the month's rows).
     */
    readDay(account: number, month: string, dom: number): DerivedMonth {
      const key = monthKey(month);
      const rows = new Map(dayRows.all(account, key, dom).map((row) => [row.zone_id, row]));
      const zones: ClosedMonth['zones'] = {};
      for (const head of heads.iterate(account, key)) {
        const row = rows.get(head.zone_id);
        if (!row) continue;
        const zone = closedZone(head, [row], month);
        const index = dom - head.first_dom;
        zones[head.zone_id] = { ...zone, f: dom, s: zone.s.slice(index, index + 1), u: zone.u.slice(index, index + 1), k: zone.k?.slice(index, index + 1) ?? [] };
      }
      return closedMonthDays({ v: 1, month, zones });
    },
    /** The months that hold closed days, oldest first. */
    months: (account: number): string[] => monthsHeld.all(account).map((row) => monthText(row.month)),
    /** Every month's account days and spend before its first day, oldest first (the calendar). */
    totals(account: number): { days: AccountDay[]; before: MonthBefore[] } {
      const days = accountDayRows.all(account).map((row): AccountDay => {
        const day = dayKey(monthText(row.month), row.dom);
        return { day, spendCents: row.spend, usageBytes: row.usage, coverage: row.coverage, zones: row.zones, estimatedZones: row.estimated_zones, through: row.through === null ? null : new Date(row.through).toISOString() };
      });
      const before = accountMonthRows.all(account).map((row): MonthBefore => ({ month: monthText(row.month), firstDay: dayKey(monthText(row.month), row.first_dom), spendCents: row.before_spend }));
      return { days, before };
    },
    /**
     * Erases the months before `keepFrom` (13 months kept) and the keys only they named. The keys
     * are looked at only when a month went (a close, not every start): cost_set's takes a pass
     * over the zone-days.
     */
    prune(account: number, keepFrom: string): void {
      if (removeMonths(account, FIRST, monthKey(keepFrom) - 1) === 0) return;
      orphanZones.run(account, account);
      orphanCosts.run();
    },
  };
}
