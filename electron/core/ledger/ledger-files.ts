import { z } from 'zod';
import { ZoneId } from '../../../shared/api/zone';
import { UtcMonth } from '../../../shared/ledger';
import { columnLength, decodeColumn, encodeColumn, NumberColumn } from '../storage/number-columns';
import type { ClosedMonth, DayReadings, OpenMonth } from './ledger-model';
import { daysInMonth } from './utc-calendar';

// The ledger's files (docs/architecture.md › The daily ledger): each zone's figures as columns of
// numbers, spend in ten-thousandths of a cent (far below the 0.01 ¢ the ledger answers for), so a
// month of 100 zones is a few hundred values to read, not tens of thousands.

const PER_CENT = 10_000;
const EpochMs = z.number().int().nonnegative();

const OpenZoneFile = z.object({
  n: z.string().nullable(),
  c: z.boolean(),
  /** Per day of the month, from the 1st: opening spend, opening usage, last reading, spend and usage at it. */
  o: NumberColumn,
  ou: NumberColumn,
  t: NumberColumn,
  m: NumberColumn,
  um: NumberColumn,
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
});

export const ClosedMonthFile = z.object({ v: z.literal(1), month: UtcMonth, zones: z.record(ZoneId, ClosedZoneFile) });
export type ClosedMonthFile = z.infer<typeof ClosedMonthFile>;

export function openMonthFile(open: OpenMonth): OpenMonthFile {
  const zones: OpenMonthFile['zones'] = {};
  for (const [zoneId, zone] of Object.entries(open.zones)) {
    const field = (index: number) => zone.d.map((day) => day?.[index] ?? null);
    zones[zoneId] = { n: zone.n, c: zone.c, o: encodeColumn(field(0), PER_CENT), ou: encodeColumn(field(1)), t: encodeColumn(field(2)), m: encodeColumn(field(3), PER_CENT), um: encodeColumn(field(4)) };
  }
  return { v: 1, month: open.month, zones };
}

export function openMonthFromFile(file: OpenMonthFile): OpenMonth {
  const zones: OpenMonth['zones'] = {};
  for (const [zoneId, zone] of Object.entries(file.zones)) {
    const count = Math.min(31, Math.max(...[zone.o, zone.ou, zone.t, zone.m, zone.um].map(columnLength)));
    const [o, ou, t, m, um] = [decodeColumn(zone.o, count, PER_CENT), decodeColumn(zone.ou, count), decodeColumn(zone.t, count), decodeColumn(zone.m, count, PER_CENT), decodeColumn(zone.um, count)];
    const d = Array.from({ length: count }, (_, i): DayReadings | null => {
      const day: DayReadings = [o[i]!, ou[i]!, t[i]!, m[i]!, um[i]!];
      return day.every((value) => value === null) ? null : day;
    });
    zones[zoneId] = { n: zone.n, c: zone.c, d };
  }
  return { v: 1, month: file.month, zones };
}

export function closedMonthFile(month: ClosedMonth): ClosedMonthFile {
  const zones: ClosedMonthFile['zones'] = {};
  for (const [zoneId, zone] of Object.entries(month.zones)) zones[zoneId] = { ...zone, s: encodeColumn(zone.s, PER_CENT), u: encodeColumn(zone.u) };
  return { v: 1, month: month.month, zones };
}

export function closedMonthFromFile(file: ClosedMonthFile): ClosedMonth {
  const zones: ClosedMonth['zones'] = {};
  for (const [zoneId, zone] of Object.entries(file.zones)) {
    const count = Math.max(0, daysInMonth(file.month) - zone.f + 1);
    zones[zoneId] = { ...zone, s: decodeColumn(zone.s, count, PER_CENT).map((v) => v ?? 0), u: decodeColumn(zone.u, count) };
  }
  return { v: 1, month: file.month, zones };
}
