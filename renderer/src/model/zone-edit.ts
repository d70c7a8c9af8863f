import { formatIssues } from '../../../shared/api/issues';
import type { FieldIssue } from '../../../shared/api/issues';
import { ZoneUpdateBody } from '../../../shared/api/zone-update';
import type { AlertAction, AlertType, BillingMethod, ExclusivityType, IpType, Zone, ZoneMember } from '../../../shared/api/zone';

/** The edit form's fields as the inputs hold them (numbers and lists as typed text). */
export type ZoneForm = {
  name: string;
  billing_method: BillingMethod;
  connection_count: string;
  ip_type: IpType;
  pool_size: string;
  exclusivity_type: ExclusivityType;
  domains: string;
  countries: string;
  alertOn: boolean;
  alertType: AlertType;
  alertThreshold: string;
  alertAction: AlertAction;
};

/** Fields whose change alters standing or unit charges: these are previewed before committing. */
const COST_FIELDS = ['network', 'billing_method', 'connection_count', 'ip_type', 'pool_size', 'exclusivity_type', 'domains'] as const;

const splitList = (text: string) => text.split(/[\s,;]+/).filter(Boolean);

/** The form for a zone; a member the service sent unusable starts at the field's default. */
export function formFromZone(zone: Zone): ZoneForm {
  return {
    name: zone.name ?? '',
    billing_method: zone.billing_method ?? 'per_gigabyte',
    // `connection_count` is not in zone responses; the cost block carries it (docs/api.md › Zone updates).
    connection_count: String(zone.cost.per_connection_count || 1),
    ip_type: zone.ip_type ?? 'shared',
    pool_size: String(zone.pool_size || 1),
    exclusivity_type: zone.exclusivity_type ?? 'non_exclusive',
    domains: (zone.domains ?? []).join('\n'),
    countries: (zone.countries ?? []).join(', '),
    alertOn: zone.alert != null,
    alertType: (zone.alert?.type as AlertType | undefined) ?? 'dollars_per_day',
    alertThreshold: zone.alert ? String(zone.alert.threshold) : '10',
    alertAction: (zone.alert?.action as AlertAction | undefined) ?? 'send_notification',
  };
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/**
 * The update body holding only what the form changed, validated against the contract; or the
 * problems, each naming its field. `alertEditable` false leaves the alert out of the body.
 */
export function changesFromForm(zone: Zone, form: ZoneForm, alertEditable = true): { changes: ZoneUpdateBody } | { issues: FieldIssue[] } {
  const raw: Record<string, unknown> = {};
  const initial = formFromZone(zone);
  // A member the service sent unusable is sent only if the user changed its field: untouched, the
  // field holds a default, not the zone's value, and sending it would change the zone unasked.
  const edited = (member: ZoneMember, ...fields: (keyof ZoneForm)[]) => zone[member] !== undefined || fields.some((field) => form[field] !== initial[field]);
  if (edited('name', 'name') && form.name !== zone.name) raw.name = form.name.trim();
  if (edited('billing_method', 'billing_method') && form.billing_method !== zone.billing_method) raw.billing_method = form.billing_method;
  if (form.billing_method === 'per_connection' && Number(form.connection_count) !== zone.cost.per_connection_count) {
    raw.connection_count = Number(form.connection_count);
  }
  if (zone.network === 'datacenter') {
    if (edited('ip_type', 'ip_type') && form.ip_type !== zone.ip_type) raw.ip_type = form.ip_type;
    if (form.ip_type === 'reserved') {
      if (edited('pool_size', 'pool_size') && Number(form.pool_size) !== zone.pool_size) raw.pool_size = Number(form.pool_size);
      if (edited('exclusivity_type', 'exclusivity_type') && form.exclusivity_type !== zone.exclusivity_type) raw.exclusivity_type = form.exclusivity_type;
      const domains = splitList(form.domains);
      if (form.exclusivity_type === 'domains' && edited('domains', 'domains') && !sameList(domains, zone.domains ?? [])) raw.domains = domains;
    }
  }
  const countries = splitList(form.countries).map((c) => c.toUpperCase());
  if (edited('countries', 'countries') && !sameList(countries, zone.countries ?? [])) raw.countries = countries.length > 0 ? countries : null;
  if (!alertEditable || !edited('alert', 'alertOn', 'alertType', 'alertThreshold', 'alertAction')) {
    // The key cannot see the zone's alert (only admins can), or its alert came unusable and the user
    // left it alone: never send one over it.
  } else if (!form.alertOn) {
    if (zone.alert !== null) raw.alert = null;
  } else {
    const alert = { type: form.alertType, threshold: Number(form.alertThreshold), action: form.alertAction };
    const a = zone.alert;
    if (!a || a.type !== alert.type || a.threshold !== alert.threshold || a.action !== alert.action) raw.alert = alert;
  }
  const parsed = ZoneUpdateBody.safeParse(raw);
  if (!parsed.success) return { issues: formatIssues(parsed.error) };
  return { changes: parsed.data };
}

export function affectsCost(changes: ZoneUpdateBody): boolean {
  return COST_FIELDS.some((field) => field in changes);
}
