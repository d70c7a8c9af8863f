import type { z } from 'zod';
import type { Info } from '../../../../shared/api/info';
import { IpsBody } from '../../../../shared/api/ips';
import type { DroppedItem, ItemGap } from '../../../../shared/api/list-validation';
import { toSearchParams } from '../../../../shared/api/query-params';
import { DeleteIpsResponse, DeleteZoneResponse, GetZonesResponse, RefreshIpsResponse, ZoneUpdateResponse } from '../../../../shared/api/responses';
import { type Zone, ZoneId } from '../../../../shared/api/zone';
import { ZoneIds } from '../../../../shared/api/zone-ids';
import { ZoneUpdateBody } from '../../../../shared/api/zone-update';
import { zoneMemberGaps } from './member-gaps';
import { createZoneLanes } from './zone-lanes';
import { type CallOptions, checkInput, type OperationContext, validate, validateList } from './validation';

export type ZonesResult = { info: Info; zones: Zone[]; dropped: DroppedItem[]; gaps: ItemGap[] };
export type ZoneUpdateResult = { info: Info; preview: boolean; zone: Zone };
export type DeleteZoneResult = { info: Info; zoneId: string; deleted: boolean };
export type RefreshIpsResult = { refreshedIps: string[] };
export type DeleteIpsResult = { deletedIps: string[]; zone: Zone };
export type ZoneUpdateOptions = CallOptions & { preview?: boolean; skipResourceCheck?: boolean };

/** What is read and changed zone by zone. */
export type ZoneOperations = {
  getZones(zoneIds: readonly string[], options?: CallOptions): Promise<ZonesResult>;
  updateZone(zoneId: string, changes: z.input<typeof ZoneUpdateBody>, options?: ZoneUpdateOptions): Promise<ZoneUpdateResult>;
  deleteZone(zoneId: string, options?: CallOptions): Promise<DeleteZoneResult>;
  refreshIps(zoneId: string, ips: readonly string[], options?: CallOptions): Promise<RefreshIpsResult>;
  deleteIps(zoneId: string, ips: readonly string[], options?: CallOptions): Promise<DeleteIpsResult>;
};

/** Operations 5, 2, 6, 4 and 3 of docs/api.md › The nine operations. */
export function zoneOperations(ctx: OperationContext): ZoneOperations {
  const { send } = ctx;
  const zonePath = (zoneId: string, operation: string) => encodeURIComponent(checkInput(ZoneId, zoneId, operation));
  const inLane = createZoneLanes();

  return {
    async getZones(zoneIds, call = {}) {
      const operation = 'GET /v1/zones/{ids}';
      const ids = checkInput(ZoneIds, zoneIds, operation);
      const path = `/zones/${ids.map(encodeURIComponent).join(',')}`;
      const { body } = await send({ method: 'GET', path, operation, safe: true }, call.signal);
      const parsed = validateList(ctx, GetZonesResponse, 'zones', body, operation, { source: 'zones', idKey: 'zone_id', gapsOf: zoneMemberGaps });
      return { info: parsed.data.info, zones: parsed.data.zones, dropped: parsed.dropped, gaps: parsed.gaps };
    },

    async updateZone(zoneId, changes, call = {}) {
      const operation = 'PUT /v1/zones/{id}';
      const path = `/zones/${zonePath(zoneId, operation)}`;
      const body = checkInput(ZoneUpdateBody, changes, operation);
      const query = toSearchParams({
        preview: call.preview ? true : undefined,
        skip_resource_check: call.skipResourceCheck === false ? false : undefined,
      });
      const put = () => send({ method: 'PUT', path, operation, query, body, safe: false }, call.signal);
      // A preview changes nothing, so it need not wait for the zone's writes.
      const answer = await (call.preview ? put() : inLane(zoneId, put));
      const parsed = validate(ZoneUpdateResponse, answer.body, operation);
      return { info: parsed.info, preview: parsed.preview, zone: parsed.zone };
    },

    async deleteZone(zoneId, call = {}) {
      const operation = 'DELETE /v1/zones/{id}';
      const path = `/zones/${zonePath(zoneId, operation)}`;
      const answer = await inLane(zoneId, () => send({ method: 'DELETE', path, operation, safe: false }, call.signal));
      const parsed = validate(DeleteZoneResponse, answer.body, operation);
      return { info: parsed.info, zoneId: parsed.zone_id, deleted: parsed.deleted };
    },

    async refreshIps(zoneId, ips, call = {}) {
      const operation = 'PUT /v1/zones/{id}/ips';
      const path = `/zones/${zonePath(zoneId, operation)}/ips`;
      const body = checkInput(IpsBody, { ips }, operation);
      const answer = await inLane(zoneId, () => send({ method: 'PUT', path, operation, body, safe: false }, call.signal));
      return { refreshedIps: validate(RefreshIpsResponse, answer.body, operation).refreshed_ips };
    },

    async deleteIps(zoneId, ips, call = {}) {
      const operation = 'DELETE /v1/zones/{id}/ips';
      const path = `/zones/${zonePath(zoneId, operation)}/ips`;
      const body = checkInput(IpsBody, { ips }, operation);
      const answer = await inLane(zoneId, () => send({ method: 'DELETE', path, operation, body, safe: false }, call.signal));
      const parsed = validate(DeleteIpsResponse, answer.body, operation);
      return { deletedIps: parsed.deleted_ips, zone: parsed.zone };
    },
  };
}
