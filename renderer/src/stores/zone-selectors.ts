import type { Zone } from '../../../shared/api/zone';
import type { ZonesSort } from '../../../shared/settings';
import type { Snapshot } from '../../../shared/snapshot';
import type { ZoneFilter } from '../model/zone-filter';
import { orderZones, type ZoneOrder } from '../model/zone-order';

// What depends on every zone of the account shown, derived once per change of its zone map (an
// update that touches no zone keeps the map, docs/architecture.md › How updates reach the window)
// and read by every view that needs it, never worked out again per render.

type Zones = Snapshot['zones'];

function perZoneMap<T>(derive: (zones: Zones) => T): (zones: Zones) => T {
  const cache = new WeakMap<Zones, T>();
  return (zones) => {
    let value = cache.get(zones);
    if (value === undefined) cache.set(zones, (value = derive(zones)));
    return value;
  };
}

/** Every zone held, as a list. */
export const zoneList = perZoneMap((zones): Zone[] => Object.values(zones).map((entry) => entry.zone));

/** Whether any zone may be running: a zone whose on/off state is unknown may be (Stop all spend includes it). */
export const anyZoneRunning = perZoneMap((zones) => zoneList(zones).some((zone) => zone.enabled !== false));

let lastOrder: ZoneOrder | null = null;

/** The Zones list, filtered and in order; after an update only the zones it changed are placed again (model/zone-order.ts). */
export function orderedZones(zones: Zones, filter: ZoneFilter, sort: ZonesSort): Zone[] {
  lastOrder = orderZones(lastOrder, zones, filter, sort);
  return lastOrder.list;
}
