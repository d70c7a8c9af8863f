import type { Zone } from '../../../shared/api/zone';
import type { ZonesSort } from '../../../shared/settings';
import { zoneDisplayName } from '../../../shared/zone-name';

/** The order picker's choices, each readable on its own. */
export const ZONES_SORT_OPTION: Record<ZonesSort, string> = {
  spend_today: 'Top spend today',
  spend_month: 'Top spend this month',
  throughput: 'Top throughput',
  name: 'Name A–Z',
};

/** The order as the count line says it: "23 zones, biggest spend today first". */
export const ZONES_SORT_SAID: Record<ZonesSort, string> = {
  spend_today: 'biggest spend today first',
  spend_month: 'biggest spend this month first',
  throughput: 'busiest first',
  name: 'by name',
};

const FIGURE: Record<Exclude<ZonesSort, 'name'>, (z: Zone) => number | undefined> = {
  spend_today: (z) => z.spend_today_cents,
  spend_month: (z) => z.spend_this_month_cents,
  throughput: (z) => z.current_thoughput_bps,
};

/**
 * The zones in the chosen order: the biggest figure first, ties (and `name`) by name, then id. A
 * zone whose figure is unknown goes after every known one, never ranked on a guess.
 */
export function sortZones(zones: readonly Zone[], sort: ZonesSort): Zone[] {
  const byName = (a: Zone, b: Zone) => zoneDisplayName(a).localeCompare(zoneDisplayName(b)) || a.zone_id.localeCompare(b.zone_id);
  if (sort === 'name') return [...zones].sort(byName);
  const figure = (z: Zone) => FIGURE[sort](z) ?? -Infinity;
  return [...zones].sort((a, b) => (figure(a) === figure(b) ? 0 : figure(b) > figure(a) ? 1 : -1) || byName(a, b));
}
