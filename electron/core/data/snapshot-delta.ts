import type { SnapshotDelta, ZoneEntry } from '../../../shared/snapshot';
import { applyZonePatch, mergeZonePatches, type ZonePatch } from '../../../shared/zone-patch';

/**
 * One delta that does what `first` then `then` do: parts replaced by `then` win, a zone upserted
 * and then removed is removed, one removed and then upserted is upserted, one upserted and then
 * patched is upserted patched, two patches are one. A cycle's several changes go to the views as
 * this one. Pure.
 */
export function mergeDeltas(first: SnapshotDelta, then: SnapshotDelta): SnapshotDelta {
  const upserted = new Map<string, ZoneEntry>(first.zonesUpserted.map((entry) => [entry.zone.zone_id, entry]));
  const patched = new Map<string, ZonePatch>((first.zonesPatched ?? []).map((patch) => [patch.zoneId, patch]));
  const removed = new Set(first.zoneIdsRemoved);
  for (const id of then.zoneIdsRemoved) {
    upserted.delete(id);
    patched.delete(id);
    removed.add(id);
  }
  for (const entry of then.zonesUpserted) {
    removed.delete(entry.zone.zone_id);
    patched.delete(entry.zone.zone_id);
    upserted.set(entry.zone.zone_id, entry);
  }
  for (const patch of then.zonesPatched ?? []) {
    const whole = upserted.get(patch.zoneId);
    const earlier = patched.get(patch.zoneId);
    if (whole) upserted.set(patch.zoneId, { ...whole, zone: applyZonePatch(whole.zone, patch) });
    else patched.set(patch.zoneId, earlier ? mergeZonePatches(earlier, patch) : patch);
  }
  const account = then.account ?? first.account;
  const plans = then.plans ?? first.plans;
  const zonesFetch = then.zonesFetch ?? first.zonesFetch;
  const discovery = then.discovery ?? first.discovery;
  // The later read's times are the core's own, which already know the earlier read.
  const zonesRead = then.zonesRead ?? first.zonesRead;
  return {
    ...(account ? { account } : {}),
    ...(plans ? { plans } : {}),
    ...(zonesFetch ? { zonesFetch } : {}),
    ...(discovery ? { discovery } : {}),
    ...(zonesRead ? { zonesRead } : {}),
    zonesUpserted: [...upserted.values()],
    ...(patched.size > 0 ? { zonesPatched: [...patched.values()] } : {}),
    zoneIdsRemoved: [...removed],
  };
}
