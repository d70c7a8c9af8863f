import type { Info } from '../../shared/api/info';
import type { Plan } from '../../shared/api/plan';
import type {
  DeleteIpsWire,
  DeleteZoneResponse,
  GetZonesWire,
  RefreshIpsResponse,
  ZoneUpdateWire,
} from '../../shared/api/responses';
import type { ZoneUpdateBody, ZoneUpdateQuery } from '../../shared/api/zone-update';
import type { InsufficientResourceBody } from '../../shared/api/error-body';
import { freshIp, freshIps } from './ip-pool';
import { alertsVisibleTo, canSeeZone, mayPerform, visibleZones } from './roles';
import { fail, invalid, ok, type Outcome } from './service-error';
import type { ServiceState, UserRecord, ZoneRecord } from './service-model';
import { dailyStandingCents, zoneCost } from './zone-costs';
import { isSameAlertRule, mergeZoneUpdate, newIpsNeeded } from './zone-update-rules';
import { zoneView } from './zone-view';

/** How long the simulated platform takes to hand out new IPs, and to approve a request it lacked capacity for. */
export const PROVISIONING_MS = 2 * 60_000;
export const APPROVAL_MS = 30 * 60_000;

export function currentPlan(state: ServiceState): Plan {
  const plan = state.plans.find((p) => p.plan_id === state.account.plan_id) ?? state.plans[0];
  if (!plan) throw new Error('the service has no plans');
  return plan;
}

export function zonesInfo(state: ServiceState, user: UserRecord): Info {
  return { current: visibleZones(state, user).length, allowed: state.allowedZones };
}

const notFound = (zoneId: string) => fail('zone_not_found', `No zone "${zoneId}" is visible to this API key.`);
const cannotChange = () => fail('forbidden', 'This API key\'s role may read zones but not change them.');

/** A zone the caller may change, or the error to answer. */
function changeableZone(state: ServiceState, user: UserRecord, zoneId: string): { ok: true; zone: ZoneRecord } | { ok: false; error: ReturnType<typeof fail>['error'] } {
  if (!mayPerform(user.role, 'change_zones')) return cannotChange();
  const zone = state.zones.get(zoneId);
  if (!zone || !canSeeZone(user, zoneId)) return notFound(zoneId);
  return { ok: true, zone };
}

/** Operation 5: unknown ids, and ids the key may not see, are left out (docs/api.md › Zone ids and what info counts). */
export function getZones(state: ServiceState, user: UserRecord, ids: readonly string[]): Outcome<GetZonesWire> {
  const plan = currentPlan(state);
  const seen = new Set<string>();
  const zones = ids.flatMap((id) => {
    const zone = state.zones.get(id);
    if (seen.has(id) || !zone || !canSeeZone(user, id)) return [];
    seen.add(id);
    return [zoneView(zone, plan, state.now, alertsVisibleTo(user))];
  });
  return ok({ status: 'ok', info: zonesInfo(state, user), zones });
}

/** Operation 2, with the rules of docs/api.md › Zone updates and docs/service.md › Decisions where the spec is open. */
export function updateZone(
  state: ServiceState,
  user: UserRecord,
  zoneId: string,
  query: ZoneUpdateQuery,
  body: ZoneUpdateBody,
): Outcome<ZoneUpdateWire | InsufficientResourceBody> {
  const found = changeableZone(state, user, zoneId);
  if (!found.ok) return found;
  const zone = found.zone;
  if (body.network === 'residential' && zone.network !== 'residential' && !state.account.topped_up) {
    return fail(
      'residential_unavailable_during_trial',
      'The residential network is unavailable during the free trial: top up the account balance first.',
    );
  }
  const merged = mergeZoneUpdate(zone, body);
  if (!merged.ok) return invalid(merged.details);
  const settings = merged.settings;
  const plan = currentPlan(state);
  const nowIso = new Date(state.now).toISOString();
  const needed = newIpsNeeded(zone, settings);

  const next: ZoneRecord = { ...zone, ...settings, ips: [...zone.ips], last_updated: nowIso };
  if (settings.pool_size < next.ips.length) next.ips = next.ips.slice(0, settings.pool_size);
  if (needed > 0) {
    const short = needed > state.reservedIpCapacity;
    next.provisioning_status = short ? 'waiting_for_approval' : 'provisioning';
    next.provisioningDueAt = state.now + (short ? APPROVAL_MS : PROVISIONING_MS);
  }

  if (query.preview) {
    return ok({ status: 'ok', info: zonesInfo(state, user), preview: true, zone: zoneView(next, plan, state.now, alertsVisibleTo(user)) });
  }
  if (needed > 0 && !query.skip_resource_check && needed > state.reservedIpCapacity) {
    return ok(
      {
        status: 'insufficient_resource_likely',
        message: `The platform has ${state.reservedIpCapacity} reserved IPs free now and the change needs ${needed}; nothing was changed.`,
      },
      202,
    );
  }
  const before = zoneCost(zone, plan).standing_charges_cents_monthly;
  const after = zoneCost(next, plan);
  const balance = state.account.balance_cents + (state.account.trial_amount_cents ?? 0);
  if (after.standing_charges_cents_monthly > before && balance < dailyStandingCents(after)) {
    return fail(
      'insufficient_balance',
      `The balance does not cover 24 hours of this zone's new standing charges (${dailyStandingCents(after).toFixed(2)} cents); top up first.`,
    );
  }

  // Commit.
  const released = zone.ips.length - next.ips.length;
  state.reservedIpCapacity += Math.max(0, released);
  if (next.provisioning_status === 'provisioning' && needed > 0) state.reservedIpCapacity -= needed;
  // A new or changed alert may fire again in the current period; an unchanged one may not.
  if (!isSameAlertRule(settings.alert, zone.alert)) next.alertFiredPeriod = null;
  if (!settings.enabled) {
    next.current_thoughput_bps = 0;
    next.open_connections = 0;
  }
  state.zones.set(zoneId, next);
  return ok({ status: 'ok', info: zonesInfo(state, user), preview: false, zone: zoneView(next, plan, state.now, alertsVisibleTo(user)) });
}

