import type { TopZone } from '../../../shared/accounts';
import type { Snapshot } from '../../../shared/snapshot';
import { zoneDisplayName } from '../../../shared/zone-name';

/** The most zones any view lists by spend: the tray's 8 for a lone account (the overview shows 5). */
export const TOP_ZONES = 8;

/**
 * The zones that spent most today, biggest first; a zone whose spend is unknown ranks after every
 * known spender (never on a guessed figure), ties by name then id so the order is stable. The one
 * ranking the tray and the window read. Pure.
 */
export function topZones(snapshot: Pick<Snapshot, 'zones'>, limit = TOP_ZONES): TopZone[] {
  return Object.values(snapshot.zones)
    .map(({ zone }) => ({ zoneId: zone.zone_id, name: zoneDisplayName(zone), spendTodayCents: zone.spend_today_cents ?? null, enabled: zone.enabled ?? null }))
    .sort((a, b) => (b.spendTodayCents ?? -1) - (a.spendTodayCents ?? -1) || a.name.localeCompare(b.name) || a.zoneId.localeCompare(b.zoneId))
    .slice(0, limit);
}
