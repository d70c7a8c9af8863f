import type { ServiceControl } from './service-host';
import type { PastReading } from './warm-up';
import type { ZoneDayRecord } from './zone-days';

/** The demo's past as its service hands it to the app (the demo service port). */
export interface DemoPast {
  days: ZoneDayRecord[];
  readings: PastReading[];
}

/**
 * The service's per-day record and warm-up readings, for the zones the app can know: it finds a
 * demo zone through the team's users list (docs/api.md › Zone ids and what info counts), so the two
 * zones in nobody's list are left out, as they are of everything else the app shows.
 */
export function demoPast(control: Pick<ServiceControl, 'days' | 'pastReadings' | 'seeded'>): DemoPast {
  const hidden = new Set(control.seeded.undiscoveredZoneIds);
  return {
    days: control.days().filter((day) => !hidden.has(day.zoneId)),
    readings: control.pastReadings().map((reading) => ({ ...reading, zones: reading.zones.filter((zone) => !hidden.has(zone.zoneId)) })),
  };
}
