import { z } from 'zod';
import type { AlertRule } from './alert-settings';
import { ZoneId } from './api/zone';
import type { NavigateTarget } from './notification';

/** What a notification offers to do about the spend it reports (issue 16). */
export const NotificationAction = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('disableZone'), zoneId: ZoneId, label: z.string() }),
  z.object({ kind: z.literal('stopAllSpend'), label: z.string() }),
]);
export type NotificationAction = z.infer<typeof NotificationAction>;

/**
 * Rules whose notifications are about money running out: spikes, spend thresholds (account and
 * zone) and the monthly budget. A zone going offline or a billing entry is no reason to stop zones.
 */
export const SPEND_RULES: ReadonlySet<string> = new Set(['spike', 'zoneSpendToday', 'spendToday', 'spendMonth', 'monthlyBudget'] satisfies AlertRule[]);

export const STOP_ALL_LABEL = 'Stop all spend…';
const MAX_LABEL_NAME = 30;

export function disableZoneLabel(name: string): string {
  const short = name.length > MAX_LABEL_NAME ? `${name.slice(0, MAX_LABEL_NAME - 1)}…` : name;
  return `Disable ${short}`;
}

/**
 * The action a notification offers, from the rule and zone of each event it groups: spend events
 * all about one zone offer "Disable <zone>"; a spend event about the account (or about several
 * zones) offers "Stop all spend…"; anything else, and a test notification, offers nothing.
 * `zoneName` names a zone from the snapshot; a zone it does not know is named by its id.
 */
export function notificationAction(
  notification: { events: readonly { rule: string; zoneId?: string | undefined }[]; test: boolean },
  zoneName: (zoneId: string) => string | undefined,
): NotificationAction | null {
  if (notification.test) return null;
  const spend = notification.events.filter((event) => SPEND_RULES.has(event.rule));
  if (spend.length === 0) return null;
  const zones = new Set(spend.map((event) => event.zoneId ?? null));
  const [only] = [...zones];
  if (zones.size === 1 && only) {
    const name = zoneName(only)?.trim();
    return { kind: 'disableZone', zoneId: only, label: disableZoneLabel(name ? name : only) };
  }
  return { kind: 'stopAllSpend', label: STOP_ALL_LABEL };
}

/**
 * Where an action leads when it cannot run from the notification itself (Linux notifications, the
 * browser preview's toast, the window's notification list): to the control it stands for, with the
 * keyboard on it — the zone's switch, or the "Stop all spend" confirmation.
 */
export function actionTarget(action: NotificationAction): NavigateTarget {
  return action.kind === 'disableZone' ? { view: 'zone', zoneId: action.zoneId, focus: 'toggle' } : { view: 'overview', focus: 'stopSpend' };
}

/** The action's label where it leads to a control rather than acting at once. */
export function actionLinkLabel(action: NotificationAction): string {
  return action.kind === 'disableZone' ? `${action.label}…` : action.label;
}
