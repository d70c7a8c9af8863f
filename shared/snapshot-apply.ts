import type { Snapshot, SnapshotDelta, ZoneEntry, ZonesRead } from './snapshot';
import { applyZonePatch } from './zone-patch';

/**
 * The window's snapshot after `delta` (docs/architecture.md › How updates reach the window): only
 * the entries the delta names are new objects, every other entry (and every part it leaves alone)
 * is the one held before, so what reads an unchanged zone sees the same object and does not draw
 * again. A delta that touches no zone keeps the zone map itself. Pure.
 */
export function applySnapshotDelta(snapshot: Snapshot, delta: SnapshotDelta): Snapshot {
  const patches = delta.zonesPatched ?? [];
  let zones = snapshot.zones;
  if (delta.zonesUpserted.length > 0 || patches.length > 0 || delta.zoneIdsRemoved.length > 0) {
    zones = { ...snapshot.zones };
    for (const entry of delta.zonesUpserted) zones[entry.zone.zone_id] = entry;
    for (const patch of patches) {
      const held = zones[patch.zoneId];
      // A patch for a zone this window never held: the next full read brings it (a gap resyncs).
      if (held) zones[patch.zoneId] = { ...held, zone: applyZonePatch(held.zone, patch) };
    }
    for (const id of delta.zoneIdsRemoved) delete zones[id];
  }
  return {
    account: delta.account ?? snapshot.account,
    plans: delta.plans ?? snapshot.plans,
    zonesFetch: delta.zonesFetch ?? snapshot.zonesFetch,
    discovery: delta.discovery ?? snapshot.discovery,
    zones,
  };
}

/**
 * When a zone the window holds was last read: a zone read unchanged does not travel, so the last
 * read's time stands for it unless that read missed it. Pure.
 */
export function zoneReadAt(entry: ZoneEntry, read: ZonesRead | null): string {
  if (read === null) return entry.fetchedAt;
  const byRead = read.unread[entry.zone.zone_id] ?? read.at;
  return Date.parse(byRead) > Date.parse(entry.fetchedAt) ? byRead : entry.fetchedAt;
}
