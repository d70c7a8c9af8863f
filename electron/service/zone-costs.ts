import type { Plan } from '../../shared/api/plan';
import type { ZoneCost } from '../../shared/api/zone';
import { COST_MEMBERS, type CostMember, costMemberSent } from '../../shared/api/zone-cost-presence';
import type { ZoneRecord } from './service-model';

/** The settings a zone's cost depends on. */
export type CostedZone = Pick<
  ZoneRecord,
  'network' | 'billing_method' | 'connection_count' | 'ip_type' | 'pool_size' | 'exclusivity_type' | 'domains'
>;

/** Every cost member with its value, as the service computes it before leaving some out. */
export type FullZoneCost = Record<CostMember, number>;

/**
 * The zone's `cost` from its plan's prices (docs/api.md › Costs): each `*_total` is its unit price ×
 * count, `standing_charges_cents_monthly` the sum of the monthly totals. Members that do not apply
 * to the zone's settings are 0, so every field agrees with the zone.
 */
export function zoneCost(zone: CostedZone, plan: Plan): FullZoneCost {
  const reserved = zone.network === 'datacenter' && zone.ip_type === 'reserved';
  const prices =
    zone.network === 'datacenter'
      ? reserved
        ? plan.datacenter.reserved
        : plan.datacenter.shared
      : zone.network === 'mobile'
        ? plan.mobile.shared
        : { per_gigabyte_cents: plan.residential.shared.per_gigabyte_cents, per_connection_cents_monthly: 0 };
  const perConnection = zone.billing_method === 'per_connection';
  const perConnectionPrice = perConnection ? prices.per_connection_cents_monthly : 0;
  const connectionCount = perConnection ? zone.connection_count : 0;
  const ipCount = reserved ? zone.pool_size : 0;
  const perIp = reserved ? plan.datacenter.reserved.ip_pool_per_ip_cents_monthly : 0;
  const allDomainsPerIp =
    reserved && zone.exclusivity_type === 'all' ? plan.datacenter.reserved.exclusivity_all_domains_per_ip_cents_monthly : 0;
  const domainCount = reserved && zone.exclusivity_type === 'domains' ? zone.domains.length : 0;
  const perDomainPerIp =
    reserved && zone.exclusivity_type === 'domains' ? plan.datacenter.reserved.exclusivity_per_domain_per_ip_cents_monthly : 0;

  const perConnectionTotal = perConnectionPrice * connectionCount;
  const poolTotal = perIp * ipCount;
  const allDomainsTotal = allDomainsPerIp * ipCount;
  const perDomainTotal = perDomainPerIp * domainCount * ipCount;
  return {
    per_gigabyte_cents: perConnection ? 0 : prices.per_gigabyte_cents,
    per_connection_cents_monthly: perConnectionPrice,
    per_connection_count: connectionCount,
    per_connection_cents_monthly_total: perConnectionTotal,
    ip_pool_count: ipCount,
    ip_pool_per_ip_cents_monthly: perIp,
    ip_pool_cents_monthly_total: poolTotal,
    exclusivity_all_domains_per_ip_cents_monthly: allDomainsPerIp,
    exclusivity_all_domains_cents_monthly_total: allDomainsTotal,
    exclusivity_per_domain_count: domainCount,
    exclusivity_per_domain_per_ip_cents_monthly: perDomainPerIp,
    exclusivity_per_domain_cents_monthly_total: perDomainTotal,
    standing_charges_cents_monthly: perConnectionTotal + poolTotal + allDomainsTotal + perDomainTotal,
  };
}

/**
 * The `cost` a response carries: without the exclusivity members that Bytio's get-zones reference
 * sends only for a reserved datacenter zone with that exclusivity (docs/api.md › Presence rules).
 */
export function costView(zone: Pick<ZoneRecord, 'network' | 'ip_type' | 'exclusivity_type'>, cost: FullZoneCost): ZoneCost {
  const sent: ZoneCost = {};
  for (const member of COST_MEMBERS) if (costMemberSent(zone, member)) sent[member] = cost[member];
  return sent;
}

/** docs/api.md › Costs: a day of a monthly charge is the monthly amount ÷ 30. */
export const DAYS_PER_BILLING_MONTH = 30;

export function dailyStandingCents(cost: Pick<FullZoneCost, 'standing_charges_cents_monthly'>): number {
  return cost.standing_charges_cents_monthly / DAYS_PER_BILLING_MONTH;
}
