import { describe, expect, it } from 'vitest';
import { mergeDeltas } from '../../../../electron/core/data/snapshot-delta';
import { SnapshotStore } from '../../../../electron/core/data/snapshot-store';
import { emptySnapshot, type Snapshot, type SnapshotDelta } from '../../../../shared/snapshot';
import { Zone } from '../../../../shared/api/zone';
import { sampleZone } from '../../../fixtures/api-samples';

const zone = (id: string, name: string) => Zone.parse({ ...sampleZone(id), name });
const AT = '2026-11-22T10:00:00.000Z';

/** What the window does with a delta (renderer/src/stores/snapshot-store.ts › applyDelta), for comparing. */
function apply(snapshot: Snapshot, delta: SnapshotDelta): Snapshot {
  const zones = { ...snapshot.zones };
  for (const entry of delta.zonesUpserted) zones[entry.zone.zone_id] = entry;
  for (const id of delta.zoneIdsRemoved) delete zones[id];
  return { account: delta.account ?? snapshot.account, plans: delta.plans ?? snapshot.plans, zonesFetch: delta.zonesFetch ?? snapshot.zonesFetch, discovery: delta.discovery ?? snapshot.discovery, zones };
}

describe('merging one cycle’s deltas into one', () => {
  it('leaves the window with what the deltas one after another would have left it', () => {
    const store = new SnapshotStore();
    store.replace({ ...emptySnapshot(), zones: { A: { zone: zone('A', 'a'), fetchedAt: AT }, B: { zone: zone('B', 'b'), fetchedAt: AT } } });
    const start = store.get();
    const deltas: SnapshotDelta[] = [];
    store.subscribe((delta) => deltas.push(delta));
    store.setDiscovery({ ...start.discovery, message: 'first' });
    store.upsertZone(zone('C', 'c'), AT);
    store.removeZone('A');
    store.upsertZone(zone('A', 'a again'), AT);
    store.removeZone('C');
    store.setDiscovery({ ...start.discovery, message: 'second' });
    const merged = deltas.reduce(mergeDeltas);
    expect(apply(start, merged)).toEqual(store.get());
    expect(merged.zonesUpserted.map((entry) => entry.zone.name)).toEqual(['a again']);
    expect(merged.zoneIdsRemoved).toEqual(['C']);
    expect(merged.discovery?.message).toBe('second');
  });
});
