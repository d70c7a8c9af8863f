import { formatBilled } from '../../../../shared/money';
import { capAmountText } from '../../../../shared/caps-text';
import type { Alert, Zone } from '../../../../shared/api/zone';
import type { EventDraft } from '../alert-input';
import type { AlertMemory, ZoneFingerprint } from '../alert-memory';
import { formatUtc } from '../time/duration-text';
import type { RuleContext } from '../rule-context';

/**
 * What the rule compares of a zone. A member the service sent unusable keeps what was remembered of
 * it, so an unknown value never reads as a change (nor re-arms one when it comes back); with nothing
 * remembered the zone is not fingerprinted until its state is known (null).
 */
export function zoneFingerprint(zone: Zone, before?: ZoneFingerprint): ZoneFingerprint | null {
  const enabled = zone.enabled ?? before?.enabled;
  const provisioningStatus = zone.provisioning_status ?? before?.provisioningStatus;
  const alertLastTriggered = zone.alert === undefined ? before?.alertLastTriggered : (zone.alert?.last_triggered ?? null);
  if (enabled === undefined || provisioningStatus === undefined || alertLastTriggered === undefined) return null;
  const cap = zone.alert === undefined ? before?.cap : capSignature(zone.alert);
  return { name: zone.name ?? before?.name ?? zone.zone_id, enabled, provisioningStatus, alertLastTriggered, ...(cap === undefined ? {} : { cap }) };
}

/** What tells one cap from another: its type, threshold and action (not when it last fired). */
export function capSignature(alert: Alert | null): string | null {
  return alert === null ? null : `${alert.type}|${alert.threshold}|${alert.action}`;
}

/**
 * A change the app itself made (a toggle, a delete) is not news: the composition root records it
 * here as soon as the service confirms it, so the next cycle does not report it as made elsewhere.
 */
export function acknowledgeZone(memory: AlertMemory, zone: Zone): AlertMemory {
  const fingerprint = zoneFingerprint(zone, memory.zones[zone.zone_id]);
  return fingerprint === null ? memory : { ...memory, zones: { ...memory.zones, [zone.zone_id]: fingerprint } };
}

/** `acknowledgeZone` for many zones at once, copying the memory's zones once rather than once a zone. */
export function acknowledgeZones(memory: AlertMemory, zones: readonly Zone[]): AlertMemory {
  const next = { ...memory.zones };
  for (const zone of zones) {
    const fingerprint = zoneFingerprint(zone, next[zone.zone_id]);
    if (fingerprint !== null) next[zone.zone_id] = fingerprint;
  }
  return { ...memory, zones: next };
}

export function acknowledgeZoneDeleted(memory: AlertMemory, zoneId: string): AlertMemory {
  const zones = { ...memory.zones };
  delete zones[zoneId];
  return { ...memory, zones };
}

/** docs/api.md › Zone alerts: the known types are dollars or gigabytes per day or month. */
function describeAlert(alert: Alert): string {
  const [unit, , period] = alert.type.split('_');
  const amount = unit === 'dollars' ? formatBilled(alert.threshold * 100) : `${alert.threshold} GB`;
  return period === undefined ? `${alert.type} ${alert.threshold}` : `${amount} per ${period}`;
}

/** "14:32 UTC" on the day it is said, the date too otherwise (a restart may come days later). */
function triggeredAt(ms: number, now: number): string {
  const full = formatUtc(ms);
  return full.slice(0, 10) === formatUtc(now).slice(0, 10) ? full.slice(11) : full;
}

const PROVISIONING_WORDS: Record<string, string> = {
  provisioning: 'is being provisioned',
  provisioned: 'is provisioned and ready',
  waiting_for_approval: 'is waiting for capacity to be approved',
  deprovisioned: 'was deprovisioned (a payment problem)',
};

export interface ZoneStateOutcome {
  events: EventDraft[];
  zones: Record<string, ZoneFingerprint>;
}

/**
 * Changes to zones made by someone or something else since the last cycle: enabled or disabled,
 * disabled by the zone's own alert (`alert.last_triggered` moved), provisioning status, deletion.
 * A zone seen for the first time is only remembered.
 */
