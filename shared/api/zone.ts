import { z } from 'zod';
import { Timestamp } from './timestamp';

/**
 * docs/api.md › Zone ids and what info counts: at most 8 characters (Bytio shows `1234ABCD`, `ABCDEF`). Limited to
 * letters, digits, `-` and `_` because ids travel in URL paths and in the comma-separated get-zones
 * path, where `/`, `,` or `%` would change the request.
 */
export const ZoneId = z
  .string()
  .min(1, { error: 'must not be empty' })
  .max(8, { error: 'must be at most 8 characters' })
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'may contain only letters, digits, "-" and "_"' });
export type ZoneId = z.infer<typeof ZoneId>;

export const MAX_ZONE_NAME_LENGTH = 100;

export const NETWORKS = ['datacenter', 'mobile', 'residential'] as const;
export const Network = z.enum(NETWORKS);
export type Network = z.infer<typeof Network>;

export const BILLING_METHODS = ['per_gigabyte', 'per_connection'] as const;
export const BillingMethod = z.enum(BILLING_METHODS);
export type BillingMethod = z.infer<typeof BillingMethod>;

export const IP_TYPES = ['shared', 'reserved'] as const;
export const IpType = z.enum(IP_TYPES);
export type IpType = z.infer<typeof IpType>;

export const EXCLUSIVITY_TYPES = ['non_exclusive', 'all', 'domains'] as const;
export const ExclusivityType = z.enum(EXCLUSIVITY_TYPES);
export type ExclusivityType = z.infer<typeof ExclusivityType>;

// Alert type/action and provisioning_status are open (docs/api.md › Quirks kept as the service
// spells them), with the known values there. Responses accept any string so that a value the
// service adds later does not void a zone; the zone update body accepts only these.
export const ALERT_TYPES = [
  'dollars_per_day',
  'dollars_per_month',
  'gigabytes_per_day',
  'gigabytes_per_month',
] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

export const ALERT_ACTIONS = [
  'disable_zone',
  'send_notification',
  'disable_and_send_notification',
] as const;
export type AlertAction = (typeof ALERT_ACTIONS)[number];

export const PROVISIONING_STATUSES = [
  'provisioning',
  'provisioned',
  'waiting_for_approval',
  'deprovisioned',
] as const;
export type ProvisioningStatus = (typeof PROVISIONING_STATUSES)[number];

/** An alert as the service returns it inside a zone (docs/api.md › Zone alerts). */
export const Alert = z.looseObject({
  type: z.string(),
  threshold: z.number(),
  action: z.string(),
  // "response only" and meaningless before the first trigger, so it may be absent or null.
  last_triggered: Timestamp.nullish(),
});
export type Alert = z.infer<typeof Alert>;

/**
 * A cost member the service may leave out or send malformed: either reads as `undefined`, which
 * `zone-cost-presence.ts` tells apart as "not applicable" (a documented absence) or "unknown".
 * One bad price must not void the zone (issue: degrade at the smallest unit).
 */
const CostCents = z.number().optional().catch(undefined);

/**
 * docs/api.md › Costs: every member a number of cents, possibly fractional. Bytio's
 * get-zones reference sends the `exclusivity_all_domains_*` members only for a reserved datacenter
 * zone with `all` exclusivity and the `exclusivity_per_domain_*` ones only with `domains`
 * exclusivity (docs/api.md › Presence rules), so none is required here.
 */
export const ZoneCost = z.looseObject({
  per_gigabyte_cents: CostCents,
  per_connection_cents_monthly: CostCents,
  per_connection_count: CostCents,
  per_connection_cents_monthly_total: CostCents,
  ip_pool_count: CostCents,
  ip_pool_per_ip_cents_monthly: CostCents,
  ip_pool_cents_monthly_total: CostCents,
  exclusivity_all_domains_per_ip_cents_monthly: CostCents,
  exclusivity_all_domains_cents_monthly_total: CostCents,
  exclusivity_per_domain_count: CostCents,
  exclusivity_per_domain_per_ip_cents_monthly: CostCents,
  exclusivity_per_domain_cents_monthly_total: CostCents,
  standing_charges_cents_monthly: CostCents,
});
export type ZoneCost = z.infer<typeof ZoneCost>;

