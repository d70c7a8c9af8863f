import { z } from 'zod';
import { ZoneId } from '../../../shared/api/zone';
import { UtcMonth } from '../../../shared/ledger';
import { columnLength, decodeColumn, encodeColumn, NumberColumn } from '../storage/number-columns';
import type { ClosedMonth, DayCosts, DayReadings, OpenMonth } from './ledger-model';
import { daysInMonth } from './utc-calendar';

// The ledger's files (docs/architecture.md › The daily ledger): each zone's figures as columns of
// numbers, spend in ten-thousandths of a cent (far below the 0.01 ¢ the ledger answers for), so a
// month of 100 zones is a few hundred values to read, not tens of thousands.

const PER_CENT = 10_000;
const EpochMs = z.number().int().nonnegative();

/**
 * Per day, the cost members of its last reading (ledger-model.ts › DayCosts) as five columns: per
 * gigabyte, billed connections and their monthly total, reserved IPs and theirs. Absent in files
 * written before the breakdown was kept, and empty for such days: "no breakdown kept".
 */
const CostColumns = z.object({ g: NumberColumn, c: NumberColumn, cm: NumberColumn, i: NumberColumn, im: NumberColumn });
type CostColumns = z.infer<typeof CostColumns>;

function costColumns(costs: readonly (DayCosts | null | undefined)[]): CostColumns | undefined {
  if (!costs.some((day) => day)) return undefined;
  const column = (index: number, scale = 1) => encodeColumn(costs.map((day) => day?.[index] ?? null), scale);
  return { g: column(0, PER_CENT), c: column(1), cm: column(2, PER_CENT), i: column(3), im: column(4, PER_CENT) };
}

function costsFromColumns(columns: CostColumns | undefined, count: number): (DayCosts | null)[] {
  if (!columns) return Array.from({ length: count }, () => null);
  const [g, c, cm, i, im] = [decodeColumn(columns.g, count, PER_CENT), decodeColumn(columns.c, count), decodeColumn(columns.cm, count, PER_CENT), decodeColumn(columns.i, count), decodeColumn(columns.im, count, PER_CENT)];
  return Array.from({ length: count }, (_, day) => {
    const values = [g[day], c[day], cm[day], i[day], im[day]];
    return values.every((value) => value !== null && value !== undefined) ? (values as DayCosts) : null;
  });
}

const OpenZoneFile = z.object({
  n: z.string().nullable(),
  c: z.boolean(),
  /** Per day of the month, from the 1st: opening spend, opening usage, last reading, spend and usage at it. */
  o: NumberColumn,
  ou: NumberColumn,
  t: NumberColumn,
  m: NumberColumn,
  um: NumberColumn,
  k: CostColumns.optional(),
});

export const OpenMonthFile = z.object({ v: z.literal(1), month: UtcMonth, zones: z.record(ZoneId, OpenZoneFile) });
export type OpenMonthFile = z.infer<typeof OpenMonthFile>;

const ClosedZoneFile = z.object({
  n: z.string().nullable(),
  f: z.number().int().min(1).max(31),
  s: NumberColumn,
  u: NumberColumn,
  e: z.array(z.tuple([z.number().int().min(1).max(31), EpochMs, EpochMs.nullable()])).max(31),
  b: z.number().nonnegative().nullable(),
  k: CostColumns.optional(),
});

export const ClosedMonthFile = z.object({ v: z.literal(1), month: UtcMonth, zones: z.record(ZoneId, ClosedZoneFile) });
export type ClosedMonthFile = z.infer<typeof ClosedMonthFile>;

export function openMonthFile(open: OpenMonth): OpenMonthFile {
  const zones: OpenMonthFile['zones'] = {};
  for (const [zoneId, zone] of Object.entries(open.zones)) {
    const field = (index: 0 | 1 | 2 | 3 | 4) => zone.d.map((day) => day?.[index] ?? null);
    const k = costColumns(zone.d.map((day) => day?.[5]));
    zones[zoneId] = { n: zone.n, c: zone.c, o: encodeColumn(field(0), PER_CENT), ou: encodeColumn(field(1)), t: encodeColumn(field(2)), m: encodeColumn(field(3), PER_CENT), um: encodeColumn(field(4)), ...(k ? { k } : {}) };
  }
  return { v: 1, month: open.month, zones };
}

export function openMonthFromFile(file: OpenMonthFile): OpenMonth {
  const zones: OpenMonth['zones'] = {};
  for (const [zoneId, zone] of Object.entries(file.zones)) {
    const count = Math.min(31, Math.max(...[zone.o, zone.ou, zone.t, zone.m, zone.um].map(columnLength)));
    const [o, ou, t, m, um] = [decodeColumn(zone.o, count, PER_CENT), decodeColumn(zone.ou, count), decodeColumn(zone.t, count), decodeColumn(zone.m, count, PER_CENT), decodeColumn(zone.um, count)];
    const costs = costsFromColumns(zone.k, count);
    const d = Array.from({ length: count }, (_, i): DayReadings | null => {
      const day: DayReadings = [o[i]!, ou[i]!, t[i]!, m[i]!, um[i]!];
      if (day.every((value) => value === null)) return null;
      if (costs[i]) day.push(costs[i]);
      return day;
    });
    zones[zoneId] = { n: zone.n, c: zone.c, d };
  }
  return { v: 1, month: file.month, zones };
}

export function closedMonthFile(month: ClosedMonth): ClosedMonthFile {
  const zones: ClosedMonthFile['zones'] = {};
  for (const [zoneId, { k: costs, ...zone }] of Object.entries(month.zones)) {
    const k = costColumns(costs ?? []);
    zones[zoneId] = { ...zone, s: encodeColumn(zone.s, PER_CENT), u: encodeColumn(zone.u), ...(k ? { k } : {}) };
  }
  return { v: 1, month: month.month, zones };
}

export function closedMonthFromFile(file: ClosedMonthFile): ClosedMonth {
  const zones: ClosedMonth['zones'] = {};
  for (const [zoneId, zone] of Object.entries(file.zones)) {
    const count = Math.max(0, daysInMonth(file.month) - zone.f + 1);
    zones[zoneId] = { ...zone, s: decodeColumn(zone.s, count, PER_CENT).map((v) => v ?? 0), u: decodeColumn(zone.u, count), k: costsFromColumns(zone.k, count) };
  }
  return { v: 1, month: file.month, zones };
}
