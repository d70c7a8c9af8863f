import { z } from 'zod';
import { ZoneId } from '../../../shared/api/zone';
import { UtcMonth } from '../../../shared/ledger';

// What the ledger keeps on disk, compact (docs/architecture.md › The daily ledger): the open month
// as the readings left it, closed months as their derived days, written once.

const Cents = z.number().nonnegative();
const Bytes = z.number().nonnegative();
const EpochMs = z.number().int().nonnegative();

/**
 * What the readings of one UTC day said about one zone, every figure month-to-date:
 * `[spend through the day before, usage through the day before, the day's last reading (epoch ms),
 * spend at it, usage at it]`. The first two are `this month − today` of any reading that day; a
 * backfilled day (the demo) has them without a reading.
 */
export const DayReadings = z.tuple([Cents.nullable(), Bytes.nullable(), EpochMs.nullable(), Cents.nullable(), Bytes.nullable()]);
export type DayReadings = z.infer<typeof DayReadings>;
export const OPENING_SPEND = 0;
export const OPENING_USAGE = 1;
export const LAST_AT = 2;
export const LAST_SPEND = 3;
export const LAST_USAGE = 4;

export const OpenZone = z.object({
  /** The zone's name at its last reading. */
  n: z.string().nullable(),
  /**
   * The zone was in the ledger before this month: its days run from the 1st (the month's figures
   * start at 0 at 00:00 UTC), even before its first reading of the month.
   */
  c: z.boolean(),
  /** Index = day of the month − 1. */
  d: z.array(DayReadings.nullable()).max(31),
});
export type OpenZone = z.infer<typeof OpenZone>;

export const OpenMonth = z.object({
  v: z.literal(1),
  month: UtcMonth,
  zones: z.record(ZoneId, OpenZone),
});
export type OpenMonth = z.infer<typeof OpenMonth>;

/** `[day of the month, no reading after (epoch ms), none before (epoch ms, or null at a month's end)]`. */
export const EstimatedDay = z.tuple([z.number().int().min(1).max(31), EpochMs, EpochMs.nullable()]);
export type EstimatedDay = z.infer<typeof EstimatedDay>;

export const ClosedZone = z.object({
  n: z.string().nullable(),
  /** The first day of the month the ledger holds. */
  f: z.number().int().min(1).max(31),
  /** Spend per day from `f` to the month's end, cents rounded to 1/10,000 of a cent. */
  s: z.array(Cents).max(31),
  /** Usage per day (bytes), null where the service did not report it. */
  u: z.array(Bytes.nullable()).max(31),
  /** The estimated days; every other day is exact. */
  e: z.array(EstimatedDay).max(31),
  /** Spend of the month before day `f`, which the service reported but not day by day. */
  b: Cents.nullable(),
});
export type ClosedZone = z.infer<typeof ClosedZone>;

export const ClosedMonth = z.object({
  v: z.literal(1),
  month: UtcMonth,
  zones: z.record(ZoneId, ClosedZone),
});
export type ClosedMonth = z.infer<typeof ClosedMonth>;

export function emptyOpenMonth(month: string): OpenMonth {
  return { v: 1, month, zones: {} };
}

/** One zone's figures at one reading, as the ledger takes them from the snapshot. */
export type ZoneReading = {
  zoneId: string;
  name: string | null;
  /** Epoch ms of when its figures were fetched. */
  at: number;
  spendToday: number;
  spendMonth: number;
  usageToday: number | null;
  usageMonth: number | null;
};

/** A day as the ledger derives it (internal: the IPC shape is shared/ledger.ts › ZoneDay). */
export type DerivedDay = {
  /** Day of the month, 1-based. */
  dom: number;
  spend: number;
  usage: number | null;
  coverage: 'exact' | 'estimated' | 'partial';
  estimate: { after: number; before: number | null } | null;
  through: number | null;
};

/** One zone's days in one month. */
export type DerivedZoneMonth = {
  zoneId: string;
  name: string | null;
  days: DerivedDay[];
  /** Spend before the first day held, not split by day. */
  before: number | null;
};

/** A month as the views read it: closed (from its file) or open (derived from its readings). */
export type DerivedMonth = { month: string; closed: boolean; zones: DerivedZoneMonth[] };
