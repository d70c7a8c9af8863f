import type { AccountChannel } from '../../../../shared/ipc';
import type { HandlerTable } from '../../ipc-dispatch';
import type { Logger } from '../../ports';
import type { AccountWatch } from '../../watch/account-watch';
import { apiCall } from '../api-call';

export type ZoneHandlers = Pick<HandlerTable, Extract<AccountChannel, `zones:${string}`>>;

/** One account's zone changes, pinning, and copying a zone's proxy credentials; failures in plain words. */
export function createZoneHandlers(ctx: { account: (profileId: string) => Pick<AccountWatch, 'zones'>; logger: Logger }): ZoneHandlers {
  const { logger } = ctx;
  const zones = (profileId: string) => ctx.account(profileId).zones;
  return {
    'zones:setEnabled': async ({ profileId, zoneId, enabled }) => apiCall(logger, `${enabled ? 'enable' : 'disable'} zone ${zoneId}`, () => zones(profileId).setEnabled(zoneId, enabled)),
    'zones:preview': async ({ profileId, zoneId, changes }) => apiCall(logger, `preview the change to zone ${zoneId}`, () => zones(profileId).preview(zoneId, changes)),
    'zones:update': async ({ profileId, zoneId, changes, skipResourceCheck }) =>
      apiCall(logger, `change zone ${zoneId}`, () => zones(profileId).update(zoneId, changes, skipResourceCheck)),
    'zones:refreshIps': async ({ profileId, zoneId, ips }) => apiCall(logger, `refresh IPs of zone ${zoneId}`, () => zones(profileId).refreshIps(zoneId, ips)),
    'zones:deleteIps': async ({ profileId, zoneId, ips }) => apiCall(logger, `delete IPs of zone ${zoneId}`, () => zones(profileId).deleteIps(zoneId, ips)),
    'zones:delete': async ({ profileId, zoneId }) => apiCall(logger, `delete zone ${zoneId}`, () => zones(profileId).delete(zoneId)),
    'zones:pin': async ({ profileId, text }) => zones(profileId).pin(text),
    'zones:unpin': async ({ profileId, zoneId }) => zones(profileId).unpin(zoneId),
    'zones:copyCredentials': async ({ profileId, zoneId }) => zones(profileId).copyCredentials(zoneId),
  };
}
