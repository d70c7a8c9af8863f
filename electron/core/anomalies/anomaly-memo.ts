import type { Anomaly } from '../../../shared/anomalies';
import type { HistoryQueries } from '../history/history-facade';
import { createLastResult } from '../history/last-result';
import { addDays, dayOf } from '../ledger/utc-calendar';
import type { Logger } from '../ports';
import type { OffDays } from './off-days-record';

export type AnomalyMemoDeps = {
  history: Pick<HistoryQueries, 'query' | 'lastReadingAt'>;
  now: () => number;
  logger: Logger;
  /** What the app knows turned zones off, kept across restarts (./off-days-record.ts), with what it sees now folded in. */
  offDays: () => OffDays;
};

/** How far back the alert rule looks: the last full week (its weekly summary) and the days since. */
export const RECENT_DAYS = 14;

/**
 * An account's anomalies (docs/architecture.md › Daily anomalies), worked out by the ledger's
 * `anomalies` query once per new ledger reading, UTC day or change in what turned zones off,
 * however often the alert rule and the views ask: all the ledger holds, and the recent ones the
 * alert rule reads. The poll cycle awaits it after its ledger write; between cycles (a stop that
 * turned zones off) the last list is read until the new one lands.
 */
export function createAnomalyMemo(deps: AnomalyMemoDeps): { all(): readonly Anomaly[]; recent(): readonly Anomaly[]; refresh(): Promise<void> } {
  const last = createLastResult({
    inputs: () => ({ lastReading: deps.history.lastReadingAt(), day: dayOf(deps.now()), off: deps.offDays() }),
    holds: (kept, now) => kept.lastReading === now.lastReading && kept.day === now.day && kept.off.version === now.off.version,
    async compute({ day, off }) {
      const all = await deps.history.query('anomalies', { facts: off.facts });
      const from = addDays(day, -RECENT_DAYS);
      return { all, recent: all.filter((a) => a.day >= from) };
    },
    initial: { all: [] as Anomaly[], recent: [] as Anomaly[] },
    onError: (err) => deps.logger.error('anomalies: the unusual days could not be worked out; the last list stays', { error: err }),
  });
  return { all: () => last.current().all, recent: () => last.current().recent, refresh: () => last.refresh() };
}
