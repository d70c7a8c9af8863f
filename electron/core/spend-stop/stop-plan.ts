import type { Zone } from '../../../shared/api/zone';
import type { Snapshot } from '../../../shared/snapshot';
import type { SpendStopPlan, SpendStopRecord, SpendStopZone } from '../../../shared/spend-stop';
import type { Status } from '../../../shared/status';
import { hasNoKey, isKeyRejected } from '../tray/key-state';

export function stopZone(zone: Zone): SpendStopZone {
  return { zoneId: zone.zone_id, name: zone.name.trim() === '' ? zone.zone_id : zone.name.trim(), spendTodayCents: zone.spend_today_cents };
}

/**
 * Why a stop cannot start at all. A rejected key or an offline service would fail every zone, so
 * the user hears it before confirming rather than as a list of identical failures.
 */
export function stopBlockedReason(status: Status, done: 'stopped' | 'restored' = 'stopped'): string | null {
  if (hasNoKey(status)) return 'There is no account: add an API key first.';
  if (isKeyRejected(status)) return `The service rejected the API key, so Zonewatch cannot change any zone. Enter a new key first; nothing was ${done}.`;
  if (status.offline) return `Zonewatch is offline and cannot reach the service to change zones. Nothing was ${done}.`;
  return null;
}

/**
 * The zones "Stop all spend" would disable: every enabled zone in the snapshot, biggest spender
 * first. Billing admins may read zones but change none (DESIGN.md › Roles), so for them every
 * enabled zone is `notAllowed`; a collaborator's snapshot holds only its own zones already.
 */
export function stopPlan(snapshot: Snapshot, status: Status): SpendStopPlan {
  const enabled = Object.values(snapshot.zones)
    .map((entry) => entry.zone)
    .filter((zone) => zone.enabled)
    .sort((a, b) => b.spend_today_cents - a.spend_today_cents || a.zone_id.localeCompare(b.zone_id))
    .map(stopZone);
  const readOnly = snapshot.discovery.role === 'billing_admin';
  const zones = readOnly ? [] : enabled;
  return {
    zones,
    spendTodayCents: zones.reduce((sum, zone) => sum + zone.spendTodayCents, 0),
    notAllowed: readOnly ? enabled : [],
    blockedReason: stopBlockedReason(status),
  };
}

/** A retry touches only what the last stop left running (issue 16 › Honest under failure). */
export function retryPlan(record: SpendStopRecord, status: Status): SpendStopPlan {
  const zones = record.remaining.filter((zone) => zone.result !== 'not_allowed').map(({ zoneId, name, spendTodayCents }) => ({ zoneId, name, spendTodayCents }));
  return {
    zones,
    spendTodayCents: zones.reduce((sum, zone) => sum + zone.spendTodayCents, 0),
    notAllowed: record.remaining.filter((zone) => zone.result === 'not_allowed').map(({ zoneId, name, spendTodayCents }) => ({ zoneId, name, spendTodayCents })),
    blockedReason: stopBlockedReason(status),
  };
}
