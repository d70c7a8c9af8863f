import type { AccountReadout } from '../../../shared/accounts';
import type { AppState } from '../../../shared/app-state';
import type { MonthEndForecast } from '../../../shared/forecast';
import type { HistoryPoint } from '../../../shared/history';
import type { Severity } from '../../../shared/notification';
import type { Profile } from '../../../shared/settings';
import type { Snapshot } from '../../../shared/snapshot';
import type { SpendStopRecord } from '../../../shared/spend-stop';
import type { Status } from '../../../shared/status';
import { accountFigures } from './account-figures';
import { accountState, needsAttention } from './account-state';
import { accountOffers, spendStopHold } from './offers';
import { topZones } from './top-zones';

export { accountsOverview, accountTotals } from './overview';

/** Everything an account's read model is derived from. */
export type ReadoutFacts = {
  profile: Pick<Profile, 'id' | 'label' | 'color' | 'baseUrl'>;
  demo: boolean;
  /** The account's own status (readout/account-status.ts). */
  status: Status;
  app: AppState;
  snapshot: Snapshot;
  history: readonly HistoryPoint[];
  /** The account's month-end forecast (electron/core/forecast/), worked out once per cycle. */
  monthEnd: MonthEndForecast | null;
  spendStop: SpendStopRecord | null;
  /** The most severe notification not seen yet (readout/attention.ts). */
  attention: Severity | null;
  now: number;
};

/**
 * The read model of one account (shared/accounts.ts › AccountReadout): its state, figures with
 * their coverage, top zones, the stop it holds, attention and what may be offered, each worked out
 * here once. The summary row, the tray and the window read it as it is. Pure.
 */
export function accountReadout(facts: ReadoutFacts): AccountReadout {
  const { profile, status, snapshot } = facts;
  const reading = accountState(status, facts.app, snapshot);
  const hold = spendStopHold(facts.spendStop, snapshot);
  return {
    profileId: profile.id,
    label: profile.label,
    color: profile.color,
    demo: facts.demo,
    baseUrl: profile.baseUrl,
    ...reading,
    needsAttention: needsAttention(reading.state, facts.attention),
    attention: facts.attention,
    refreshing: status.refreshing,
    lastSuccessAt: status.lastSuccessAt,
    nextPollAt: status.nextPollAt,
    problem: status.lastError,
    keyBackend: status.keyBackend,
    figures: accountFigures(snapshot, facts.history, facts.monthEnd, facts.now),
    topZones: topZones(snapshot),
    zonesNote: snapshot.discovery.message ?? 'No zones found yet',
    spendStop: hold,
    offers: accountOffers(reading.state, snapshot, hold),
  };
}
