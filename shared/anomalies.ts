import { z } from 'zod';
import { ZoneId } from './api/zone';
import { UtcDay } from './ledger';
import { formatBilled } from './money';

// Daily anomalies (docs/architecture.md › Daily anomalies): a zone's UTC day outside its usual band
// for that weekday, with its impact and its cause in words. Worked out once in the core
// (electron/core/anomalies/) from the daily ledger, and read by History, a zone's trend, the alert
// rule and the digest.

/**
 * What moved: traffic, billed connections, reserved IPs, the price (a price or plan change), or
 * nothing the breakdown can say; or `turned_off`: a low day that the zone being turned off (by Stop
 * all spend, a cap, the user or elsewhere) explains — listed with that cause, never told as unusual.
 */
export const AnomalyCauseKind = z.enum(['gigabytes', 'connections', 'reserved_ips', 'price', 'unknown', 'turned_off']);
export type AnomalyCauseKind = z.infer<typeof AnomalyCauseKind>;

export const Anomaly = z.object({
  zoneId: ZoneId,
  name: z.string().nullable(),
  day: UtcDay,
  direction: z.enum(['above', 'below']),
  /** The day's spend (so far, for a day still going). */
  spendCents: z.number().nonnegative(),
  /** The usual spend for that weekday (the band's middle) and the band's ends. */
  usualCents: z.number().nonnegative(),
  lowCents: z.number().nonnegative(),
  highCents: z.number().nonnegative(),
  /** Spend less the usual: positive above, negative below. */
  impactCents: z.number(),
  /** The impact as a percentage of the usual. */
  impactPercent: z.number(),
  cause: AnomalyCauseKind,
  /** The cause in words: which zone and what moved ("Catalog crawler: 41.2 GB against a usual 11.3 GB"). */
  words: z.string(),
  /** Found before the day closed: its spend so far already lies above the band's top. */
  early: z.boolean(),
});
export type Anomaly = z.infer<typeof Anomaly>;

/** "+$30.00 (+300 %)": how far the day was from its usual, as the notification and History say it. */
export function impactText(anomaly: Pick<Anomaly, 'impactCents' | 'impactPercent'>): string {
  const sign = anomaly.impactCents >= 0 ? '+' : '−';
  return `${sign}${formatBilled(Math.abs(anomaly.impactCents))} (${sign}${Math.round(Math.abs(anomaly.impactPercent))} %)`;
}

/** A day that broke its pattern for no reason the user or Zonewatch gave: what the alert rule and the digest tell. */
export function isUnusual(anomaly: Pick<Anomaly, 'cause'>): boolean {
  return anomaly.cause !== 'turned_off';
}
