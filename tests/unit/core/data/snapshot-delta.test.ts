import { describe, expect, it } from 'vitest';
import { mergeDeltas } from '../../../../electron/core/data/snapshot-delta';
import { SnapshotStore } from '../../../../electron/core/data/snapshot-store';
import { emptySnapshot, type Snapshot, type SnapshotDelta, type ZonesRead } from '../../../../shared/snapshot';
import { applySnapshotDelta, zoneReadAt } from '../../../../shared/snapshot-apply';
import { Zone } from '../../../../shared/api/zone';
import { sampleZone } from '../../../fixtures/api-samples';

const zone = (id: string, name: string) => Zone.parse({ ...sampleZone(id), name });
const AT = '2026-11-22T10:00:00.000Z';

/** What the window holds after `delta`, each zone with when it was last read (the snapshot store's `zoneReadAt`). */
function windowAfter(held: { snapshot: Snapshot; read: ZonesRead | null }, delta: SnapshotDelta) {
  return { snapshot: applySnapshotDelta(held.snapshot, delta), read: delta.zonesRead ?? held.read };
}
const seen = ({ snapshot, read }: { snapshot: Snapshot; read: ZonesRead | null }): Snapshot => ({
  ...snapshot,
  zones: Object.fromEntries(Object.entries(snapshot.zones).map(([id, entry]) => [id, { zone: entry.zone, fetchedAt: zoneReadAt(entry, read) }])),
});
const apply = (snapshot: Snapshot, delta: SnapshotDelta) => seen(windowAfter({ snapshot, read: null }, delta));

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

describe('a round of zone reads as the window hears it', () => {
  const LATER = '2026-11-22T10:01:00.000Z';
  const LATEST = '2026-11-22T10:02:00.000Z';
  const held = (ids: string[]) => Object.fromEntries(ids.map((id) => [id, { zone: zone(id, id), fetchedAt: AT }]));
  const info = { current: 3, allowed: 100 };

  it('carries only the members that changed, and the window ends where the core is', () => {
    const store = new SnapshotStore();
    store.replace({ ...emptySnapshot(), zones: held(['A', 'B', 'C']) });
    const start = store.get();
    const deltas: SnapshotDelta[] = [];
    store.subscribe((delta) => deltas.push(delta));
    const busier = { ...zone('B', 'B'), spend_today_cents: 999 };
    const unknownName = { ...zone('C', 'C'), name: undefined };
    store.zonesFetched({ zones: [zone('A', 'A'), busier, unknownName, zone('D', 'new')], removedIds: [], info, error: null, at: LATER });
    const [delta] = deltas;
    expect(delta!.zonesUpserted.map((entry) => entry.zone.zone_id)).toEqual(['D']);
    expect(delta!.zonesPatched).toEqual([
      { zoneId: 'B', set: { spend_today_cents: 999 }, unset: [] },
      { zoneId: 'C', set: {}, unset: ['name'] },
    ]);
    expect(delta!.zonesRead).toEqual({ at: LATER, unread: {} });
    expect(apply(start, delta!)).toEqual(store.get());
  });

  it('is a small fraction of the whole zone list when few figures moved', () => {
    const store = new SnapshotStore();
    const ids = Array.from({ length: 1_000 }, (_, i) => `Z${i}`);
    store.replace({ ...emptySnapshot(), zones: held(ids) });
    const deltas: SnapshotDelta[] = [];
    store.subscribe((delta) => deltas.push(delta));
    const zones = ids.map((id, i) => (i % 10 === 0 ? { ...zone(id, id), spend_today_cents: 1_234.5 } : zone(id, id)));
    store.zonesFetched({ zones, removedIds: [], info, error: null, at: LATER });
    const sent = JSON.stringify(deltas[0]).length;
    const whole = JSON.stringify(Object.values(store.get().zones)).length;
    expect(deltas[0]!.zonesPatched).toHaveLength(100);
    expect(sent).toBeLessThan(whole / 20);
  });

  it('says when each zone a failed batch missed was last read, and merges a cycle’s reads into one', () => {
    const store = new SnapshotStore();
    store.replace({ ...emptySnapshot(), zones: held(['A', 'B']) });
    const start = store.get();
    const deltas: SnapshotDelta[] = [];
    store.subscribe((delta) => deltas.push(delta));
    store.zonesFetched({ zones: [zone('A', 'A')], removedIds: [], info, error: null, at: LATER });
    store.upsertZone(zone('B', 'renamed'), LATER);
    store.zonesFetched({ zones: [{ ...zone('A', 'A'), enabled: false }], removedIds: [], info, error: null, at: LATEST });
    expect(deltas[0]!.zonesRead).toEqual({ at: LATER, unread: { B: AT } });
    const merged = deltas.reduce(mergeDeltas);
    expect(merged.zonesRead).toEqual({ at: LATEST, unread: { B: LATER } });
    expect(apply(start, merged)).toEqual(store.get());
    // A whole failure read nothing: no time moves.
    store.zonesFetched({ zones: [], removedIds: [], info: null, error: { kind: 'network', message: 'down' } as never, at: '2026-11-22T10:03:00.000Z' });
    expect(deltas.at(-1)).not.toHaveProperty('zonesRead');
  });

  it('merges a patch after an upsert into the upsert, and two patches into one', () => {
    const store = new SnapshotStore();
    store.replace({ ...emptySnapshot(), zones: held(['A']) });
    const start = store.get();
    const deltas: SnapshotDelta[] = [];
    store.subscribe((delta) => deltas.push(delta));
    store.zonesFetched({ zones: [{ ...zone('A', 'A'), spend_today_cents: 1 }, zone('N', 'N')], removedIds: [], info, error: null, at: LATER });
    store.zonesFetched({ zones: [{ ...zone('A', 'A'), spend_today_cents: 1, enabled: false }, { ...zone('N', 'N'), name: 'N2' }], removedIds: [], info, error: null, at: LATEST });
    const merged = deltas.reduce(mergeDeltas);
    expect(merged.zonesUpserted.map((entry) => entry.zone.name)).toEqual(['N2']);
    expect(merged.zonesPatched).toEqual([{ zoneId: 'A', set: { spend_today_cents: 1, enabled: false }, unset: [] }]);
    expect(apply(start, merged)).toEqual(store.get());
  });

  it('keeps every entry the delta leaves alone as the same object', () => {
    const store = new SnapshotStore();
    store.replace({ ...emptySnapshot(), zones: held(['A', 'B']) });
    const start = store.get();
    const deltas: SnapshotDelta[] = [];
    store.subscribe((delta) => deltas.push(delta));
    store.zonesFetched({ zones: [zone('A', 'A'), { ...zone('B', 'B'), enabled: false }], removedIds: [], info, error: null, at: LATER });
    const after = applySnapshotDelta(start, deltas[0]!);
    expect(after.zones.A).toBe(start.zones.A);
    expect(after.zones.B).not.toBe(start.zones.B);
    expect(applySnapshotDelta(after, { zonesUpserted: [], zoneIdsRemoved: [] }).zones).toBe(after.zones);
  });
});
