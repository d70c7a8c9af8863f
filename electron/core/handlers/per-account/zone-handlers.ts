import type { Zone } from '../../../../shared/api/zone';
import type { AccountChannel } from '../../../../shared/ipc';
import type { AccountSessions } from '../../accounts/key-check';
import { CLIPBOARD_CLEAR_MS, type CredentialsClipboard } from '../../zones/credentials-clipboard';
import type { HandlerTable } from '../../ipc-dispatch';
import type { Poller } from '../../polling/poller';
import type { Logger } from '../../ports';
import type { SnapshotStore } from '../../data/snapshot-store';
import type { ZoneActions } from '../../zones/zone-actions';
import { parsePinnedIds, verifyPinnedIds } from '../../polling/zone-discovery';
import { apiCall } from '../api-call';

export type ZoneHandlers = Pick<HandlerTable, Extract<AccountChannel, `zones:${string}`>>;

export type ZoneHandlersContext = {
  sessions: Pick<AccountSessions, 'current' | 'require' | 'updatePinned' | 'persist'>;
  store: SnapshotStore;
  actions: ZoneActions;
  poller: Pick<Poller, 'refreshNow'>;
  credentials: CredentialsClipboard;
  logger: Logger;
};

/** Zone changes, pinning, and copying a zone's proxy credentials. */
export function createZoneHandlers(ctx: ZoneHandlersContext): ZoneHandlers {
  const { sessions, store, actions, logger } = ctx;

  /** The app made this change itself: the zone-state rule must not report it as made elsewhere. */
  function acknowledged(zone: Zone): Zone {
    sessions.current()?.alerts.acknowledgeZone(zone);
    return zone;
  }

  return {
    'zones:setEnabled': async ({ zoneId, enabled }) =>
      acknowledged(await apiCall(logger, `${enabled ? 'enable' : 'disable'} zone ${zoneId}`, () => actions.setEnabled(zoneId, enabled))),
    'zones:preview': async ({ zoneId, changes }) => apiCall(logger, `preview the change to zone ${zoneId}`, () => actions.preview(zoneId, changes)),
    'zones:update': async ({ zoneId, changes, skipResourceCheck }) =>
      acknowledged(await apiCall(logger, `change zone ${zoneId}`, () => actions.update(zoneId, changes, skipResourceCheck))),
    'zones:refreshIps': async ({ zoneId, ips }) => apiCall(logger, `refresh IPs of zone ${zoneId}`, () => actions.refreshIps(zoneId, ips)),
    'zones:deleteIps': async ({ zoneId, ips }) => {
      const result = await apiCall(logger, `delete IPs of zone ${zoneId}`, () => actions.deleteIps(zoneId, ips));
      if (result.zone) acknowledged(result.zone);
      return result;
    },
    'zones:delete': async ({ zoneId }) => {
      const result = await apiCall(logger, `delete zone ${zoneId}`, () => actions.deleteZone(zoneId));
      sessions.current()?.alerts.acknowledgeZoneDeleted(zoneId);
      if (sessions.current()?.profile.pinnedZoneIds.includes(zoneId)) sessions.updatePinned((pinned) => pinned.filter((id) => id !== zoneId));
      sessions.persist({ force: true });
      return result;
    },
    'zones:pin': async ({ text }) => {
      const s = sessions.require();
      const discovery = store.get().discovery;
      const known = [...new Set([...s.profile.pinnedZoneIds, ...discovery.discoveredIds])];
      const result = await verifyPinnedIds(s.client, parsePinnedIds(text, known));
      if (result.added.length > 0) {
        sessions.updatePinned((pinned) => [...pinned, ...result.added]);
        void ctx.poller.refreshNow();
      }
      return result;
    },
    'zones:unpin': async ({ zoneId }) => {
      sessions.updatePinned((pinned) => pinned.filter((id) => id !== zoneId));
      if (!store.get().discovery.discoveredIds.includes(zoneId)) store.removeZone(zoneId);
      return { zoneId };
    },
    'zones:copyCredentials': async ({ zoneId }) => {
      const s = sessions.require();
      // The proxy login (service-facts.md › Proxy endpoint): username `zone-<ID>`, password = the key.
      await ctx.credentials.copy(`zone-${zoneId}\n${s.key}`);
      return { clearsAfterMs: CLIPBOARD_CLEAR_MS };
    },
  };
}
