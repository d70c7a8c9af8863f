import { z } from 'zod';
import { ZoneId } from './api/zone';
import { Anomaly } from './anomalies';
import { MonthEndForecast } from './forecast';
import { UtcDay } from './ledger';

// The digest's summary of a period (docs/architecture.md › Digest), as the Summary view and the
// notification read it: worked out once in the core (electron/core/digest/period-summary.ts).

/** A run of whole UTC days, `from` to `to` inclusive: a day, a week from Monday, or a month. */
export const Period = z.object({ kind: z.enum(['day', 'week', 'month']), from: UtcDay, to: UtcDay });
export type Period = z.infer<typeof Period>;

export const Mover = z.object({ zoneId: ZoneId, name: z.string().nullable(), spendCents: z.number(), previousCents: z.number() });
export type Mover = z.infer<typeof Mover>;

export const AccountPeriodSummary = z.object({
  label: z.string(),
  spendCents: z.number(),
  previousCents: z.number(),
  /** Days of the period with at least one estimated zone-day. */
  estimatedDays: z.number().int().nonnegative(),
  /** The zones whose spend moved most against the period before, largest move first (three at most). */
  movers: z.array(Mover),
  anomalies: z.array(Anomaly),
  monthEnd: MonthEndForecast.nullable(),
  runwayHours: z.number().nullable(),
});
export type AccountPeriodSummary = z.infer<typeof AccountPeriodSummary>;

export const PeriodSummary = z.object({ period: Period, previous: Period, accounts: z.array(AccountPeriodSummary) });
export type PeriodSummary = z.infer<typeof PeriodSummary>;

/** Which past day, week or month the Summary view asks for: the one that starts on `from` (a day, a Monday, or the 1st). */
export const SummaryQuery = z.object({ kind: z.enum(['day', 'week', 'month']), from: UtcDay });
export type SummaryQuery = z.infer<typeof SummaryQuery>;
