import type { Alert, Zone } from '../../../shared/api/zone';
import { GB } from '../../../shared/units';
import { AlertInput, MAX_ALERT_THRESHOLD } from '../../../shared/api/zone-update';
import { alertVisibility } from '../../../shared/api/alert-visibility';
import type { ChangeBlock } from '../../../shared/accounts';
import type { CapBlockedZone, CapChange, CapRule, CapsPreview, CapWarning, CurrentCap, UsualSpend } from '../../../shared/caps';
import type { Snapshot } from '../../../shared/snapshot';
import { zoneDisplayName } from '../../../shared/zone-name';
import { stopBlockedReason } from '../spend-stop/stop-plan';

// What a bulk cap change would do, worked out before anything is sent (docs/desktop.md › Caps). Pure.

/** A zone's alert as the view shows it, given whether this key may see alerts at all. */
export function currentCap(zone: Pick<Zone, 'alert'>, visible: boolean): CurrentCap {
  if (!visible) return { state: 'hidden' };
  if (zone.alert === undefined) return { state: 'unreadable' };
  if (zone.alert === null) return { state: 'none' };
  const { type, threshold, action, last_triggered: lastTriggered } = zone.alert;
  return { state: 'set', type, threshold, action, lastTriggered: lastTriggered ?? null };
}

/**
 * A zone's alert as an update could send it back: null for none, `unreadable` when it came
 * unreadable or its type, action or threshold is one an update cannot carry.
 */
export function alertNow(zone: Pick<Zone, 'alert'>): AlertInput | null | 'unreadable' {
  if (zone.alert === undefined) return 'unreadable';
  if (zone.alert === null) return null;
  const parsed = AlertInput.safeParse({ type: zone.alert.type, threshold: zone.alert.threshold, action: zone.alert.action });
  return parsed.success ? parsed.data : 'unreadable';
}

/** Why a zone whose alert cannot be sent back (alertNow's `unreadable`) is left out of a bulk change. */
function unreadableReason(alert: Alert | null | undefined): string {
  if (!alert) return 'Its current alert could not be read, so it could not be put back: left as it is.';
  return `Its alert (${alert.type}, ${alert.threshold}, ${alert.action}) is of a kind Zonewatch does not know, so it could not be put back: left as it is.`;
}

export function sameAlert(a: AlertInput | null, b: AlertInput | null): boolean {
  if (a === null || b === null) return a === b;
  return a.type === b.type && a.threshold === b.threshold && a.action === b.action;
}

/** Today's (or this month's) figure a cap of `type` is compared with, in its own unit; null when unknown. */
export function capMeasure(zone: Zone, type: string): number | null {
  const daily = type.endsWith('_per_day');
  if (type.startsWith('dollars')) {
    const cents = daily ? zone.spend_today_cents : zone.spend_this_month_cents;
    return cents === undefined ? null : cents / 100;
  }
  if (type.startsWith('gigabytes')) {
    const bytes = daily ? zone.usage_today_bytes : zone.usage_this_month_bytes;
    return bytes === undefined ? null : bytes / GB;
  }
  return null;
}

/** How much of its cap a zone has used this period: 0.5 is half-way. */
export function capUsed(zone: Zone, cap: CurrentCap): number | null {
  if (cap.state !== 'set') return null;
  const measure = capMeasure(zone, cap.type);
  return measure === null ? null : measure / cap.threshold;
}

/** A cap the service would meet at its next check: the zone would be stopped (or notified) within minutes. */
export function capWarning(zone: Zone, alert: AlertInput): CapWarning | null {
  const measure = capMeasure(zone, alert.type);
  if (measure === null || measure < alert.threshold) return null;
  return alert.type.endsWith('_per_day') ? 'below_today' : 'below_month';
}

/** The alert the rule gives one zone, or why it gives none. */
export function ruleAlert(rule: CapRule, usual: UsualSpend | null): AlertInput | { reason: string } {
  if (rule.kind === 'fixed') return { type: rule.type, threshold: rule.threshold, action: rule.action };
  if (usual === null) return { reason: 'Its usual daily spend is not known yet: Zonewatch has no spend figures of it.' };
  const dollars = Math.ceil((rule.multiple * usual.cents) / 100);
  return { type: 'dollars_per_day', threshold: Math.min(MAX_ALERT_THRESHOLD, Math.max(rule.floorDollars, dollars)), action: rule.action };
}

/** Why this key may not change any zone's alert, or null when it may (docs/api.md › Presence rules). */
export function capsReadOnlyReason(role: Snapshot['discovery']['role']): string | null {
  const visibility = alertVisibility(role);
  if (visibility === 'visible') return null;
  if (visibility === 'unknown') return 'Zonewatch has not learnt this key’s role yet, so it cannot tell whether it may see zone alerts.';
  return 'This key’s role may not see or change zone alerts: the service shows and changes them for admins only.';
}

export type CapPlanInput = {
  snapshot: Snapshot;
  zoneIds: readonly string[];
  rule: CapRule;
  usual: (zoneId: string) => UsualSpend | null;
  block: ChangeBlock | null;
};

/** The preview of a bulk change: each zone's old and new alert, what would bite at once, and what cannot be changed. */
export function planCaps(input: CapPlanInput): CapsPreview {
  const { snapshot, rule } = input;
  const changes: CapChange[] = [];
  const unchanged: { zoneId: string; name: string }[] = [];
  const cannotChange: CapBlockedZone[] = [];
  const readOnly = capsReadOnlyReason(snapshot.discovery.role);
  for (const zoneId of new Set(input.zoneIds)) {
    const zone = snapshot.zones[zoneId]?.zone;
    if (!zone) {
      cannotChange.push({ zoneId, name: zoneId, reason: 'Not known to Zonewatch: the service has not shown this zone to this key.' });
      continue;
    }
    const name = zoneDisplayName(zone);
    if (readOnly) {
      cannotChange.push({ zoneId, name, reason: readOnly });
      continue;
    }
    const before = alertNow(zone);
    if (before === 'unreadable') {
      cannotChange.push({ zoneId, name, reason: unreadableReason(zone.alert) });
      continue;
    }
    // A fixed cap does not depend on the zone's usual spend, which is the costly part of a preview of thousands.
    const after = ruleAlert(rule, rule.kind === 'usual' ? input.usual(zoneId) : null);
    if ('reason' in after) {
      cannotChange.push({ zoneId, name, reason: after.reason });
      continue;
    }
    if (sameAlert(before, after)) unchanged.push({ zoneId, name });
    else changes.push({ zoneId, name, before, after, warning: capWarning(zone, after) });
  }
  return { changes, unchanged, cannotChange, notYetKnown: snapshot.discovery.notYetKnown, blockedReason: stopBlockedReason(input.block, 'changed') };
}
