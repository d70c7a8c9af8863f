import type { Anomaly } from '../../../shared/anomalies';
import type { Snapshot } from '../../../shared/snapshot';
import type { SpendStopRecord } from '../../../shared/spend-stop';
import type { Logger } from '../ports';
import type { PersistentDocument } from '../storage/persistence';
import { type AnomalyMemoDeps, createAnomalyMemo } from './anomaly-memo';
import { offFacts } from './off-days';
import { createOffDaysRecord, type OffDaysFile } from './off-days-record';

export type AccountAnomalies = {
  /** Every anomaly the ledger shows, newest first. */
  all(): readonly Anomaly[];
  /** Those of the last two weeks, for the alert rule. */
  recent(): readonly Anomaly[];
  /** Keeps what turns zones off now and works the anomalies out again if that changed (the watch calls it at start and whenever the stop record changes). */
  observe(): void;
  /** Works them out again if the ledger or what turned zones off changed (within a poll cycle, after its ledger write); never rejects. */
  refresh(): Promise<void>;
};

/**
 * One account's anomalies (docs/architecture.md › Daily anomalies) with what explains its low days:
 * what the app sees turning zones off (the stop record, the snapshot) is kept in the account's
 * off-days record each time the anomalies are asked for and whenever the watch says, and the
 * detection reads that record only, so a Restore or a restart changes nothing it says.
 */
export function createAccountAnomalies(deps: {
  history: AnomalyMemoDeps['history'];
  doc: PersistentDocument<OffDaysFile>;
  now: () => number;
  logger: Logger;
  snapshot: () => Pick<Snapshot, 'zones'>;
  /** The stop record as stored: what a stop is known to have turned off, not what an interrupted one may have. */
  stopRecord: () => SpendStopRecord | null;
}): AccountAnomalies {
  const record = createOffDaysRecord({ doc: deps.doc, now: deps.now, logger: deps.logger });
  const observe = () => record.observe(offFacts({ snapshot: deps.snapshot(), stopRecord: deps.stopRecord(), now: deps.now() }));
  const memo = createAnomalyMemo({ history: deps.history, now: deps.now, logger: deps.logger, offDays: observe });
  return {
    all: memo.all,
    recent: memo.recent,
    observe() {
      observe();
      void memo.refresh();
    },
    refresh: memo.refresh,
  };
}
