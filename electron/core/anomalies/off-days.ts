import { stoppedByCapText } from '../../../shared/caps-text';
import type { Snapshot } from '../../../shared/snapshot';
import type { SpendStopRecord } from '../../../shared/spend-stop';
import { addDays, dayOf } from '../ledger/utc-calendar';

// What the user or Zonewatch did that explains a zone's low day (docs/architecture.md › Daily
// anomalies): Stop all spend, a cap that turned the zone off, or the zone seen switched off. Pure:
// the facts are what the app holds now; off-days-record.ts keeps each one as it was first seen.

/**
 * A zone off from UTC day `from` to `to` (inclusive), and by what, in words. It explains a low day
 * from `from` to the day after `to`: a zone turned off late, or back on late, runs little of the
 * next day too.
 */
export type OffFact = { zoneId: string; from: string; to: string; words: string };

export const OFF_ELSEWHERE = 'Turned off (by you or elsewhere)';

/** Whether `fact` explains `day` (the day after its last one included). */
export function explains(fact: OffFact, day: string): boolean {
  return fact.from <= day && day <= addDays(fact.to, 1);
}

/**
 * The "stopped by Zonewatch" record's zones on the day of the stop, and through today for those
 * the snapshot still shows off (until a Restore clears them from the record); each zone off in the
 * snapshot whose cap turned it off, on the day the cap last triggered; any other zone off in the
 * snapshot, on the day it was seen off. A zone named by more than one keeps the first.
 */
export function offFacts(input: { snapshot: Pick<Snapshot, 'zones'> | null; stopRecord: SpendStopRecord | null; now: number }): OffFact[] {
  const facts: OffFact[] = [];
  const stop = input.stopRecord;
  if (stop) {
    const words = `Turned off by Stop all spend at ${stop.stoppedAt.slice(11, 16)} UTC`;
    const from = stop.stoppedAt.slice(0, 10);
    const today = dayOf(input.now);
    for (const zone of stop.disabled) {
      // Off still, it is off today too; turned back on by hand since, the record says nothing of today.
      const stillOff = input.snapshot?.zones[zone.zoneId]?.zone.enabled === false;
      facts.push({ zoneId: zone.zoneId, from, to: stillOff && today > from ? today : from, words });
    }
  }
  const stopped = new Set(facts.map((f) => f.zoneId));
  for (const [zoneId, entry] of Object.entries(input.snapshot?.zones ?? {})) {
    if (entry.zone.enabled !== false || stopped.has(zoneId)) continue;
    const triggered = entry.zone.alert?.last_triggered;
    // Judged at the moment it triggered, the cap's own period is always current: the words name the cap.
    const byCap = triggered ? stoppedByCapText(entry.zone, Date.parse(triggered)) : null;
    const day = byCap && triggered ? dayOf(Date.parse(triggered)) : dayOf(Date.parse(entry.fetchedAt));
    facts.push({ zoneId, from: day, to: day, words: byCap ?? OFF_ELSEWHERE });
  }
  return facts;
}
