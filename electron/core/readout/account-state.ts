import type { AccountState } from '../../../shared/accounts';
import type { AppState } from '../../../shared/app-state';
import type { Snapshot } from '../../../shared/snapshot';
import type { Status } from '../../../shared/status';

export type StateReading = { state: AccountState; stateText: string; stateWords: string };

/** A state in a word or two for a menu header: the same from minute to minute, so an open menu is not rebuilt. */
const WORDS: Record<AccountState, string> = {
  rejected: 'key rejected',
  no_key: 'no API key',
  failing: 'updates failing',
  offline: 'offline',
  stale: 'out of date',
  loading: 'loading',
  paused: 'paused',
  ok: 'up to date',
};

/**
 * How the account is doing, the worst fact first: its key (refused, or none stored), no network
 * (the computer's, or its own requests'), its last cycles failing, polling held by the user or by
 * sleep, data out of date, no data yet. The computer being offline is `offline`, never `paused`:
 * only the user pauses. Only a cycle or an app-wide change moves any of these (polling runs at
 * least every 10 minutes, and data turns stale only after two intervals), so the read model is
 * worked out when one happens and needs no clock of its own. Pure.
 */
export function accountState(status: Status, app: AppState, snapshot: Pick<Snapshot, 'account'>): StateReading {
  const reading = (state: AccountState, stateText: string): StateReading => ({ state, stateText, stateWords: WORDS[state] });
  if (status.poll === 'stopped_unauthorized' || status.auth === 'rejected') return reading('rejected', 'API key rejected — polling stopped');
  if (status.poll === 'no_key') return reading('no_key', 'No API key stored');
  if (app.offline || status.offline) return reading('offline', 'Offline');
  if (status.consecutiveFailures > 0 && status.lastError) {
    return reading('failing', status.consecutiveFailures === 1 ? 'Last update failed' : `${status.consecutiveFailures} updates failed`);
  }
  // Held by the user or by sleep, the data ages on purpose: "Paused", with its age, not "Out of date".
  if (app.paused || app.asleep) return reading('paused', 'Paused');
  if (status.stale) return reading('stale', 'Out of date');
  if (snapshot.account.data === null) return reading('loading', status.refreshing ? 'Loading…' : 'No data yet');
  return reading('ok', 'Up to date');
}

const NEEDS_A_LOOK: ReadonlySet<AccountState> = new Set(['rejected', 'no_key', 'failing', 'offline', 'stale']);

/** Whether an account asks for a look: its state, or a warning the user has not seen yet. Pure. */
export function needsAttention(state: AccountState, attention: 'info' | 'warning' | 'critical' | null): boolean {
  return NEEDS_A_LOOK.has(state) || attention === 'warning' || attention === 'critical';
}
