import { z } from 'zod';
import { ZoneId } from './api/zone';
import { Timestamp } from './api/timestamp';
import { MonthEndForecast } from './forecast';
import { ProfileId } from './profile-id';

// The daily ledger (docs/architecture.md › The daily ledger): each zone's spend and usage per UTC
// day, derived from the month-to-date figures the service reports. Days are always UTC days.

/** A UTC day, `YYYY-MM-DD`. */
export const UtcDay = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, { error: 'must be a UTC day, YYYY-MM-DD' });
export type UtcDay = z.infer<typeof UtcDay>;

/**
 * A reading this close to 00:00 UTC (either side) is not used: the service's clock and ours may
 * differ by seconds, and a reading taken at 00:00:20 by our clock may still carry the day before's
 * figures (or, on the 1st, last month's), which would be filed under the wrong day
 * (docs/architecture.md › The daily ledger).
 */
export const MIDNIGHT_GUARD_MS = 2 * 60_000;

/**
 * The UTC day the ledger has read up to after a reading at `fetchedAt`: its whole days change only
 * when this does (the first usable reading of a day closes the day before), so a view of whole days
 * asks again when it changes and not on every update (docs/architecture.md › How updates reach the
 * window). A reading too near midnight to be used still counts for the day before. Pure.
 */
export function ledgerReadDay(fetchedAt: string | null): UtcDay | null {
  if (fetchedAt === null) return null;
  return new Date(Date.parse(fetchedAt) - MIDNIGHT_GUARD_MS).toISOString().slice(0, 10);
}

/** A UTC month, `YYYY-MM`. */
export const UtcMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/);
export type UtcMonth = z.infer<typeof UtcMonth>;

/**
 * How a day's figure is known. `exact`: readings bound both its ends. `estimated`: at least one end
 * falls where no reading was taken (Zonewatch was not running, or a month's last moments), and the
 * spend of that stretch is spread over it by the zone's usual days (docs/architecture.md › A zone's usual day). `partial`: the day so far, up to its last reading.
 */
export const DayCoverage = z.enum(['exact', 'estimated', 'partial']);
export type DayCoverage = z.infer<typeof DayCoverage>;

/**
 * Why an estimated day is estimated: no reading between `after` and `before` (null when no reading
 * can follow: a month's figures start afresh at 00:00 UTC on the 1st, so its end is never read).
 */
export const DayEstimate = z.object({ after: Timestamp, before: Timestamp.nullable() });
export type DayEstimate = z.infer<typeof DayEstimate>;

/** One zone on one UTC day. Usage is null when the service never reported it for that day. */
export const ZoneDay = z.object({
  day: UtcDay,
  spendCents: z.number(),
  usageBytes: z.number().nullable(),
  coverage: DayCoverage,
  estimate: DayEstimate.nullable(),
  /** For a partial day: the reading it runs to. */
  through: Timestamp.nullable(),
});
export type ZoneDay = z.infer<typeof ZoneDay>;

/** One UTC day of an account: the sum over the zones the ledger holds for it. */
export const AccountDay = z.object({
  day: UtcDay,
  spendCents: z.number(),
  usageBytes: z.number().nullable(),
  coverage: DayCoverage,
  zones: z.number().int().nonnegative(),
  estimatedZones: z.number().int().nonnegative(),
  through: Timestamp.nullable(),
});
export type AccountDay = z.infer<typeof AccountDay>;

/**
 * A month's spend before the ledger started (an account's first month, a zone found later): the
 * service said it, but not day by day, so it is shown apart from the days.
 */
export const MonthBefore = z.object({ month: UtcMonth, firstDay: UtcDay, spendCents: z.number() });
export type MonthBefore = z.infer<typeof MonthBefore>;

/** An account's calendar: every day the ledger holds (13 months at most), oldest first. */
export const LedgerCalendar = z.object({
  days: z.array(AccountDay),
  before: z.array(MonthBefore),
  /** The newest reading the ledger holds: how old the history is when offline. */
  lastReadingAt: Timestamp.nullable(),
});
export type LedgerCalendar = z.infer<typeof LedgerCalendar>;

export const LedgerDayZone = ZoneDay.extend({ zoneId: ZoneId, name: z.string().nullable() });
export type LedgerDayZone = z.infer<typeof LedgerDayZone>;

/** One day of an account: its zones by spend, highest first. */
export const LedgerDayView = z.object({ day: UtcDay, zones: z.array(LedgerDayZone) });
export type LedgerDayView = z.infer<typeof LedgerDayView>;

/** A zone's spend rate and throughput at one point of the last 48 hours (per-zone intraday history). */
export const ZoneIntradayPoint = z.object({ t: z.number().int(), spendCentsPerHour: z.number().nullable(), throughputBps: z.number() });
export type ZoneIntradayPoint = z.infer<typeof ZoneIntradayPoint>;

/** A zone's daily trend (the last `days` UTC days the ledger holds) and its last 48 hours. */
export const ZoneTrend = z.object({
  zoneId: ZoneId,
  name: z.string().nullable(),
  days: z.array(ZoneDay),
  intraday: z.array(ZoneIntradayPoint),
  lastReadingAt: Timestamp.nullable(),
  /** The zone's month end and its 80 % range, the same figure the account's forecast adds up (docs/architecture.md › Month-end forecast). */
  monthEnd: MonthEndForecast.nullable(),
});
export type ZoneTrend = z.infer<typeof ZoneTrend>;

/** Spend over a run of whole UTC days of one month. */
export const MonthSpan = z.object({
  from: UtcDay,
  to: UtcDay,
  spendCents: z.number(),
  estimatedDays: z.number().int().nonnegative(),
});
export type MonthSpan = z.infer<typeof MonthSpan>;

/**
 * This month against last month to the same day, over whole UTC days (through yesterday), both
 * from the ledger and over the same zones; null spans with the reason in words when the ledger
 * cannot say.
 */
export const MonthComparison = z.object({
  thisMonth: MonthSpan.nullable(),
  lastMonth: MonthSpan.nullable(),
  reason: z.string().nullable(),
  /**
   * Zones left out of both spans because their days in one of them are unknown: the ledger first
   * saw them after that span, with spend before that day it cannot split by day.
   */
  leftOut: z.array(z.object({ zoneId: ZoneId, name: z.string().nullable(), firstDay: UtcDay })),
});
export type MonthComparison = z.infer<typeof MonthComparison>;

/** Each account's last days, for the small line in "All accounts". */
export const RecentDays = z.array(
  z.object({
    profileId: ProfileId,
    /** The first of the days asked for: the line spans from it to yesterday, with gaps where none is held. */
    fromDay: UtcDay,
    days: z.array(AccountDay.pick({ day: true, spendCents: true, coverage: true })),
  }),
);
export type RecentDays = z.infer<typeof RecentDays>;

/** How many days a zone's trend shows unless asked otherwise (the last 90 days: docs/desktop.md › History). */
export const ZONE_TREND_DAYS = 90;
/** How many days the small line of each account shows in "All accounts". */
export const RECENT_DAYS = 30;
