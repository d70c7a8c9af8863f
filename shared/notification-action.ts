import { z } from 'zod';
import type { AlertRule } from './alert-settings';
import { ZoneId } from './api/zone';
import type { NavigateTarget } from './notification';

/** What a notification offers to do about the spend it reports (docs/desktop.md › Acting on spend from a notification). */
export const NotificationAction = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('disableZone'), zoneId: ZoneId, label: z.string() }),
  z.object({ kind: z.literal('stopAllSpend'), label: z.string() }),
  // The account cap stopped spend: Restore it (docs/desktop.md › Caps › Account cap).
  z.object({ kind: z.literal('restoreSpend'), label: z.string() }),
  // The service turned a zone off at its cap: turn it back on (docs/desktop.md › Caps).
  z.object({ kind: z.literal('enableZone'), zoneId: ZoneId, label: z.string() }),
]);
export type NotificationAction = z.infer<typeof NotificationAction>;

/**
 * Rules about money running out, by what they are about: the account's spend (its spike even when
 * it names the zone that grew most, its spend thresholds, the monthly budget) or one zone's spend
 * (its own spike, its spend threshold). A zone going offline or a billing entry is no reason to
 * stop zones.
 */
export const ACCOUNT_SPEND_RULES: ReadonlySet<string> = new Set(['spike', 'spendToday', 'spendMonth', 'monthlyBudget'] satisfies AlertRule[]);
export const ZONE_SPEND_RULES: ReadonlySet<string> = new Set(['zoneSpike', 'zoneSpendToday'] satisfies AlertRule[]);

export const STOP_ALL_LABEL = 'Stop all spend…';
export const RESTORE_LABEL = 'Restore';
const MAX_LABEL_NAME = 30;
const shortName = (name: string) => (name.length > MAX_LABEL_NAME ? `${name.slice(0, MAX_LABEL_NAME - 1)}…` : name);

export function disableZoneLabel(name: string): string {
  return `Disable ${shortName(name)}`;
}

export function enableZoneLabel(name: string): string {
  return `Enable ${shortName(name)}`;
}

/**
 * The action a notification offers, from the rule and zone of each event it groups: zone spend
 * events all about one zone offer "Disable <zone>"; an account spend event, or zone spend events
 * about several zones, offer "Stop all spend…"; anything else, and a test notification, offer
 * nothing. `zoneName` names a zone from the snapshot; a zone it does not know is named by its id.
 */
export function notificationAction(
  notification: { events: readonly { rule: string; key?: string; zoneId?: string | undefined }[]; test: boolean },
  zoneName: (zoneId: string) => string | undefined,
): NotificationAction | null {
  if (notification.test) return null;
  const [first, ...others] = notification.events;
  if (first && others.length === 0 && first.rule === 'accountCap' && first.key?.startsWith('accountCap:stop:')) return { kind: 'restoreSpend', label: RESTORE_LABEL };
  if (first && others.length === 0 && first.rule === 'zoneState' && first.zoneId && first.key?.includes(':disabledByAlert:')) {
    const name = zoneName(first.zoneId)?.trim();
    return { kind: 'enableZone', zoneId: first.zoneId, label: enableZoneLabel(name ? name : first.zoneId) };
  }
  const account = notification.events.some((event) => ACCOUNT_SPEND_RULES.has(event.rule));
  const zones = new Set(notification.events.filter((event) => ZONE_SPEND_RULES.has(event.rule)).map((event) => event.zoneId ?? null));
  if (!account && zones.size === 0) return null;
  const [only] = [...zones];
  if (!account && zones.size === 1 && only) {
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
export function actionTarget(action: NotificationAction, profileId?: string): NavigateTarget {
  const control: NavigateTarget =
    action.kind === 'disableZone' || action.kind === 'enableZone'
      ? { view: 'zone', zoneId: action.zoneId, focus: 'toggle' }
      : action.kind === 'restoreSpend'
        ? { view: 'zones' }
        : { view: 'overview', focus: 'stopSpend' };
  // The control of the notification's own account, not of the account on screen.
  return profileId === undefined ? control : { ...control, profileId };
}

/** The action's label where it leads to a control rather than acting at once. */
export function actionLinkLabel(action: NotificationAction): string {
  return action.kind === 'disableZone' || action.kind === 'enableZone' || action.kind === 'restoreSpend' ? `${action.label}…` : action.label;
}
