import type { Zone } from '../../../shared/api/zone';
import type { ApiClient } from '../api/client';
import type { JournalValue } from './journal-entry';
import type { JournalRun } from './journal';
import { readZones } from './read-zones';
import { holds } from './recovery';

/**
 * A change whose answer never came back (the connection dropped after the service carried it out)
 * may have landed: the zones are read again once, and each that holds what was sent is counted
 * done — journaled as changed and handed to `landed`, as recovery would count it changed
 * (docs/architecture.md › Write ahead, then act). A zone that cannot be read stays failed. Returns
 * the zones found landed; nothing is read once the key was refused or the run's deadline passed.
 */
export async function landedAfterAll(deps: {
  client: ApiClient;
  sent: readonly { zoneId: string; send: JournalValue }[];
  keyRejected: boolean;
  signal: AbortSignal;
  journal: Pick<JournalRun, 'result'>;
  landed: { add(zone: Zone): void };
}): Promise<Set<string>> {
  if (deps.sent.length === 0 || deps.keyRejected || deps.signal.aborted) return new Set();
  const { state } = await readZones(deps.client, deps.sent.map((zone) => zone.zoneId), deps.signal);
  const done = new Set<string>();
  for (const zone of deps.sent) {
    const now = state.get(zone.zoneId);
    if (now === undefined || !holds(now, zone.send)) continue;
    deps.journal.result(zone.zoneId, 'changed');
    deps.landed.add(now);
    done.add(zone.zoneId);
  }
  return done;
}
