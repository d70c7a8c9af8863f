import type { SpendStopRecord } from '../../../shared/spend-stop';
import { createAccountAnomalies } from '../anomalies/account-anomalies';
import type { SnapshotStore } from '../data/snapshot-store';
import { createMonthEndMemo } from '../forecast/month-end-memo';
import { createUsualSpendMemo } from '../history/usual-spend-memo';
import type { Logger } from '../ports';
import type { AccountFiles } from './account-files';

/**
 * What one account's watch works out over its daily ledger (docs/architecture.md › The daily
 * ledger › Queries): the month-end forecast, the anomalies and each zone's usual daily spend, each
 * the last result of the ledger's query. Within each poll cycle `settle` writes the cycle's
 * readings and then works all three out again, before the cycle's outcome is recorded: the read
 * model, the tray, the alert rules and History read this cycle's figures, as before.
 */
export function createLedgerFigures(deps: {
  files: Pick<AccountFiles, 'zoneHistory' | 'offDays'>;
  store: SnapshotStore;
  stopRecord: () => SpendStopRecord | null;
  now: () => number;
  logger: Logger;
  /** A figure a read found stale has landed between cycles: the read model is derived again. */
  onFresh: () => void;
}) {
  const { files, store, now, logger } = deps;
  const history = files.zoneHistory.queries;
  const snapshot = () => store.get();
  const monthEnd = createMonthEndMemo({ snapshot, history, now, logger, onFresh: deps.onFresh });
  const anomalies = createAccountAnomalies({ history, doc: files.offDays, now, logger, snapshot, stopRecord: deps.stopRecord });
  const usual = createUsualSpendMemo({ history, snapshot, now, logger });
  const refresh = () => Promise.all([monthEnd.refresh(), anomalies.refresh(), usual.refresh()]).then(() => undefined);
  // From the cached snapshot and the ledger as opened, before the first cycle.
  void refresh();
  return {
    monthEnd: () => monthEnd.current(),
    anomalies,
    /** Each zone's usual daily spend, read by the caps and the per-zone spike rule alike. */
    usualSpend: usual.reader,
    /** Works the figures out again where their inputs changed; never rejects (a failed one keeps its last result). */
    refresh,
    /**
     * Within a poll cycle that was not cancelled, after its requests: its readings into the ledger
     * (a cycle that read no zones adds none), then the figures over them. Never rejects.
     */
    async settle(): Promise<void> {
      const current = snapshot();
      if (current.zonesFetch.fetchedAt !== null) await files.zoneHistory.record(current);
      await refresh();
    },
  };
}
