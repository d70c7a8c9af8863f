import type { Anomaly } from '../../../shared/anomalies';
import type { DerivedMonth } from '../ledger/ledger-model';
import { addDays, dayOf } from '../ledger/utc-calendar';
import { dailyAnomalies } from './daily-anomalies';

export type AnomalyMemoDeps = {
  ledger: { months(): readonly DerivedMonth[]; lastReadingAt(): number | null };
  now: () => number;
};

/** How far back the alert rule looks: the last full week (its weekly summary) and the days since. */
export const RECENT_DAYS = 14;

/**
 * An account's anomalies (docs/architecture.md › Daily anomalies), worked out once per new ledger
 * reading or UTC day however often the alert rule and the views ask: all the ledger holds, and the
 * recent ones the alert rule reads.
 */
export function createAnomalyMemo(deps: AnomalyMemoDeps): { all(): readonly Anomaly[]; recent(): readonly Anomaly[] } {
  let kept: { lastReading: number | null; day: string; all: Anomaly[]; recent: Anomaly[] } | null = null;
  const current = () => {
    const lastReading = deps.ledger.lastReadingAt();
    const day = dayOf(deps.now());
    if (kept === null || kept.lastReading !== lastReading || kept.day !== day) {
      const all = dailyAnomalies(deps.ledger.months());
      const from = addDays(day, -RECENT_DAYS);
      kept = { lastReading, day, all, recent: all.filter((a) => a.day >= from) };
    }
    return kept;
  };
  return { all: () => current().all, recent: () => current().recent };
}
