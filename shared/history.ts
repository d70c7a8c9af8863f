import { z } from 'zod';

/** Per-zone figures of one history point: spend today (cents), spend this month, throughput (bps). */
export const ZoneSample = z.object({ s: z.number(), m: z.number(), b: z.number() });
export type ZoneSample = z.infer<typeof ZoneSample>;

/**
 * One point of the bounded snapshot history used for charts, burn rate and forecasts.
 * `t` is epoch milliseconds (compact: a month of points is kept, downsampled with age).
 */
export const HistoryPoint = z.object({
  t: z.number().int(),
  balanceCents: z.number().nullable(),
  spendTodayCents: z.number(),
  spendMonthCents: z.number(),
  throughputBps: z.number(),
  zones: z.record(z.string(), ZoneSample),
});
export type HistoryPoint = z.infer<typeof HistoryPoint>;
