import { create } from 'zustand';
import type { Zone } from '../../../shared/api/zone';
import { zoneDisplayName } from '../../../shared/zone-name';
import { zoneToggleConfirmation, type ToggleConfirmation } from '../../../shared/zone-toggle-confirmation';
import { errorText } from '../model/error-text';
import { NO_ZONE_FILTER, type ZoneFilter } from '../model/zone-filter';
import { api } from '../zonewatch-api';
import { callForSelectedAccount } from './account-call';
import { useSnapshotStore } from './snapshot-store';

type ZonesState = {
  filter: ZoneFilter;
  /** Toggles sent but not yet answered: the row shows this state meanwhile (optimistic). */
  pending: Record<string, boolean>;
  /** The last toggle failure, said in plain words; the row is back to its real state. */
  message: { zoneId: string; text: string } | null;
  /** A toggle waiting for the user to confirm it (the same rule as the tray's). */
  confirming: { zone: Zone; ask: ToggleConfirmation } | null;
  setFilter(patch: Partial<ZoneFilter>): void;
  /** A click on a zone's switch: straight through, unless it would cut off open connections. */
  requestToggle(zone: Zone): Promise<void>;
  confirmToggle(): Promise<void>;
  cancelToggle(): void;
  toggle(zone: Zone): Promise<void>;
  dismissMessage(): void;
};

export const useZonesStore = create<ZonesState>()((set, get) => ({
  filter: NO_ZONE_FILTER,
  pending: {},
  message: null,
  confirming: null,
  setFilter(patch) {
    set(({ filter }) => ({ filter: { ...filter, ...patch } }));
  },
  async requestToggle(zone) {
    if (zone.zone_id in get().pending) return;
    // A zone whose state is unknown shows as off: its switch asks to enable it (see `toggle`).
    const ask = zoneToggleConfirmation(zone, zone.enabled !== true);
    if (ask) return set({ confirming: { zone, ask }, message: null });
    set({ confirming: null });
    await get().toggle(zone);
  },
  async confirmToggle() {
    const confirming = get().confirming;
    if (!confirming) return;
    set({ confirming: null });
    await get().toggle(confirming.zone);
  },
  cancelToggle() {
    set({ confirming: null });
  },
  async toggle(zone) {
    if (zone.zone_id in get().pending) return;
    // A zone whose state is unknown shows as off, so its toggle asks to enable it.
    const enabled = zone.enabled !== true;
    set(({ pending }) => ({ pending: { ...pending, [zone.zone_id]: enabled }, message: null }));
    const res = await callForSelectedAccount((profileId) => api().zones.setEnabled({ profileId, zoneId: zone.zone_id, enabled }));
    // Switched to another account meanwhile: its zones are not this one's (the stores were reset).
    if (!res) return;
    if (res.ok) useSnapshotStore.getState().upsertZone(res.value);
    set(({ pending }) => {
      const rest = { ...pending };
      delete rest[zone.zone_id];
      if (res.ok) return { pending: rest };
      const verb = enabled ? 'enable' : 'disable';
      const still = zone.enabled === undefined ? 'Its current state is unknown.' : `It is still ${zone.enabled ? 'enabled' : 'disabled'}.`;
      return {
        pending: rest,
        message: { zoneId: zone.zone_id, text: `Could not ${verb} “${zoneDisplayName(zone)}”: ${errorText(res.error)} ${still}` },
      };
    });
  },
  dismissMessage() {
    set({ message: null });
  },
}));
