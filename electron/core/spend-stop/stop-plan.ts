import type { Zone } from '../../../shared/api/zone';
import { zoneDisplayName } from '../../../shared/zone-name';
import type { Snapshot } from '../../../shared/snapshot';
import type { SpendStopPlan, SpendStopRecord, SpendStopZone } from '../../../shared/spend-stop';
import type { ChangeBlock } from '../../../shared/accounts';

/** A zone as a stop names it; an unknown spend stays null (never counted as 0 in a sum shown). */
export function stopZone(zone: Zone): SpendStopZone {
  return { zoneId: zone.zone_id, name: zoneDisplayName(zone), spendTodayCents: zone.spend_today_cents ?? null };
}

/** The spend of the zones whose spend is known (an unknown spend is left out, never counted as 0). */
function knownSpendCents(zones: readonly SpendStopZone[]): number {
  return zones.reduce((cents, zone) => cents + (zone.spendTodayCents ?? 0), 0);
}

/**
 * Why a stop cannot start at all, in words, from what the account's read model says blocks every
 * change (readout/offers.ts). A missing or rejected key or no network would fail every zone, so the
 * user hears it before confirming rather than as a list of identical failures.
 */
export function stopBlockedReason(block: ChangeBlock | null, done: 'stopped' | 'restored' | 'changed' = 'stopped'): string | null {
  if (block === 'no_key') return `This account has no API key stored: enter it first; nothing was ${done}.`;
  if (block === 'rejected') return `The service rejected the API key, so Zonewatch cannot change any zone. Enter a new key first; nothing was ${done}.`;
  if (block === 'offline') return `Zonewatch is offline and cannot reach the service to change zones. Nothing was ${done}.`;
  return null;
}

/**
 * The zones "Stop all spend" would disable: every enabled zone in the snapshot, and every zone
 * whose state is unknown (it may be spending), biggest known spender first. Billing admins may read zones but change none (docs/api.md › Roles), so for them every
 * enabled zone is `notAllowed`; a collaborator's snapshot holds only its own zones already.
 */
export function stopPlan(snapshot: Snapshot, block: ChangeBlock | null): SpendStopPlan {
  const enabled = Object.values(snapshot.zones)
    .map((entry) => entry.zone)
    .filter((zone) => zone.enabled !== false)
    .sort((a, b) => (b.spend_today_cents ?? -1) - (a.spend_today_cents ?? -1) || a.zone_id.localeCompare(b.zone_id))
    .map(stopZone);
  const readOnly = snapshot.discovery.role === 'billing_admin';
  const zones = readOnly ? [] : enabled;
  return {
    zones,
    spendTodayCents: knownSpendCents(zones),
    notAllowed: readOnly ? enabled : [],
    blockedReason: stopBlockedReason(block),
  };
}

/** A retry touches only what the last stop left running (docs/architecture.md › Stop all spend). */
export function retryPlan(record: SpendStopRecord, block: ChangeBlock | null): SpendStopPlan {
  const zones = record.remaining.filter((zone) => zone.result !== 'not_allowed').map(({ zoneId, name, spendTodayCents }) => ({ zoneId, name, spendTodayCents }));
  return {
    zones,
    spendTodayCents: knownSpendCents(zones),
    notAllowed: record.remaining.filter((zone) => zone.result === 'not_allowed').map(({ zoneId, name, spendTodayCents }) => ({ zoneId, name, spendTodayCents })),
    blockedReason: stopBlockedReason(block),
  };
}
