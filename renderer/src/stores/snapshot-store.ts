import { create } from 'zustand';
import type { Zone } from '../../../shared/api/zone';
import type { AppError } from '../../../shared/app-error';
import type { Snapshot, SnapshotDelta, ZonesRead } from '../../../shared/snapshot';
import { applySnapshotDelta } from '../../../shared/snapshot-apply';
import type { Status } from '../../../shared/status';
import { api } from '../zonewatch-api';
import { callForSelectedAccount } from './account-call';

type SnapshotState = {
  snapshot: Snapshot | null;
  status: Status | null;
  loadError: AppError | null;
  /** The number of the last `account` update the snapshot holds; null before it was read. */
  seq: number | null;
  /** The last read of the zones, for the zones it read unchanged (shared/snapshot-apply.ts › zoneReadAt). */
  zonesRead: ZonesRead | null;
  load(): Promise<void>;
  /**
   * The shown account's update number `seq` with its data changes: applied in order, one already
   * held is skipped, and a number skipped reads the whole snapshot again (docs/architecture.md ›
   * How updates reach the window).
   */
  applyUpdate(seq: number, delta: SnapshotDelta | null): void;
  setStatus(status: Status): void;
  /** An action's result updates the snapshot at once (docs/architecture.md › Client behaviour › Actions). */
  upsertZone(zone: Zone): void;
  removeZone(zoneId: string): void;
};

/** The whole snapshot being read again after a gap: one read at a time. */
let resyncing: Promise<void> | null = null;

export const useSnapshotStore = create<SnapshotState>()((set, get) => ({
  snapshot: null,
  status: null,
  loadError: null,
  seq: null,
  zonesRead: null,
  async load() {
    const res = await callForSelectedAccount((profileId) => api().snapshot.get({ profileId }));
    if (!res) return;
    if (res.ok) set({ snapshot: res.value.snapshot, status: res.value.status, seq: res.value.seq, zonesRead: null, loadError: null });
    else set({ loadError: res.error });
  },
  applyUpdate(seq, delta) {
    const { snapshot, seq: held } = get();
    // Not read yet: the read that is on its way holds this update or comes before it (then the next one shows the gap).
    if (!snapshot) return;
    if (held !== null && seq <= held) return;
    if (held !== null && seq !== held + 1) {
      resyncing ??= get()
        .load()
        .finally(() => (resyncing = null));
      return;
    }
    if (!delta) return set({ seq });
    set({ seq, snapshot: applySnapshotDelta(snapshot, delta), ...(delta.zonesRead ? { zonesRead: delta.zonesRead } : {}) });
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
