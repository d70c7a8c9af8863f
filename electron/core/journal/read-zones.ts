import type { Zone } from '../../../shared/api/zone';
import type { ApiClient } from '../api/client';
import { batchZoneIds, MAX_PARALLEL_BATCHES, settleWithLimit } from '../polling/zone-batches';

/** Zones read fresh from the service; `unread` holds why each zone whose batch failed could not be read. */
export type FreshZones = { state: Map<string, Zone>; unread: Map<string, unknown> };

/**
 * The zones' state now, read fresh from the service in batches, four at a time: a stale snapshot
 * must not decide what was already off, what holds a cap, or what an interrupted run changed. A
 * zone in neither map was left out of the answer (deleted, or no longer visible to the key).
 */
export async function readZones(client: ApiClient, ids: readonly string[], signal: AbortSignal): Promise<FreshZones> {
  const state = new Map<string, Zone>();
  const unread = new Map<string, unknown>();
  const batches = batchZoneIds(ids);
  const settled = await settleWithLimit(batches, (batch) => client.getZones(batch, { signal }), MAX_PARALLEL_BATCHES);
  settled.forEach((result, index) => {
    const batch = batches[index] ?? [];
    if (result.status === 'fulfilled') for (const zone of result.value.zones) state.set(zone.zone_id, zone);
    else for (const id of batch) unread.set(id, result.reason);
  });
  return { state, unread };
}
