import { describe, expect, it } from 'vitest';
import { filterZones, NO_ZONE_FILTER } from '../../../../renderer/src/model/zone-filter';
import { sharedZone, zone } from '../samples';

const zones = [
  zone('A1', { name: 'Scraper EU', enabled: true }),
  zone('B2', { name: 'alpha', enabled: false, spend_today_cents: 10 }),
  sharedZone('C3', { name: 'Mobile QA', enabled: true, spend_today_cents: 0 }),
];

describe('filterZones', () => {
  it('finds zones by part of their name or id, ignoring case, keeping their order', () => {
    expect(filterZones(zones, { ...NO_ZONE_FILTER, search: 'scr' }).map((z) => z.zone_id)).toEqual(['A1']);
    expect(filterZones(zones, { ...NO_ZONE_FILTER, search: 'c3' }).map((z) => z.zone_id)).toEqual(['C3']);
    expect(filterZones(zones, NO_ZONE_FILTER).map((z) => z.zone_id)).toEqual(['A1', 'B2', 'C3']);
  });

  it('keeps only zones of the chosen network, state and billing method', () => {
    expect(filterZones(zones, { ...NO_ZONE_FILTER, network: 'mobile' }).map((z) => z.zone_id)).toEqual(['C3']);
    expect(filterZones(zones, { ...NO_ZONE_FILTER, enabled: 'disabled' }).map((z) => z.zone_id)).toEqual(['B2']);
    expect(filterZones(zones, { ...NO_ZONE_FILTER, billing: 'per_connection' }).map((z) => z.zone_id)).toEqual(['C3']);
  });
});
