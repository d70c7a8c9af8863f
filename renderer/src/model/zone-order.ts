import type { Zone } from '../../../shared/api/zone';
import type { ZonesSort } from '../../../shared/settings';
import type { Snapshot } from '../../../shared/snapshot';
import { filterZones, type ZoneFilter } from './zone-filter';
import { zoneComparator } from './zone-sort';

/** The Zones list as last ordered: the zone map it was ordered from, the filter and order, and the result. */
export type ZoneOrder = { zones: Snapshot['zones']; filter: ZoneFilter; sort: ZonesSort; list: Zone[] };

/** Past this share of zones changed, ordering afresh costs less than placing each changed one. */
const REORDER_SHARE = 0.25;

/**
 * The zones the list shows, filtered and in order (docs/architecture.md › How updates reach the
 * window). After an update with the same filter and order, the zones it did not touch keep their
 * places from `previous` (an entry the update left alone is the same object) and only the zones it
 * changed, added or removed are placed again; a different filter or order, or an update that
 * changed most zones, orders them afresh. The result is the same either way. Pure.
 */
export function orderZones(previous: ZoneOrder | null, zones: Snapshot['zones'], filter: ZoneFilter, sort: ZonesSort): ZoneOrder {
  const compare = zoneComparator(sort);
  const afresh = (): ZoneOrder => ({ zones, filter, sort, list: filterZones(Object.values(zones).map((entry) => entry.zone), filter).sort(compare) });
  if (previous === null || previous.filter !== filter || previous.sort !== sort) return afresh();
  if (previous.zones === zones) return previous;
  const changed: Zone[] = [];
  const before = previous.zones;
  for (const id in zones) if (before[id] !== zones[id]) changed.push(zones[id]!.zone);
  let gone = 0;
  for (const id in before) if (!(id in zones)) gone += 1;
  if (changed.length + gone > Object.keys(zones).length * REORDER_SHARE) return afresh();
  // What stayed is still in order; what changed is ordered among itself, then the two are merged.
  const stayed = previous.list.filter((zone) => zones[zone.zone_id]?.zone === zone);
  const moved = filterZones(changed, filter).sort(compare);
  const list: Zone[] = [];
  let i = 0;
  let j = 0;
  while (i < stayed.length || j < moved.length) {
    if (j >= moved.length || (i < stayed.length && compare(stayed[i]!, moved[j]!) <= 0)) list.push(stayed[i++]!);
    else list.push(moved[j++]!);
  }
  return { zones, filter, sort, list };
}