/** Operation 6 of docs/api.md › The nine operations. */
export function deleteZone(state: ServiceState, user: UserRecord, zoneId: string): Outcome<DeleteZoneResponse> {
  const found = changeableZone(state, user, zoneId);
  if (!found.ok) return found;
  state.reservedIpCapacity += found.zone.ips.length;
  state.zones.delete(zoneId);
  for (const member of state.users) member.zones = member.zones.filter((id) => id !== zoneId);
  return ok({ status: 'ok', info: zonesInfo(state, user), zone_id: zoneId, deleted: true });
}

function inZone(zone: ZoneRecord, ips: readonly string[]): string[] {
  const held = new Set(zone.ips);
  return [...new Set(ips.map((ip) => ip.toLowerCase()))].filter((ip) => held.has(ip));
}

/** Operation 4: each given IP that the zone holds is swapped for a fresh one (docs/api.md › IPs). */
export function refreshIps(state: ServiceState, user: UserRecord, zoneId: string, ips: readonly string[]): Outcome<RefreshIpsResponse> {
  const found = changeableZone(state, user, zoneId);
  if (!found.ok) return found;
  const zone = found.zone;
  const refreshed = inZone(zone, ips);
  const replace = new Set(refreshed);
  zone.ips = zone.ips.map((ip) => (replace.has(ip) ? freshIp(state.random, state.usedIps) : ip));
  if (refreshed.length > 0) zone.last_updated = new Date(state.now).toISOString();
  return ok({ status: 'ok', refreshed_ips: refreshed });
}

/**
 * Operation 3 (docs/api.md › IPs): the given IPs that the zone holds leave the pool for good, so `pool_size` and
 * `pool_size_actual` both drop and the zone stops paying for them.
 */
export function deleteIps(state: ServiceState, user: UserRecord, zoneId: string, ips: readonly string[]): Outcome<DeleteIpsWire> {
  const found = changeableZone(state, user, zoneId);
  if (!found.ok) return found;
  const zone = found.zone;
  const deleted = inZone(zone, ips);
  const gone = new Set(deleted);
  zone.ips = zone.ips.filter((ip) => !gone.has(ip));
  zone.pool_size = Math.max(zone.ips.length, zone.pool_size - deleted.length);
  state.reservedIpCapacity += deleted.length;
  if (deleted.length > 0) zone.last_updated = new Date(state.now).toISOString();
  return ok({ status: 'ok', deleted_ips: deleted, zone: zoneView(zone, currentPlan(state), state.now, alertsVisibleTo(user)) });
}

/** Moves zones whose provisioning timer ran out to their next state (docs/api.md › Provisioning). */
export function advanceProvisioning(state: ServiceState): void {
  for (const zone of state.zones.values()) {
    if (zone.provisioningDueAt === null || zone.provisioningDueAt > state.now) continue;
    if (zone.provisioning_status === 'waiting_for_approval') {
      // Approval means the platform found the IPs: it takes what it has free, never below zero.
      const needed = Math.max(0, zone.pool_size - zone.ips.length);
      state.reservedIpCapacity = Math.max(0, state.reservedIpCapacity - needed);
      zone.provisioning_status = 'provisioning';
      zone.provisioningDueAt = zone.provisioningDueAt + PROVISIONING_MS;
      continue;
    }
    const missing = zone.pool_size - zone.ips.length;
    if (missing > 0) zone.ips.push(...freshIps(state.random, state.usedIps, missing));
    zone.provisioning_status = 'provisioned';
    zone.provisioningDueAt = null;
  }
}