/**
 * A member of a zone the service may send missing or malformed: it reads as `undefined`, "unknown"
 * for that member only (`unknownZoneMembers`), so one bad figure or a 1 MB name never drops the
 * zone (issue: degrade at the smallest unit). Only `zone_id` identifies a zone and stays required.
 * The app shows such a member as "—", not its last good value: spend, usage and throughput move
 * every poll and a toggle's state can change elsewhere, so an old value would be a wrong number
 * (or state) presented as current; the zone id still names the zone when its name is unknown.
 */
function orUnknown<T extends z.ZodType>(schema: T) {
  return schema.optional().catch(undefined);
}

/**
 * A zone as responses carry it (docs/api.md › Zone updates). `connection_count` is a request-body
 * field only. `alert` and `countries` may be null or absent (docs/api.md › Degrading at the smallest unit); absent reads as null, only a
 * malformed one is unknown. The get-zones reference shows `alert` only to admin keys: for other
 * roles a null alert means "not visible", which the views tell apart with `alertVisibleTo`
 * (./alert-visibility). A malformed `cost` object reads as one with every member unknown.
 */
export const Zone = z.looseObject({
  zone_id: ZoneId,
  name: orUnknown(z.string().max(MAX_ZONE_NAME_LENGTH)),
  network: orUnknown(Network),
  enabled: orUnknown(z.boolean()),
  alert: orUnknown(Alert.nullable().default(null)),
  billing_method: orUnknown(BillingMethod),
  ip_type: orUnknown(IpType),
  pool_size: orUnknown(z.int()),
  pool_size_actual: orUnknown(z.int()),
  exclusivity_type: orUnknown(ExclusivityType),
  domains: orUnknown(z.array(z.string())),
  countries: orUnknown(z.array(z.string()).nullable().default(null)),
  created_on: orUnknown(Timestamp),
  last_updated: orUnknown(Timestamp),
  provisioning_status: orUnknown(z.string()),
  has_standing_charges: orUnknown(z.boolean()),
  spend_this_month_cents: orUnknown(z.number()),
  spend_today_cents: orUnknown(z.number()),
  usage_this_month_bytes: orUnknown(z.int()),
  usage_today_bytes: orUnknown(z.int()),
  cost: ZoneCost.catch(() => ({})),
  // Spelled so by the service (docs/api.md › Quirks kept as the service spells them).
  current_thoughput_bps: orUnknown(z.int()),
  open_connections: orUnknown(z.int()),
});
export type Zone = z.infer<typeof Zone>;
/** A zone as the service may send it, before defaults fill what it left out. */
export type ZoneWire = z.input<typeof Zone>;

/** The members of a zone besides its id and `cost` (whose members `zone-cost-presence.ts` covers). */
export const ZONE_MEMBERS = [
  'name',
  'network',
  'enabled',
  'alert',
  'billing_method',
  'ip_type',
  'pool_size',
  'pool_size_actual',
  'exclusivity_type',
  'domains',
  'countries',
  'created_on',
  'last_updated',
  'provisioning_status',
  'has_standing_charges',
  'spend_this_month_cents',
  'spend_today_cents',
  'usage_this_month_bytes',
  'usage_today_bytes',
  'current_thoughput_bps',
  'open_connections',
] as const satisfies readonly Exclude<keyof Zone, 'zone_id' | 'cost'>[];
export type ZoneMember = (typeof ZONE_MEMBERS)[number];

/**
 * The members of a parsed zone that are unknown: missing or malformed in the answer. Every member
 * is always sent (`alert` and `countries` as null when empty), so `undefined` means exactly that.
 */
export function unknownZoneMembers(zone: Zone): ZoneMember[] {
  return ZONE_MEMBERS.filter((member) => zone[member] === undefined);
}
