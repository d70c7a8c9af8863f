import type { Snapshot } from '../../../shared/snapshot';
import type { DerivedMonth } from '../ledger/ledger-model';
import { snapshotMonthEnd } from './account-forecast';
import type { AccountMonthEnd } from './month-end';

/** Within this long, the same snapshot and ledger give the same forecast (today's share of the day moves it only a little). */
const REUSE_MS = 5 * 60_000;

export type MonthEndMemoDeps = {
  snapshot: () => Snapshot;
  ledger: { months(): readonly DerivedMonth[]; lastReadingAt(): number | null };
  now: () => number;
};

/**
 * An account's month-end forecast, worked out once per new snapshot or ledger reading (and every
 * few minutes as the day goes by), however many times the read model, a zone's trend and the
 * alert rules ask for it in between.
 */
export function createMonthEndMemo(deps: MonthEndMemoDeps): () => AccountMonthEnd {
  let kept: { snapshot: Snapshot; lastReading: number | null; at: number; value: AccountMonthEnd } | null = null;
  return () => {
    const snapshot = deps.snapshot();
    const lastReading = deps.ledger.lastReadingAt();
    const now = deps.now();
    if (kept && kept.snapshot === snapshot && kept.lastReading === lastReading && now >= kept.at && now - kept.at < REUSE_MS) return kept.value;
    kept = { snapshot, lastReading, at: now, value: snapshotMonthEnd(snapshot, deps.ledger.months(), now) };
    return kept.value;
  };
}
