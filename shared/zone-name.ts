import type { Zone } from './api/zone';

/** What names a zone in text: its name, or its id when the name is blank or unknown. */
export function zoneDisplayName(zone: Pick<Zone, 'zone_id' | 'name'>): string {
  return zone.name?.trim() || zone.zone_id;
}
