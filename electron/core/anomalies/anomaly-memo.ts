import type { Anomaly } from '../../../shared/anomalies';
import type { DerivedMonth } from '../ledger/ledger-model';
import { addDays, dayOf } from '../ledger/utc-calendar';
import { dailyAnomalies } from './daily-anomalies';
import type { OffFact } from './off-days';

export type AnomalyMemoDeps = {
  ledger: { months(): readonly DerivedMonth[]; lastReadingAt(): number | null };
  now: () => number;
  /** What the app knows turned zones off (./off-days › offFacts). */
  offFacts: () => readonly OffFact[];
};

/** How far back the alert rule looks: the last full week (its weekly summary) and the days since. */
export const RECENT_DAYS = 14;

/**
 * An account's anomalies (docs/architecture.md › Daily anomalies), worked out once per new ledger
 * reading or UTC day however often the alert rule and the views ask: all the ledger holds, and the
 * recent ones the alert rule reads.
 */
export function createAnomalyMemo(deps: AnomalyMemoDeps): { all(): readonly Anomaly[]; recent(): readonly Anomaly[] } {
  let kept: { lastReading: number | null; day: string; facts: string; all: Anomaly[]; recent: Anomaly[] } | null = null;
  // Days seen off stay known while the app runs, though the snapshot has since seen the zone back on.
  const seen = new Map<string, OffFact>();
  const current = () => {
    const lastReading = deps.ledger.lastReadingAt();
    const day = dayOf(deps.now());
    for (const fact of deps.offFacts()) if (!seen.has(`${fact.zoneId}:${fact.day}`)) seen.set(`${fact.zoneId}:${fact.day}`, fact);
    const facts = [...seen.values()];
    const factsKey = JSON.stringify(facts);
    if (kept === null || kept.lastReading !== lastReading || kept.day !== day || kept.facts !== factsKey) {
      const all = dailyAnomalies(deps.ledger.months(), '', facts);
      const from = addDays(day, -RECENT_DAYS);
      kept = { lastReading, day, facts: factsKey, all, recent: all.filter((a) => a.day >= from) };
    }
    return kept;
  };
  return { all: () => current().all, recent: () => current().recent };
}
