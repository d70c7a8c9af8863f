import { z } from 'zod';
import { Timestamp } from './api/timestamp';
import { ZoneId } from './api/zone';

/** A zone as a stop or restore names it: enough to list it after it is gone from the snapshot. */
export const SpendStopZone = z.object({
  zoneId: ZoneId,
  name: z.string(),
  /** Null when the service did not send a usable spend for the zone. */
  spendTodayCents: z.number().nullable(),
});
export type SpendStopZone = z.infer<typeof SpendStopZone>;

/**
 * What one zone came to in a stop or a restore: `disabled` / `enabled` (done), `failed` (the
 * service or the network refused; `reason` says how), `not_allowed` (the key's role may not change
 * it), `gone` (deleted, or no longer visible to the key), `skipped` (nothing to do: already off
 * before a stop, re-enabled by the user before a restore), `not_tried` (the run stopped early,
 * e.g. the key was rejected).
 */
export const SpendStopResult = z.enum(['disabled', 'enabled', 'failed', 'not_allowed', 'gone', 'skipped', 'not_tried']);
export type SpendStopResult = z.infer<typeof SpendStopResult>;

export const SpendStopOutcome = SpendStopZone.extend({ result: SpendStopResult, reason: z.string().nullable() });
export type SpendStopOutcome = z.infer<typeof SpendStopOutcome>;

/** A zone a stop meant to disable and could not: it is still running, and a retry tries it again. */
export const SpendStopRemaining = SpendStopZone.extend({ result: z.enum(['failed', 'not_allowed', 'not_tried']), reason: z.string() });
export type SpendStopRemaining = z.infer<typeof SpendStopRemaining>;

/**
 * The "stopped by Zonewatch" record, kept per profile until restored or dismissed: `disabled` is
 * exactly what Zonewatch turned off (what a restore may turn back on), `remaining` what it could
 * not turn off and is still running.
 */
export const SpendStopRecord = z.object({
  stoppedAt: Timestamp,
  updatedAt: Timestamp,
  disabled: z.array(SpendStopZone),
  remaining: z.array(SpendStopRemaining),
});
export type SpendStopRecord = z.infer<typeof SpendStopRecord>;

/** What the confirmation names before a stop: the zones it would disable and what they spent today. */
export const SpendStopPlan = z.object({
  zones: z.array(SpendStopZone),
  spendTodayCents: z.number(),
  /** Enabled zones this key's role may not change: a stop leaves them running. */
  notAllowed: z.array(SpendStopZone),
  /** Why nothing can be stopped now (no account, key rejected, offline…), or null. */
  blockedReason: z.string().nullable(),
});
export type SpendStopPlan = z.infer<typeof SpendStopPlan>;

export const SpendStopReport = z.object({
  action: z.enum(['stop', 'retry', 'restore']),
  at: Timestamp,
  outcomes: z.array(SpendStopOutcome),
  /** One sentence for a dialog or a banner: what happened and what is still running. */
  summary: z.string(),
  /** The record after the run; null when there is none (all restored, or nothing was stopped). */
  record: SpendStopRecord.nullable(),
});
export type SpendStopReport = z.infer<typeof SpendStopReport>;

/** The `spendStop` push event and `spend:get`: the current record, if any. */
export const SpendStopState = z.object({ record: SpendStopRecord.nullable() });
export type SpendStopState = z.infer<typeof SpendStopState>;
