import type { AppError } from '../../../shared/app-error';
import type { DataGap, KeyBackend, ProfileSummary, Status } from '../../../shared/status';
import { ApiError } from '../api/error';
import type { UnreadableBillingEntry } from '../billing/cache';
import { type GapEntry, summarizeGaps } from '../data/data-gaps';
import { toAppError } from '../error-messages';
import type { PollerState } from '../polling/poller';

/** Said in the status while a new key waits for its first answer from the service. */
export const KEY_NOT_CHECKED_MESSAGE = 'The new API key is saved, but Zonewatch could not check it with the service yet.';
/** Data older than this (or two intervals, if longer) counts as stale. */
const STALE_AFTER_MS = 5 * 60_000;

/** What an account's status is read from: its poller, its key, what could not be read, and when. */
export type StatusFacts = {
  poller: PollerState;
  profile: ProfileSummary;
  key: { backend: KeyBackend; uncheckedSince: number | null };
  /** Unreadable zones, users and plans of the latest answers (data/data-gaps.ts). */
  gaps: readonly GapEntry[];
  /** The billing cache's unreadable entries: counted offline too. */
  billingUnreadable: readonly UnreadableBillingEntry[];
  /** When the cached account figures were fetched (from the snapshot), for a restored cache. */
  accountFetchedAt: string | null;
  /** The poll interval now, before jitter: data older than two of them is stale. */
  intervalMs: number;
  now: number;
};

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * One account's own status: its poller's state read against its key. App-wide facts (paused,
 * offline, asleep, snoozed) are not in it (shared/app-state.ts). Pure.
 */
export function accountStatus({ poller: p, profile, key, gaps, billingUnreadable, accountFetchedAt, intervalMs, now }: StatusFacts): Status {
  const lastSuccess = p.lastSuccessAt ?? (accountFetchedAt ? Date.parse(accountFetchedAt) : null);
  const stale = lastSuccess !== null && now - lastSuccess > Math.max(2 * intervalMs, STALE_AFTER_MS);
  // No key stored (lost from the keychain, or dropped with a move to another host): said before any cycle tries.
  const poll: Status['poll'] = p.unauthorized ? 'stopped_unauthorized' : p.noKey || key.backend === 'none' ? 'no_key' : 'running';
  // Only what went wrong: the status carries the age of the data and the next try as fields of
  // their own, and the window says all three in one sentence in the user's clock format.
  let lastError: AppError | null = p.lastError === null ? null : toAppError(p.lastError);
  const keyUnchecked = key.uncheckedSince !== null && !p.unauthorized;
  if (keyUnchecked && lastError !== null) lastError = { ...lastError, message: `${KEY_NOT_CHECKED_MESSAGE} ${lastError.message}` };
  const networkDown = p.lastError instanceof ApiError && (p.lastError.kind === 'network' || p.lastError.kind === 'timeout');
  return {
    poll,
    refreshing: p.refreshing,
    lastSuccessAt: iso(lastSuccess),
    lastAttemptAt: iso(p.lastAttemptAt),
    nextPollAt: iso(p.nextPollAt),
    consecutiveFailures: p.consecutiveFailures,
    lastError,
    offline: networkDown,
    stale,
    auth: poll === 'no_key' ? 'no_key' : p.unauthorized ? 'rejected' : !keyUnchecked && p.lastSuccessAt !== null ? 'ok' : 'unknown',
    keyBackend: key.backend,
    profile,
    dataGaps: summarizeGaps([...gaps, ...billingUnreadable.map((entry) => ({ kind: 'billing_entry' as const, ...entry }))]) satisfies DataGap[],
  };
}
