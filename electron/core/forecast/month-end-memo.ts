import type { Snapshot } from '../../../shared/snapshot';
import type { HistoryQueries } from '../history/history-facade';
import { createLastResult, type LastResult } from '../history/last-result';
import type { Logger } from '../ports';
import { monthEndArgs, NO_MONTH_END } from './account-forecast';
import type { AccountMonthEnd } from './month-end';

/** Within this long, the same snapshot and ledger give the same forecast (today's share of the day moves it only a little). */
const REUSE_MS = 5 * 60_000;

export type MonthEndMemoDeps = {
  snapshot: () => Snapshot;
  history: Pick<HistoryQueries, 'query' | 'lastReadingAt'>;
  now: () => number;
  logger: Logger;
  /** A forecast a read found stale (a zone turned off between cycles, the minutes gone by) has landed: the views read it again. */
  onFresh: () => void;
};

/**
 * An account's month-end forecast (docs/architecture.md › Month-end forecast), worked out by the
 * ledger's `monthEnd` query once per new snapshot or ledger reading (and every few minutes as the
 * day goes by), however many times the read model, a zone's trend, the digest and the alert rules
 * read it in between: they all read this one last result. The poll cycle awaits it after its
 * ledger write; a change between cycles is read as the last forecast until the new one lands.
 */
export function createMonthEndMemo(deps: MonthEndMemoDeps): LastResult<AccountMonthEnd> {
  return createLastResult({
    inputs: () => ({ snapshot: deps.snapshot(), lastReading: deps.history.lastReadingAt(), at: deps.now() }),
    holds: (kept, now) => kept.snapshot === now.snapshot && kept.lastReading === now.lastReading && now.at >= kept.at && now.at - kept.at < REUSE_MS,
    compute({ snapshot, at }) {
      const args = monthEndArgs(snapshot, at);
      return args === null ? Promise.resolve(NO_MONTH_END) : deps.history.query('monthEnd', args);
    },
    initial: NO_MONTH_END,
    onFresh: deps.onFresh,
    onError: (err) => deps.logger.error('forecast: the month-end forecast could not be worked out; the last one stays', { error: err }),
  });
}
