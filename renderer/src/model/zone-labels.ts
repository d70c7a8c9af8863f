import type { Alert, AlertAction, AlertType, BillingMethod, ExclusivityType, IpType, Network, ProvisioningStatus } from '../../../shared/api/zone';

/*
 * How the renderer names a zone's settings, in sentence case, wherever they appear (zone row, zones
 * filter, zone detail, edit form). Closed enums are total records, so a value added to shared/api/zone.ts
 * fails the type check here. Alert type/action and provisioning_status are open (docs/api.md › Quirks
 * kept as the service spells them): a value the service adds later is shown in a readable form.
 */

export const NETWORK_LABEL: Record<Network, string> = { datacenter: 'Datacenter', mobile: 'Mobile', residential: 'Residential' };

export const BILLING_METHOD_LABEL: Record<BillingMethod, string> = { per_gigabyte: 'Per GB', per_connection: 'Per connection' };

export const IP_TYPE_LABEL: Record<IpType, string> = { shared: 'Shared IPs', reserved: 'Reserved pool' };

export const EXCLUSIVITY_LABEL: Record<ExclusivityType, string> = {
  non_exclusive: 'Not exclusive',
  all: 'Exclusive on all domains',
  domains: 'Exclusive on some domains',
};

export const ALERT_TYPE_LABEL: Record<AlertType, string> = {
  dollars_per_day: 'Dollars per day',
  dollars_per_month: 'Dollars per month',
  gigabytes_per_day: 'GB per day',
  gigabytes_per_month: 'GB per month',
};

export const ALERT_ACTION_LABEL: Record<AlertAction, string> = {
  disable_zone: 'Disable the zone',
  send_notification: 'Notify the admins',
  disable_and_send_notification: 'Disable and notify',
};

const PROVISIONING_LABEL: Record<ProvisioningStatus, string> = {
  provisioned: 'Provisioned: ready',
  provisioning: 'Provisioning: resources are being set up',
  waiting_for_approval: 'Waiting for approval: capacity is short, it will be provisioned when it frees up',
  deprovisioned: 'Deprovisioned after a payment problem: top up to get it back',
};

/** `some_new_value` → `Some new value`. */
function readable(raw: string): string {
  const words = raw.replaceAll('_', ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : raw;
}

function known<K extends string>(table: Record<K, string>, raw: string): string | undefined {
  return Object.hasOwn(table, raw) ? table[raw as K] : undefined;
}

export function alertTypeLabel(type: string): string {
  return known(ALERT_TYPE_LABEL, type) ?? readable(type);
}

export function alertActionLabel(action: string): string {
  return known(ALERT_ACTION_LABEL, action) ?? readable(action);
}

export function provisioningLabel(status: string): string {
  return known(PROVISIONING_LABEL, status) ?? readable(status);
}

/** One line for a zone's alert: `GB per day over 42, then notify the admins`. */
export function alertSummary(alert: Pick<Alert, 'type' | 'threshold' | 'action'>): string {
  const action = alertActionLabel(alert.action);
  return `${alertTypeLabel(alert.type)} over ${alert.threshold}, then ${action.charAt(0).toLowerCase()}${action.slice(1)}`;
}
