// What the ledger holds (docs/architecture.md › The daily ledger): the open month as the readings
// left it, closed months as their derived days. Their files are ledger-files.ts's.

/**
 * What the readings of one UTC day said about one zone, every figure month-to-date:
 * `[spend through the day before, usage through the day before, the day's last reading (epoch ms),
 * spend at it, usage at it]`. The first two are `this month − today` of any reading that day; a
 * backfilled day (the demo) has them without a reading.
 */
export type DayReadings = [number | null, number | null, number | null, number | null, number | null, DayCosts?];
export const OPENING_SPEND = 0;
export const OPENING_USAGE = 1;
export const LAST_AT = 2;
export const LAST_SPEND = 3;
export const LAST_USAGE = 4;
export const LAST_COSTS = 5;

/**
 * What the zone's `cost` members said at the day's last reading (docs/architecture.md › The daily
 * ledger: cost components): `[per-gigabyte price, billed connections, their monthly total, reserved
 * IPs, their monthly total with exclusivity]`, cents. Kept from the breakdown's introduction on:
 * an older day has none ("no breakdown kept").
 */
export type DayCosts = [number, number, number, number, number];
export const COST_PER_GB = 0;
export const COST_CONNECTIONS = 1;
export const COST_CONNECTIONS_MONTHLY = 2;
export const COST_IPS = 3;
export const COST_IPS_MONTHLY = 4;

export type OpenZone = {
  /** The zone's name at its last reading. */
  n: string | null;
  /**
   * The zone was in the ledger before this month: its days run from the 1st (the month's figures
   * start at 0 at 00:00 UTC), even before its first reading of the month.
   */
  c: boolean;
  /** Index = day of the month − 1. */
  d: (DayReadings | null)[];
};

export type OpenMonth = { v: 1; month: string; zones: Record<string, OpenZone> };

/** `[day of the month, no reading after (epoch ms), none before (epoch ms, or null at a month's end)]`. */
export type EstimatedDay = [number, number, number | null];

export type ClosedZone = {
  n: string | null;
  /** The first day of the month the ledger holds. */
  f: number;
  /** Spend per day from `f` to the month's end, in cents. */
  s: number[];
  /** Usage per day (bytes), null where the service did not report it. */
  u: (number | null)[];
  /** The estimated days; every other day is exact. */
  e: EstimatedDay[];
  /** Spend of the month before day `f`, which the service reported but not day by day. */
  b: number | null;
  /** Per day from `f`, the cost members at its last reading; absent or null: no breakdown kept. */
  k?: (DayCosts | null)[];
};

export type ClosedMonth = { v: 1; month: string; zones: Record<string, ClosedZone> };

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
  /** The zone's cost members at the reading, when all of them are known. */
  costs?: DayCosts | null;
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
  /** The cost members at the day's last reading; absent or null: no breakdown kept. */
  costs?: DayCosts | null;
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
