import type { Snapshot } from '../../../shared/snapshot';
import { type UsualDailySpend, usualFromLedger } from '../ledger/usual-daily-spend';
import { dayOf } from '../ledger/utc-calendar';
import type { Logger } from '../ports';
import type { HistoryQueries } from './history-facade';
import { createLastResult } from './last-result';

/**
 * Each zone's usual daily spend (docs/architecture.md › Usual daily spend), read by the caps and
 * the per-zone spike rule alike: the ledger's part (`usualSpend` query, every zone at once) kept as
 * its last result, worked out again per new ledger reading or UTC day, and the zone's spend this
 * month from the latest snapshot added when read. The poll cycle awaits it after its ledger write.
 */
export function createUsualSpendMemo(deps: { history: Pick<HistoryQueries, 'query' | 'lastReadingAt'>; snapshot: () => Pick<Snapshot, 'zones'>; now: () => number; logger: Logger }) {
  const last = createLastResult({
    inputs: () => ({ lastReading: deps.history.lastReadingAt(), day: dayOf(deps.now()), now: deps.now() }),
    holds: (kept, now) => kept.lastReading === now.lastReading && kept.day === now.day,
    compute: ({ now }) => deps.history.query('usualSpend', { now }),
    initial: {} as Readonly<Record<string, UsualDailySpend>>,
    onError: (err) => deps.logger.error("ledger: the zones' usual daily spend could not be worked out; the last figures stay", { error: err }),
  });
  return {
    /** A reader over the last result and the snapshot as it is now. */
    reader(): (zoneId: string) => UsualDailySpend | null {
      const ledger = last.current();
      const zones = deps.snapshot().zones;
      const now = deps.now();
      return (zoneId) => usualFromLedger(ledger[zoneId] ?? null, zones[zoneId]?.zone.spend_this_month_cents ?? null, now);
    },
    refresh: () => last.refresh(),
  };
}
