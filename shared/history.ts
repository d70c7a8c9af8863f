import { z } from 'zod';

/** Per-zone figures of one history point: spend today (cents), spend this month, throughput (bps). */
export const ZoneSample = z.object({ s: z.number(), m: z.number(), b: z.number() });
export type ZoneSample = z.infer<typeof ZoneSample>;

/**
 * One point of the bounded snapshot history used for charts, burn rate and forecasts.
 * `t` is epoch milliseconds of when its data was fetched (compact: a month of points is kept,
 * downsampled with age). `zones` holds only the zones fetched at `t`.
 */
export const HistoryPoint = z.object({
  t: z.number().int(),
  balanceCents: z.number().nullable(),
  spendTodayCents: z.number(),
  spendMonthCents: z.number(),
  throughputBps: z.number(),
  zones: z.record(z.string(), ZoneSample),
  /**
   * Spend added since the previous point, counted only over zones present in both, and the time
   * that spend covers (0 when no zone was in both: a gap, which no rate may read as spend).
   * Absent on points written before they existed; rates then fall back to the account's figures.
   */
  addedCents: z.number().nonnegative().optional(),
  addedMs: z.number().nonnegative().optional(),
});
export type HistoryPoint = z.infer<typeof HistoryPoint>;
