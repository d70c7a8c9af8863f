import type { Anomaly } from '../../../shared/anomalies';
import type { DerivedMonth } from '../ledger/ledger-model';
import { addDays, dayOf } from '../ledger/utc-calendar';
import { dailyAnomalies } from './daily-anomalies';
import type { OffDays } from './off-days-record';

export type AnomalyMemoDeps = {
  ledger: { months(): readonly DerivedMonth[]; lastReadingAt(): number | null };
  now: () => number;
  /** What the app knows turned zones off, kept across restarts (./off-days-record.ts), with what it sees now folded in. */
  offDays: () => OffDays;
};

/** How far back the alert rule looks: the last full week (its weekly summary) and the days since. */
export const RECENT_DAYS = 14;

/**
 * An account's anomalies (docs/architecture.md › Daily anomalies), worked out once per new ledger
 * reading, UTC day or change in what turned zones off, however often the alert rule and the views
 * ask: all the ledger holds, and the recent ones the alert rule reads.
 */
export function createAnomalyMemo(deps: AnomalyMemoDeps): { all(): readonly Anomaly[]; recent(): readonly Anomaly[] } {
  let kept: { lastReading: number | null; day: string; facts: number; all: Anomaly[]; recent: Anomaly[] } | null = null;
  const current = () => {
    const lastReading = deps.ledger.lastReadingAt();
    const day = dayOf(deps.now());
    const off = deps.offDays();
    if (kept === null || kept.lastReading !== lastReading || kept.day !== day || kept.facts !== off.version) {
      const all = dailyAnomalies(deps.ledger.months(), '', off.facts);
      const from = addDays(day, -RECENT_DAYS);
      kept = { lastReading, day, facts: off.version, all, recent: all.filter((a) => a.day >= from) };
    }
    return kept;
  };
  return { all: () => current().all, recent: () => current().recent };
}
