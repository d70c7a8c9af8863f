import { z } from 'zod';
import { Timestamp } from './api/timestamp';
import { ALERT_ACTIONS, ALERT_TYPES, ZoneId } from './api/zone';
import { AlertInput, MAX_ALERT_THRESHOLD, MIN_ALERT_THRESHOLD } from './api/zone-update';

// Spend caps (docs/desktop.md › Caps): a zone's cap is its alert on the service, which the service
// enforces whether Zonewatch runs or not (docs/api.md › Zone alerts).

/**
 * A zone's alert as the caps view shows it: `none` (no cap), `set`, `hidden` (the key's role may
 * not see alerts), `unreadable` (the service sent one Zonewatch could not read).
 */
export const CurrentCap = z.discriminatedUnion('state', [
  z.object({ state: z.literal('none') }),
  z.object({ state: z.literal('set'), type: z.string(), threshold: z.number(), action: z.string(), lastTriggered: Timestamp.nullable() }),
  z.object({ state: z.literal('hidden') }),
  z.object({ state: z.literal('unreadable') }),
]);
export type CurrentCap = z.infer<typeof CurrentCap>;

/** How a zone's usual daily spend was found, in the order it is tried (docs/desktop.md › Caps). */
export const UsualSpendBasis = z.enum(['ledger', 'this_month', 'last_month']);
export type UsualSpendBasis = z.infer<typeof UsualSpendBasis>;

/** A zone's usual daily spend (docs/architecture.md › Usual daily spend), as the ledger's `usualDailySpend` gives it. */
export const UsualSpend = z.object({ cents: z.number().nonnegative(), basis: UsualSpendBasis, days: z.number().positive(), estimated: z.boolean() });
export type UsualSpend = z.infer<typeof UsualSpend>;

export const CapZone = z.object({
  zoneId: ZoneId,
  name: z.string(),
  network: z.string().nullable(),
  enabled: z.boolean().nullable(),
  cap: CurrentCap,
  usual: UsualSpend.nullable(),
  spendTodayCents: z.number().nullable(),
  spendMonthCents: z.number().nullable(),
  /** Today's (or this month's, by the cap's type) spend or usage as a share of the cap; null without one. */
  capUsed: z.number().nullable(),
});
export type CapZone = z.infer<typeof CapZone>;

const Threshold = z.number().min(MIN_ALERT_THRESHOLD).max(MAX_ALERT_THRESHOLD);

/**
 * The rule a bulk change applies to every zone picked: a fixed cap of any type, or a multiple of
 * each zone's usual daily spend per day, rounded up to whole dollars and never below the floor.
 */
export const CapRule = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('fixed'), type: z.enum(ALERT_TYPES), threshold: Threshold, action: z.enum(ALERT_ACTIONS) }),
  z.strictObject({
    kind: z.literal('usual'),
    multiple: z.number().min(1).max(100),
    floorDollars: z.number().int().min(MIN_ALERT_THRESHOLD).max(MAX_ALERT_THRESHOLD),
    action: z.enum(ALERT_ACTIONS),
  }),
]);
export type CapRule = z.infer<typeof CapRule>;

/**
 * The most zones one bulk change may name (docs/architecture.md › Caps): twenty times the largest
 * account Zonewatch is measured with (5,000 zones) and as many as the local service seeds, so no
 * account a person has meets it; it only bounds what the window may send.
 */
export const MAX_CAP_ZONES = 100_000;

export const CAP_ZONES_TOO_MANY = `Caps can be set on at most ${MAX_CAP_ZONES.toLocaleString('en-US')} zones at a time: pick fewer, by network or by search.`;

/** The zones a bulk change is for: every id once checked, at least one and at most MAX_CAP_ZONES. */
export const CapZoneIds = z.array(ZoneId).min(1, { error: 'Pick at least one zone.' }).max(MAX_CAP_ZONES, { error: CAP_ZONES_TOO_MANY });

/**
 * One change as the preview showed it: Apply sends exactly `after`, and only while the zone still
 * holds `before` (docs/architecture.md › Caps, Apply is the preview).
 */
export const CapApplyChange = z.strictObject({ zoneId: ZoneId, before: AlertInput.nullable(), after: AlertInput });
export type CapApplyChange = z.infer<typeof CapApplyChange>;

/** The changes an Apply is for, as its preview listed them: each zone once, at least one and at most MAX_CAP_ZONES. */
export const CapApplyChanges = z
  .array(CapApplyChange)
  .min(1, { error: 'Nothing to set: the preview listed no change.' })
  .max(MAX_CAP_ZONES, { error: CAP_ZONES_TOO_MANY })
  .refine((changes) => new Set(changes.map((change) => change.zoneId)).size === changes.length, { error: 'Each zone may be named once.' });

/** What the new cap would do at once: it is already below today's or this month's spend (or usage). */
export const CapWarning = z.enum(['below_today', 'below_month']);
export type CapWarning = z.infer<typeof CapWarning>;

