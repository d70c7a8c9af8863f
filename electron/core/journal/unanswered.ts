import type { Zone } from '../../../shared/api/zone';
import type { ApiClient } from '../api/client';
import type { JournalValue } from './journal-entry';
import { readZones } from './read-zones';
import { holds } from './recovery';

/**
 * A change whose answer never came back (the connection dropped after the service carried it out)
 * may have landed: the zones are read again once, and each that holds what was sent is returned as
 * read — the run counts it done, as recovery would count it changed (docs/architecture.md › Write
 * ahead, then act). A zone that cannot be read stays failed.
 */
export async function landedAfterAll(client: ApiClient, sent: readonly { zoneId: string; send: JournalValue }[], signal: AbortSignal): Promise<Map<string, Zone>> {
  if (sent.length === 0 || signal.aborted) return new Map();
  const { state } = await readZones(client, sent.map((zone) => zone.zoneId), signal);
  return new Map(
    sent.flatMap((zone) => {
      const now = state.get(zone.zoneId);
      return now !== undefined && holds(now, zone.send) ? [[zone.zoneId, now] as const] : [];
    }),
  );
}
