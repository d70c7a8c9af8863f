import { z } from 'zod';
import { Timestamp } from './api/timestamp';
import { ZoneId } from './api/zone';
import { AlertRuleName } from './alert-settings';
import { SummaryQuery } from './digest';
import { ProfileId } from './profile-id';

export const VIEWS = ['accounts', 'overview', 'zones', 'zone', 'caps', 'history', 'billing', 'account', 'plans', 'users', 'settings', 'notifications', 'deliveries'] as const;
export const ViewName = z.enum(VIEWS);
export type ViewName = z.infer<typeof ViewName>;

/**
 * Where a click on a notification (or the `navigate` event) takes the user: `profileId` is the
 * account whose view opens (none for app-wide views such as settings). `focus` puts the keyboard
 * on the control a notification's action stands for where the OS shows no action button: the
 * zone's toggle, or "Stop all spend…".
 */
export const NavigateTarget = z.object({
  view: ViewName,
  profileId: ProfileId.optional(),
  zoneId: ZoneId.optional(),
  // `addAccount`: the key form of a new account (the tray's "Add account…"); `setCap`: the Caps
  // form open with `zoneId` picked (the palette's "Set cap…").
  focus: z.enum(['toggle', 'stopSpend', 'addAccount', 'setCap']).optional(),
  /** History's Summary for this period (a digest's click: docs/desktop.md › Digests). */
  period: SummaryQuery.optional(),
});
export type NavigateTarget = z.infer<typeof NavigateTarget>;

export const Severity = z.enum(['info', 'warning', 'critical']);
export type Severity = z.infer<typeof Severity>;

/** How serious a severity is: a higher rank is more severe. */
export const SEVERITY_RANK: Readonly<Record<Severity, number>> = { info: 0, warning: 1, critical: 2 };

/** One thing an alert rule noticed. `key` identifies the armed period it belongs to. */
export const AlertEvent = z.object({
  id: z.string(),
  rule: AlertRuleName,
  key: z.string(),
  severity: Severity,
  title: z.string(),
  body: z.string(),
  zoneId: ZoneId.optional(),
  at: Timestamp,
  target: NavigateTarget,
});
export type AlertEvent = z.infer<typeof AlertEvent>;

/** One delivered (or, in quiet hours / snooze, only recorded) notification: one per cycle. */
export const NotificationRecord = z.object({
  id: z.string(),
  at: Timestamp,
  title: z.string(),
  body: z.string(),
  severity: Severity,
  events: z.array(AlertEvent),
  shown: z.boolean(),
  suppressedBy: z.enum(['quiet_hours', 'snooze']).nullable(),
  test: z.boolean(),
  target: NavigateTarget,
});
export type NotificationRecord = z.infer<typeof NotificationRecord>;
