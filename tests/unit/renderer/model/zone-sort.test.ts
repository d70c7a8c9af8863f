import { describe, expect, it } from 'vitest';
import { sortZones } from '../../../../renderer/src/model/zone-sort';
import { sharedZone, zone } from '../samples';

const zones = [
  zone('A1', { name: 'Scraper EU', spend_today_cents: 120, spend_this_month_cents: 900, current_thoughput_bps: 5_000 }),
  zone('B2', { name: 'alpha', spend_today_cents: 480, spend_this_month_cents: 400, current_thoughput_bps: 0 }),
  sharedZone('C3', { name: 'Mobile QA', spend_today_cents: 120, spend_this_month_cents: 2_000, current_thoughput_bps: 90_000 }),
];
const ids = (sort: Parameters<typeof sortZones>[1]) => sortZones(zones, sort).map((z) => z.zone_id);

describe('sortZones', () => {
  it('puts the zone that spent most today first, ties by name', () => {
    expect(ids('spend_today')).toEqual(['B2', 'C3', 'A1']);
  });

  it('orders by this month’s spend, by throughput, or by name', () => {
    expect(ids('spend_month')).toEqual(['C3', 'A1', 'B2']);
    expect(ids('throughput')).toEqual(['C3', 'A1', 'B2']);
    expect(ids('name')).toEqual(['B2', 'C3', 'A1']);
  });

  it('leaves the list it is given as it was', () => {
    const before = zones.map((z) => z.zone_id);
    sortZones(zones, 'spend_today');
    expect(zones.map((z) => z.zone_id)).toEqual(before);
  });

  it('puts a zone whose figure is unknown after every known one, and names an unnamed zone by its id', () => {
    const withUnknown = [...zones, zone('D4', { name: 'Big spender', spend_today_cents: 'lots' }), zone('0Z', { name: null, spend_today_cents: 1 })];
    expect(sortZones(withUnknown, 'spend_today').map((z) => z.zone_id)).toEqual(['B2', 'C3', 'A1', '0Z', 'D4']);
    expect(sortZones(withUnknown, 'name').map((z) => z.zone_id)).toEqual(['0Z', 'B2', 'D4', 'C3', 'A1']);
  });
});
