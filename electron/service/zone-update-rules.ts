import type { FieldIssue } from '../../shared/api/issues';
import type { ZoneUpdateBody } from '../../shared/api/zone-update';
import { isCountryCode } from './country-codes';
import type { AlertRecord, ZoneRecord } from './service-model';

/** The settings a zone update may change, after merging the body into the zone. */
export type ZoneSettings = Pick<
  ZoneRecord,
  | 'name'
  | 'network'
  | 'enabled'
  | 'billing_method'
  | 'connection_count'
  | 'ip_type'
  | 'pool_size'
  | 'exclusivity_type'
  | 'domains'
  | 'countries'
  | 'alert'
>;

export type MergeResult = { ok: true; settings: ZoneSettings } | { ok: false; details: FieldIssue[] };

/** The most domains one zone may be exclusive for (the spec sets no bound; this keeps costs sane). */
export const MAX_DOMAINS = 100;

/** The same alert rule (type and threshold; the action may differ): it keeps its firing history. */
export function isSameAlertRule(a: Pick<AlertRecord, 'type' | 'threshold'> | null, b: Pick<AlertRecord, 'type' | 'threshold'> | null): boolean {
  return a !== null && b !== null && a.type === b.type && a.threshold === b.threshold;
}

/**
 * Merges a zone update body into the zone and checks the cross-field rules (docs/service.md › Decisions where
 * the spec is open): omitted fields stay, `null` clears `alert` and `countries`; pool size, exclusivity and
 * domains only on reserved datacenter zones; `connection_count` only when billed per connection;
 * residential only per gigabyte; real ISO 3166 country codes. Every broken rule is reported under
 * the field to fix.
 */
export function mergeZoneUpdate(zone: ZoneRecord, body: ZoneUpdateBody): MergeResult {
  const details: FieldIssue[] = [];
  const issue = (path: string, message: string) => details.push({ path, message });

  const network = body.network ?? zone.network;
  const billing = body.billing_method ?? zone.billing_method;
  if (network === 'residential' && billing === 'per_connection') {
    issue(body.billing_method ? 'billing_method' : 'network', 'residential zones are billed per gigabyte only');
  }

  let connectionCount = 0;
  if (billing === 'per_connection') {
    const count = body.connection_count ?? (zone.billing_method === 'per_connection' ? zone.connection_count : 0);
    if (count < 1) issue('connection_count', 'is required when billing_method is per_connection');
    connectionCount = count;
  } else if (body.connection_count !== undefined) {
    issue('connection_count', 'applies only when billing_method is per_connection');
  }

  const ipType = body.ip_type ?? zone.ip_type;
  if (ipType === 'reserved' && network !== 'datacenter') {
    issue('ip_type', `must be shared for a ${network} zone: reserved IPs are for datacenter zones only`);
  }
  const reserved = network === 'datacenter' && ipType === 'reserved';

  let poolSize = 0;
  if (reserved) {
    const wasReserved = zone.network === 'datacenter' && zone.ip_type === 'reserved';
    const size = body.pool_size ?? (wasReserved ? zone.pool_size : undefined);
    if (size === undefined) issue('pool_size', 'is required when ip_type is reserved');
    poolSize = size ?? 0;
  } else if (body.pool_size !== undefined) {
    issue('pool_size', 'applies only to datacenter zones with ip_type reserved');
  }

  let exclusivity = zone.exclusivity_type;
  if (body.exclusivity_type !== undefined && body.exclusivity_type !== 'non_exclusive' && !reserved) {
    issue('exclusivity_type', 'applies only to datacenter zones with ip_type reserved');
  }
  exclusivity = reserved ? (body.exclusivity_type ?? exclusivity) : 'non_exclusive';

  let domains: string[] = [];
  if (exclusivity === 'domains') {
    const given = body.domains ?? (zone.exclusivity_type === 'domains' ? zone.domains : []);
    domains = [...new Set(given.map((domain) => domain.toLowerCase()))];
    if (domains.length === 0) issue('domains', 'must list at least one domain when exclusivity_type is domains');
    if (domains.length > MAX_DOMAINS) issue('domains', `must list at most ${MAX_DOMAINS} domains`);
  } else if (body.domains !== undefined && body.domains.length > 0) {
    issue('domains', 'apply only when exclusivity_type is domains on a reserved datacenter zone');
  }

  let countries = zone.countries;
  if (body.countries === null) countries = null;
  else if (body.countries !== undefined) {
    body.countries.forEach((code, index) => {
      if (!isCountryCode(code)) issue(`countries[${index}]`, 'is not an ISO 3166 country code');
    });
    if (body.countries.length === 0) issue('countries', 'must list at least one country, or be null for every country');
    countries = [...new Set(body.countries.map((code) => code.toUpperCase()))];
  }

  let alert: AlertRecord | null = zone.alert;
  if (body.alert === null) alert = null;
  else if (body.alert !== undefined) {
    alert = { ...body.alert, last_triggered: isSameAlertRule(zone.alert, body.alert) ? zone.alert!.last_triggered : null };
  }

  if (details.length > 0) return { ok: false, details };
  return {
    ok: true,
    settings: {
      name: body.name ?? zone.name,
      network,
      enabled: body.enabled ?? zone.enabled,
      billing_method: billing,
      connection_count: connectionCount,
      ip_type: reserved ? 'reserved' : 'shared',
      pool_size: poolSize,
      exclusivity_type: exclusivity,
      domains,
      countries,
      alert,
    },
  };
}

/** Reserved IPs the change asks the platform for beyond what the zone already holds or awaits. */
export function newIpsNeeded(zone: ZoneRecord, settings: ZoneSettings): number {
  const before = zone.network === 'datacenter' && zone.ip_type === 'reserved' ? Math.max(zone.pool_size, zone.ips.length) : 0;
  return Math.max(0, settings.pool_size - before);
}