export const CapChange = z.object({
  zoneId: ZoneId,
  name: z.string(),
  before: AlertInput.nullable(),
  after: AlertInput,
  warning: CapWarning.nullable(),
});
export type CapChange = z.infer<typeof CapChange>;

export const CapNamedZone = z.object({ zoneId: ZoneId, name: z.string() });
export const CapBlockedZone = CapNamedZone.extend({ reason: z.string() });
export type CapBlockedZone = z.infer<typeof CapBlockedZone>;

/** The preview a bulk change shows before anything is sent. */
export const CapsPreview = z.object({
  changes: z.array(CapChange),
  /** Zones that already carry exactly the new cap: nothing is sent for them. */
  unchanged: z.array(CapNamedZone),
  cannotChange: z.array(CapBlockedZone),
  /** Zones the key can see that Zonewatch has not learnt yet, so no cap can be set on them. */
  notYetKnown: z.number().int().nonnegative(),
  /** Why nothing can be changed now (the key rejected, offline, no key), or null. */
  blockedReason: z.string().nullable(),
});
export type CapsPreview = z.infer<typeof CapsPreview>;

/** What Apply is asked to do after `preview` was shown: its changes, each as it was listed. */
export function applyChangesOf(preview: Pick<CapsPreview, 'changes'>): CapApplyChange[] {
  return preview.changes.map(({ zoneId, before, after }) => ({ zoneId, before, after }));
}

/** A zone Zonewatch changed, with the alert it had before and the one it set: what Undo needs. */
export const CapRecordZone = CapNamedZone.extend({ before: AlertInput.nullable(), after: AlertInput });
export type CapRecordZone = z.infer<typeof CapRecordZone>;

/**
 * The "caps set by Zonewatch" record, kept per profile until undone or forgotten: `changed` is what
 * Undo may put back, `failed` what Retry sends again.
 */
export const CapsRecord = z.object({
  appliedAt: Timestamp,
  updatedAt: Timestamp,
  changed: z.array(CapRecordZone),
  failed: z.array(CapRecordZone.extend({ reason: z.string() })),
});
export type CapsRecord = z.infer<typeof CapsRecord>;

/** `skipped`: changed elsewhere since, left as it is; `as_before`: already holds what Undo would put back. */
export const CapResult = z.enum(['set', 'restored', 'failed', 'not_allowed', 'gone', 'skipped', 'as_before', 'not_tried']);
export type CapResult = z.infer<typeof CapResult>;

export const CapOutcome = CapNamedZone.extend({ result: CapResult, reason: z.string().nullable() });
export type CapOutcome = z.infer<typeof CapOutcome>;

export const CapsReport = z.object({
  action: z.enum(['apply', 'retry', 'undo']),
  at: Timestamp,
  outcomes: z.array(CapOutcome),
  summary: z.string(),
  record: CapsRecord.nullable(),
});
export type CapsReport = z.infer<typeof CapsReport>;

/**
 * The account cap Zonewatch enforces (docs/desktop.md › Caps › Account cap): when spend today passes
 * `dailyCents` (or this month passes `monthlyCents`), "Stop all spend" for the account, once per UTC
 * period; with `restoreNextPeriod`, Restore when the next UTC day (month) begins. Only while it runs.
 */
export const AccountCapRule = z
  .strictObject({
    dailyCents: z.number().min(100).max(1e10).nullable(),
    monthlyCents: z.number().min(100).max(1e10).nullable(),
    restoreNextPeriod: z.boolean(),
  })
  .refine((rule) => rule.dailyCents !== null || rule.monthlyCents !== null, { error: 'Give a daily or a monthly amount.' });
export type AccountCapRule = z.infer<typeof AccountCapRule>;

export const CapPeriod = z.enum(['day', 'month']);
export type CapPeriod = z.infer<typeof CapPeriod>;

/** The account cap's rule and what it did, kept per profile across restarts. */
export const AccountCapState = z.object({
  rule: AccountCapRule.nullable(),
  /** The UTC day (`2026-11-22`) and month (`2026-11`) in which it last stopped spend: once per period. */
  firedDay: z.string().nullable(),
  firedMonth: z.string().nullable(),
  /** A Restore it owes when the period after this one begins. */
  restoreAfter: z.object({ period: CapPeriod, key: z.string() }).nullable(),
  /** What it last did, in words, and when. */
  last: z.object({ at: Timestamp, text: z.string() }).nullable(),
});
export type AccountCapState = z.infer<typeof AccountCapState>;

export function emptyAccountCapState(): AccountCapState {
  return { rule: null, firedDay: null, firedMonth: null, restoreAfter: null, last: null };
}

/** The caps view of one account. */
export const CapsView = z.object({
  zones: z.array(CapZone),
  /** "Caps on 38 of 40 zones". */
  coverage: z.string(),
  capped: z.number().int().nonnegative(),
  notYetKnown: z.number().int().nonnegative(),
  /** Why this key cannot see or change caps, or null when it can. */
  readOnlyReason: z.string().nullable(),
  record: CapsRecord.nullable(),
  accountCap: AccountCapState,
});
export type CapsView = z.infer<typeof CapsView>;
