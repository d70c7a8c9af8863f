import type { ChangeBlock } from '../../../shared/accounts';
import type { Zone } from '../../../shared/api/zone';
import type { ZoneUpdateBody } from '../../../shared/api/zone-update';
import type { IpsResult, PinResult, ZonePreview } from '../../../shared/views';
import type { AlertCenter } from '../alerts/alert-center';
import type { ApiClient } from '../api/client';
import type { SnapshotStore } from '../data/snapshot-store';
import { HandlerError } from '../ipc-dispatch';
import { stopBlockedReason } from '../spend-stop/stop-plan';
import { parsePinnedIds, verifyPinnedIds } from '../polling/zone-discovery';
import { writeFailureOf } from '../storage/write-failure';
import { CLIPBOARD_CLEAR_MS, type CredentialsClipboard } from './credentials-clipboard';
import { createZoneActions } from './zone-actions';

export type AccountZones = {
  setEnabled(zoneId: string, enabled: boolean): Promise<Zone>;
  preview(zoneId: string, changes: ZoneUpdateBody): Promise<ZonePreview>;
  update(zoneId: string, changes: ZoneUpdateBody, skipResourceCheck: boolean): Promise<Zone>;
  refreshIps(zoneId: string, ips: readonly string[]): Promise<IpsResult>;
  deleteIps(zoneId: string, ips: readonly string[]): Promise<IpsResult>;
  delete(zoneId: string): Promise<{ zoneId: string }>;
  /** Pins zone ids pasted by the user (those the service knows), and polls them at once. */
  pin(text: string): Promise<PinResult>;
  unpin(zoneId: string): { zoneId: string };
  /** Copies the zone's proxy login; it leaves the clipboard again after CLIPBOARD_CLEAR_MS. */
  copyCredentials(zoneId: string): Promise<{ clearsAfterMs: number }>;
};

/** One account's zones: its actions, the zones the user pinned, and copying a zone's proxy login. */
export function createAccountZones(deps: {
  client: () => ApiClient;
  store: SnapshotStore;
  now: () => number;
  /** The app made these changes itself: the zone-state rule must not report them as made elsewhere. */
  alerts: Pick<AlertCenter, 'acknowledgeZone' | 'acknowledgeZoneDeleted'>;
  /** Why no zone can be changed now (the read model's `changeBlockedBy`): a change then refuses before its request. */
  blockedBy: () => ChangeBlock | null;
  pins: { get(): readonly string[]; set(zoneIds: string[]): void };
  saveCaches: () => void;
  refresh: () => Promise<void>;
  credentials: CredentialsClipboard;
  proxyCredentials: (zoneId: string) => string;
}): AccountZones {
  const { store, alerts, pins } = deps;
  const actions = createZoneActions({ client: deps.client, store, now: deps.now });
  /** A change the app made: the alert rules told, and the cache written at once, so a restart before the service can be read again shows it. */
  const acknowledged = (zone: Zone): Zone => {
    alerts.acknowledgeZone(zone);
    deps.saveCaches();
    return zone;
  };
  // A key the service refused (or none) changes nothing: no request goes out with it, as Stop all
  // spend and the caps refuse (docs/architecture.md › Actions).
  const unblocked = () => {
    const blocked = stopBlockedReason(deps.blockedBy(), 'changed');
    if (blocked) throw new HandlerError({ kind: 'unavailable', message: blocked });
  };

  return {
    setEnabled: async (zoneId, enabled) => {
      unblocked();
      return acknowledged(await actions.setEnabled(zoneId, enabled));
    },
    preview: (zoneId, changes) => actions.preview(zoneId, changes),
    update: async (zoneId, changes, skipResourceCheck) => {
      unblocked();
      return acknowledged(await actions.update(zoneId, changes, skipResourceCheck));
    },
    refreshIps: async (zoneId, ips) => {
      unblocked();
      return actions.refreshIps(zoneId, ips);
    },
    async deleteIps(zoneId, ips) {
      unblocked();
      const result = await actions.deleteIps(zoneId, ips);
      if (result.zone) acknowledged(result.zone);
      return result;
    },
    async delete(zoneId) {
      unblocked();
      const result = await actions.deleteZone(zoneId);
      alerts.acknowledgeZoneDeleted(zoneId);
      try {
        if (pins.get().includes(zoneId)) pins.set(pins.get().filter((id) => id !== zoneId));
      } catch (err) {
        // The zone is gone on the service whatever the disk says: its pin stays as saved, as after a kill between the two.
        if (writeFailureOf(err) === null) throw err;
      }
      deps.saveCaches();
      return result;
    },
    async pin(text) {
      const known = [...new Set([...pins.get(), ...store.get().discovery.discoveredIds])];
      const result = await verifyPinnedIds(deps.client(), parsePinnedIds(text, known));
      if (result.added.length > 0) {
        pins.set([...pins.get(), ...result.added]);
        void deps.refresh();
      }
      return result;
    },
    unpin(zoneId) {
      pins.set(pins.get().filter((id) => id !== zoneId));
      if (!store.get().discovery.discoveredIds.includes(zoneId)) store.removeZone(zoneId);
      return { zoneId };
    },
    async copyCredentials(zoneId) {
      await deps.credentials.copy(deps.proxyCredentials(zoneId));
      return { clearsAfterMs: CLIPBOARD_CLEAR_MS };
    },
  };
}
