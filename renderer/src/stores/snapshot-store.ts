import { create } from 'zustand';
import type { Zone } from '../../../shared/api/zone';
import type { AppError } from '../../../shared/app-error';
import type { Snapshot, SnapshotDelta } from '../../../shared/snapshot';
import type { Status } from '../../../shared/status';
import { api } from '../zonewatch-api';
import { callForSelectedAccount } from './account-call';

type SnapshotState = {
  snapshot: Snapshot | null;
  status: Status | null;
  loadError: AppError | null;
  load(): Promise<void>;
  applyDelta(delta: SnapshotDelta): void;
  setStatus(status: Status): void;
  /** An action's result updates the snapshot at once (docs/architecture.md › Client behaviour › Actions). */
  upsertZone(zone: Zone): void;
  removeZone(zoneId: string): void;
};

export const useSnapshotStore = create<SnapshotState>()((set) => ({
  snapshot: null,
  status: null,
  loadError: null,
  async load() {
    const res = await callForSelectedAccount((profileId) => api().snapshot.get({ profileId }));
    if (!res) return;
    if (res.ok) set({ snapshot: res.value.snapshot, status: res.value.status, loadError: null });
    else set({ loadError: res.error });
  },
  applyDelta(delta) {
    set(({ snapshot }) => {
      if (!snapshot) return {};
      const zones = { ...snapshot.zones };
      for (const entry of delta.zonesUpserted) zones[entry.zone.zone_id] = entry;
      for (const id of delta.zoneIdsRemoved) delete zones[id];
      return {
        snapshot: {
          account: delta.account ?? snapshot.account,
          plans: delta.plans ?? snapshot.plans,
          zonesFetch: delta.zonesFetch ?? snapshot.zonesFetch,
          discovery: delta.discovery ?? snapshot.discovery,
          zones,
        },
      };
    });
  },
  setStatus(status) {
    set({ status });
  },
  upsertZone(zone) {
    set(({ snapshot }) =>
      snapshot ? { snapshot: { ...snapshot, zones: { ...snapshot.zones, [zone.zone_id]: { zone, fetchedAt: new Date().toISOString() } } } } : {},
    );
  },
  removeZone(zoneId) {
    set(({ snapshot }) => {
      if (!snapshot) return {};
      const zones = { ...snapshot.zones };
      delete zones[zoneId];
      return { snapshot: { ...snapshot, zones } };
    });
  },
}));
