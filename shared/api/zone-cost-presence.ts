import type { Zone, ZoneCost } from './zone';

/** The members of a zone's `cost`, in the order the service sends them. */
export const COST_MEMBERS = [
  'per_gigabyte_cents',
  'per_connection_cents_monthly',
  'per_connection_count',
  'per_connection_cents_monthly_total',
  'ip_pool_count',
  'ip_pool_per_ip_cents_monthly',
  'ip_pool_cents_monthly_total',
  'exclusivity_all_domains_per_ip_cents_monthly',
  'exclusivity_all_domains_cents_monthly_total',
  'exclusivity_per_domain_count',
  'exclusivity_per_domain_per_ip_cents_monthly',
  'exclusivity_per_domain_cents_monthly_total',
  'standing_charges_cents_monthly',
] as const satisfies readonly (keyof ZoneCost)[];
export type CostMember = (typeof COST_MEMBERS)[number];

const ALL_DOMAINS_MEMBERS: ReadonlySet<CostMember> = new Set([
  'exclusivity_all_domains_per_ip_cents_monthly',
  'exclusivity_all_domains_cents_monthly_total',
]);
const PER_DOMAIN_MEMBERS: ReadonlySet<CostMember> = new Set([
  'exclusivity_per_domain_count',
  'exclusivity_per_domain_per_ip_cents_monthly',
  'exclusivity_per_domain_cents_monthly_total',
]);

export type CostedSettings = Pick<Zone, 'network' | 'ip_type' | 'exclusivity_type'>;

/**
 * Whether the service sends `member` for a zone with these settings. Bytio's get-zones reference
 * (docs.bytio.com/api-reference/zones/get-zones): the all-domains members are "present when
 * network=datacenter, ip_type=reserved and exclusivity_type=all", the per-domain ones with
 * `exclusivity_type=domains`; every other member is always sent.
 */
export function costMemberSent(zone: CostedSettings, member: CostMember): boolean {
  // With a setting unknown the rule cannot say "not applicable": an absent member is then unknown.
  if (zone.network === undefined || zone.ip_type === undefined || zone.exclusivity_type === undefined) return true;
  const reserved = zone.network === 'datacenter' && zone.ip_type === 'reserved';
  if (ALL_DOMAINS_MEMBERS.has(member)) return reserved && zone.exclusivity_type === 'all';
  if (PER_DOMAIN_MEMBERS.has(member)) return reserved && zone.exclusivity_type === 'domains';
  return true;
}

/**
 * A cost member as a view shows it: its value; "not applicable" when the docs say it is not sent
 * for this zone; "unknown" when it should have come but did not, or came malformed.
 */
export type CostMemberValue = { state: 'value'; value: number } | { state: 'not_applicable' } | { state: 'unknown' };

export function costMemberValue(zone: CostedSettings & Pick<Zone, 'cost'>, member: CostMember): CostMemberValue {
  const value = zone.cost[member];
  if (typeof value === 'number') return { state: 'value', value };
  return costMemberSent(zone, member) ? { state: 'unknown' } : { state: 'not_applicable' };
}

/**
 * The members the service should have sent for this zone but that are missing or malformed. With a
 * setting unknown, an absent conditional member is shown unknown but not reported: the unknown
 * setting is reported already, and the member may well be absent by design.
 */
export function unknownCostMembers(zone: CostedSettings & Pick<Zone, 'cost'>): CostMember[] {
  const settingsKnown = zone.network !== undefined && zone.ip_type !== undefined && zone.exclusivity_type !== undefined;
  return COST_MEMBERS.filter(
    (member) =>
      costMemberValue(zone, member).state === 'unknown' &&
      (settingsKnown || (!ALL_DOMAINS_MEMBERS.has(member) && !PER_DOMAIN_MEMBERS.has(member))),
  );
}

/** A member's number for arithmetic where an absent price adds nothing (a not-applicable charge). */
export function costCents(zone: Pick<Zone, 'cost'>, member: CostMember): number {
  return zone.cost[member] ?? 0;
}
