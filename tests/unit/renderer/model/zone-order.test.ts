import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ZONES_SORTS } from '../../../../shared/settings';
import type { Snapshot } from '../../../../shared/snapshot';
import { applySnapshotDelta } from '../../../../shared/snapshot-apply';
import { filterZones, NO_ZONE_FILTER } from '../../../../renderer/src/model/zone-filter';
import { orderZones } from '../../../../renderer/src/model/zone-order';
import { sortZones } from '../../../../renderer/src/model/zone-sort';
import { snapshotWith, zone } from '../samples';

const AT = '2026-11-22T10:00:00Z';
const ids = Array.from({ length: 40 }, (_, i) => `Z${i}`);
const figures = fc.record({
  spend_today_cents: fc.constantFrom(0, 1, 2, 5, 100),
  spend_this_month_cents: fc.constantFrom(0, 10, 20),
  current_thoughput_bps: fc.constantFrom(0, 1_000, 2_000),
  name: fc.constantFrom('alpha', 'beta', 'Beta', 'gamma'),
});
/** One update as the core sends it: some zones changed, some new, some gone. */
const update = fc.record({
  changed: fc.dictionary(fc.constantFrom(...ids), figures, { maxKeys: 12 }),
  removed: fc.subarray(ids, { maxLength: 4 }),
});

const shown = (snapshot: Snapshot, filter: typeof NO_ZONE_FILTER, sort: (typeof ZONES_SORTS)[number]) =>
  sortZones(filterZones(Object.values(snapshot.zones).map((entry) => entry.zone), filter), sort);

describe('ordering the Zones list after an update', () => {
  it('gives the order a fresh sort would give, whatever the updates changed', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ZONES_SORTS), fc.constantFrom('', 'a', 'z1'), fc.array(update, { minLength: 1, maxLength: 6 }), (sort, search, updates) => {
        const filter = { ...NO_ZONE_FILTER, search };
        let snapshot = snapshotWith(ids.slice(0, 30).map((id, i) => zone(id, { name: `zone ${i % 7}`, spend_today_cents: i % 5 })));
        let order = orderZones(null, snapshot.zones, filter, sort);
        for (const { changed, removed } of updates) {
          const upserted = Object.entries(changed).map(([id, patch]) => ({ zone: zone(id, patch), fetchedAt: AT }));
          snapshot = applySnapshotDelta(snapshot, { zonesUpserted: upserted, zoneIdsRemoved: removed.filter((id) => !(id in changed)) });
          order = orderZones(order, snapshot.zones, filter, sort);
          expect(order.list).toEqual(shown(snapshot, filter, sort));
        }
      }),
    );
  });

  it('keeps the zones an update did not touch in place without ordering them again', () => {
    const snapshot = snapshotWith(ids.map((id, i) => zone(id, { spend_today_cents: i })));
    const first = orderZones(null, snapshot.zones, NO_ZONE_FILTER, 'spend_today');
    const next = applySnapshotDelta(snapshot, { zonesUpserted: [{ zone: zone('Z3', { spend_today_cents: 1_000 }), fetchedAt: AT }], zoneIdsRemoved: [] });
    const second = orderZones(first, next.zones, NO_ZONE_FILTER, 'spend_today');
    expect(second.list[0]!.zone_id).toBe('Z3');
    // Every other zone is the same object, in the same relative order.
    expect(second.list.slice(1)).toEqual(first.list.filter((z) => z.zone_id !== 'Z3'));
    expect(second.list[1]).toBe(first.list[0]);
    expect(orderZones(second, next.zones, NO_ZONE_FILTER, 'spend_today')).toBe(second);
  });
});
