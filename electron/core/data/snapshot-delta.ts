import type { SnapshotDelta } from '../../../shared/snapshot';

/**
 * One delta that does what `first` then `then` do: parts replaced by `then` win, a zone upserted
 * and then removed is removed, one removed and then upserted is upserted. A cycle's several
 * changes go to the views as this one. Pure.
 */
export function mergeDeltas(first: SnapshotDelta, then: SnapshotDelta): SnapshotDelta {
  const upserted = new Map(first.zonesUpserted.map((entry) => [entry.zone.zone_id, entry]));
  const removed = new Set(first.zoneIdsRemoved);
  for (const id of then.zoneIdsRemoved) {
    upserted.delete(id);
    removed.add(id);
  }
  for (const entry of then.zonesUpserted) {
    removed.delete(entry.zone.zone_id);
    upserted.set(entry.zone.zone_id, entry);
  }
  const account = then.account ?? first.account;
  const plans = then.plans ?? first.plans;
  const zonesFetch = then.zonesFetch ?? first.zonesFetch;
  const discovery = then.discovery ?? first.discovery;
  return {
    ...(account ? { account } : {}),
    ...(plans ? { plans } : {}),
    ...(zonesFetch ? { zonesFetch } : {}),
    ...(discovery ? { discovery } : {}),
    zonesUpserted: [...upserted.values()],
    zoneIdsRemoved: [...removed],
  };
}
