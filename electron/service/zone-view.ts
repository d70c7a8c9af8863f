import type { Plan } from '../../shared/api/plan';
import type { Alert, ZoneWire } from '../../shared/api/zone';
import type { ZoneRecord } from './service-model';
import { costView, zoneCost } from './zone-costs';
import { zoneFigures } from './zone-days';

/** Bytio's get-zones reference: `last_triggered` is absent until the alert first triggers. */
function alertView(alert: NonNullable<ZoneRecord['alert']>): Alert {
  const { last_triggered: lastTriggered, ...rest } = alert;
  return lastTriggered ? { ...rest, last_triggered: lastTriggered } : { ...rest };
}

/**
 * The zone as responses carry it (docs/api.md › Zone updates); `connection_count` is
 * request-only. As Bytio's get-zones reference says, `alert` is absent when none is set and is
 * shown only to admin keys (`alertsVisible` false for every other role).
 */
export function zoneView(zone: ZoneRecord, plan: Plan, now: number, alertsVisible = true): ZoneWire {
  const cost = zoneCost(zone, plan);
  const figures = zoneFigures(zone, now);
  return {
    zone_id: zone.zone_id,
    name: zone.name,
    network: zone.network,
    enabled: zone.enabled,
    ...(zone.alert && alertsVisible ? { alert: alertView(zone.alert) } : {}),
    billing_method: zone.billing_method,
    ip_type: zone.ip_type,
    pool_size: zone.pool_size,
    pool_size_actual: zone.ips.length,
    exclusivity_type: zone.exclusivity_type,
    domains: [...zone.domains],
    countries: zone.countries ? [...zone.countries] : null,
    created_on: zone.created_on,
    last_updated: zone.last_updated,
    provisioning_status: zone.provisioning_status,
    has_standing_charges: cost.standing_charges_cents_monthly > 0,
    spend_this_month_cents: figures.spend_this_month_cents,
    spend_today_cents: figures.spend_today_cents,
    usage_this_month_bytes: figures.usage_this_month_bytes,
    usage_today_bytes: figures.usage_today_bytes,
    cost: costView(zone, cost),
    current_thoughput_bps: zone.current_thoughput_bps,
    open_connections: zone.open_connections,
  };
}
