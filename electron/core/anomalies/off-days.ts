import { stoppedByCapText } from '../../../shared/caps-text';
import type { Snapshot } from '../../../shared/snapshot';
import type { SpendStopRecord } from '../../../shared/spend-stop';
import { dayOf } from '../ledger/utc-calendar';

// What the user or Zonewatch did that explains a zone's low day (docs/architecture.md › Daily
// anomalies): Stop all spend, a cap that turned the zone off, or the zone seen switched off. Pure:
// the facts are what the app holds now; the detection reads them as given.

/** A zone turned off on a UTC day, and by what, in words. */
export type OffFact = { zoneId: string; day: string; words: string };

export const OFF_ELSEWHERE = 'Turned off (by you or elsewhere)';

/**
 * The "stopped by Zonewatch" record's zones on the day of the stop; each zone off in the snapshot
 * whose cap turned it off, on the day the cap last triggered; any other zone off in the snapshot, on
 * the day it was seen off. A zone named by more than one keeps the first.
 */
export function offFacts(input: { snapshot: Pick<Snapshot, 'zones'> | null; stopRecord: SpendStopRecord | null }): OffFact[] {
  const facts: OffFact[] = [];
  const stop = input.stopRecord;
  if (stop) {
    const words = `Turned off by Stop all spend at ${stop.stoppedAt.slice(11, 16)} UTC`;
    for (const zone of stop.disabled) facts.push({ zoneId: zone.zoneId, day: stop.stoppedAt.slice(0, 10), words });
  }
  for (const [zoneId, entry] of Object.entries(input.snapshot?.zones ?? {})) {
    if (entry.zone.enabled !== false || facts.some((f) => f.zoneId === zoneId)) continue;
    const triggered = entry.zone.alert?.last_triggered;
    // Judged at the moment it triggered, the cap's own period is always current: the words name the cap.
    const byCap = triggered ? stoppedByCapText(entry.zone, Date.parse(triggered)) : null;
    if (byCap && triggered) facts.push({ zoneId, day: dayOf(Date.parse(triggered)), words: byCap });
    else facts.push({ zoneId, day: dayOf(Date.parse(entry.fetchedAt)), words: OFF_ELSEWHERE });
  }
  return facts;
}
