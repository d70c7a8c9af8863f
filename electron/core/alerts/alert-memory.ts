import { z } from 'zod';
import { AlertRuleName } from '../../../shared/alert-settings';
import { Timestamp } from '../../../shared/api/timestamp';

/** A condition that has fired and stays quiet until it recovers (edge-triggered, re-armed on recovery). */
export const Latch = z.object({
  rule: AlertRuleName,
  key: z.string(),
  since: Timestamp,
  zoneId: z.string().optional(),
});
export type Latch = z.infer<typeof Latch>;

/** What the alert rules last saw of a zone, to tell a change made elsewhere from no change. */
export const ZoneFingerprint = z.object({
  name: z.string(),
  enabled: z.boolean(),
  provisioningStatus: z.string(),
  alertLastTriggered: z.string().nullable(),
  /** The zone's cap (its alert's type, threshold and action), null for none; absent until known (docs/desktop.md › Caps › Drift). */
  cap: z.string().nullable().optional(),
});
export type ZoneFingerprint = z.infer<typeof ZoneFingerprint>;

/**
 * Everything the alert engine must remember across restarts so that it never repeats an alert:
 * the keys it fired, the conditions still latched, what it last saw of each zone and of the
 * billing history, and the snooze. Persisted per profile (docs/architecture.md › Accounts).
 */
export const AlertMemory = z.object({
  version: z.literal(1).default(1),
  /** key → when it fired; pruned after `FIRED_RETENTION_MS`. */
  fired: z.record(z.string(), Timestamp).default({}),
  /** condition id → latch. */
  latches: z.record(z.string(), Latch).default({}),
  zones: z.record(z.string(), ZoneFingerprint).default({}),
  billing: z
    .object({
      /** False until the first billing history is seen: that one is the baseline, not news. */
      baselined: z.boolean().default(false),
      seenKeys: z.array(z.string()).default([]),
    })
    .prefault({}),
  /** When the current stretch without any successful refresh began, if none ever succeeded. */
  noSuccessSince: Timestamp.nullable().default(null),
  snoozedUntil: Timestamp.nullable().default(null),
  /**
   * The fingerprint of the key last said to be rejected (secrets/key-fingerprint.ts, never the
   * key), until a key works: the same key rejected after a restart, or with the rule turned off
   * and on, is not news.
   */
  rejectedKey: z.string().nullable().default(null),
  /**
   * False until the first cycle with the account's figures: spend thresholds already passed then
   * are news to no one (the first screen shows the spend), so they are marked said, not shown.
   */
  thresholdsBaselined: z.boolean().default(false),
});
export type AlertMemory = z.infer<typeof AlertMemory>;

/** Fired keys older than this are forgotten: every period they name (a UTC day or month) is over. */
export const FIRED_RETENTION_MS = 62 * 24 * 3_600_000;

/** Enough to recognise every entry of a long billing history page set without growing forever. */
export const MAX_SEEN_BILLING_KEYS = 1_000;

export function emptyAlertMemory(): AlertMemory {
  return AlertMemory.parse({});
}

export function pruneFired(fired: Record<string, string>, now: number): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [key, at] of Object.entries(fired)) {
    if (now - Date.parse(at) < FIRED_RETENTION_MS) kept[key] = at;
  }
  return kept;
}