export function zoneStateChanges(ctx: RuleContext): ZoneStateOutcome {
  const { snapshot } = ctx.input;
  const removed = new Set(snapshot.discovery.removedIds);
  const zones: Record<string, ZoneFingerprint> = {};
  const events: EventDraft[] = [];
  const enabled = ctx.settings.zoneState.enabled;

  for (const [zoneId, entry] of Object.entries(snapshot.zones)) {
    if (removed.has(zoneId)) continue;
    const { zone } = entry;
    const before = ctx.memory.zones[zoneId];
    const now = zoneFingerprint(zone, before);
    if (now === null) continue;
    zones[zoneId] = now;
    if (before === undefined || !enabled) continue;
    const name = now.name;
    const at = entry.fetchedAt;
    const base = { rule: 'zoneState' as const, zoneId, target: { view: 'zone' as const, zoneId } };
    const alertFired = now.alertLastTriggered !== null && now.alertLastTriggered !== before.alertLastTriggered;
    const alertDisables = zone.alert != null && zone.alert.action.includes('disable');

    if (before.enabled && !now.enabled && alertFired && alertDisables && zone.alert != null) {
      events.push({
        ...base,
        key: `zoneState:${zoneId}:disabledByAlert:${now.alertLastTriggered}`,
        severity: 'warning',
        title: `${name} was turned off by its ${capAmountText(zone.alert.type, zone.alert.threshold)} cap`,
        body: `Zone ${name} (${zoneId}) was turned off by its ${capAmountText(zone.alert.type, zone.alert.threshold)} cap at ${triggeredAt(Date.parse(now.alertLastTriggered ?? at), ctx.now)}: the service enforced it. Raise the cap or enable the zone to let it run again.`,
        target: { view: 'zone', zoneId },
      });
    } else {
      if (before.enabled !== now.enabled) {
        events.push({
          ...base,
          key: `zoneState:${zoneId}:${now.enabled ? 'enabled' : 'disabled'}:${at}`,
          severity: now.enabled ? 'info' : 'warning',
          title: `${name} was ${now.enabled ? 'enabled' : 'disabled'}`,
          body: `Zone ${name} (${zoneId}) was ${now.enabled ? 'enabled' : 'disabled'} outside Zonewatch.`,
        });
      }
      if (alertFired && zone.alert != null) {
        events.push({
          ...base,
          key: `zoneState:${zoneId}:alert:${now.alertLastTriggered}`,
          severity: 'info',
          title: `${name} reached its alert`,
          body: `Zone ${name} (${zoneId}) reached its ${describeAlert(zone.alert)} alert at ${formatUtc(Date.parse(now.alertLastTriggered ?? at))}.`,
        });
      }
    }
    if (before.provisioningStatus !== now.provisioningStatus) {
      const words = PROVISIONING_WORDS[now.provisioningStatus] ?? `is now "${now.provisioningStatus}"`;
      events.push({
        ...base,
        key: `zoneState:${zoneId}:provisioning:${now.provisioningStatus}:${at}`,
        severity: now.provisioningStatus === 'deprovisioned' ? 'critical' : now.provisioningStatus === 'waiting_for_approval' ? 'warning' : 'info',
        title: `${name} ${words}`,
        body: `Zone ${name} (${zoneId}) changed from "${before.provisioningStatus}" to "${now.provisioningStatus}".`,
      });
    }
  }

  for (const [zoneId, before] of Object.entries(ctx.memory.zones)) {
    if (zones[zoneId] !== undefined || !removed.has(zoneId) || !enabled) continue;
    events.push({
      rule: 'zoneState',
      key: `zoneState:${zoneId}:removed:${snapshot.zonesFetch.fetchedAt ?? new Date(ctx.now).toISOString()}`,
      severity: 'warning',
      title: `${before.name} is gone`,
      body: `Zone ${before.name} (${zoneId}) was deleted or is no longer visible to this API key.`,
      zoneId,
      target: { view: 'zones' },
    });
  }
  return { events, zones };
}
