import type { AppError } from '../../../shared/app-error';
import type { DataGap, Status } from '../../../shared/status';
import type { BillingCache } from '../billing/cache';
import { type DataGaps, summarizeGaps } from '../data/data-gaps';
import { ApiError } from '../api/error';
import type { Session } from '../accounts/key-check';
import type { AlertCenter } from '../alerts/alert-center';
import { toAppError } from '../error-messages';
import { baseIntervalMs } from '../polling/schedule';
import type { ExternalPollInputs, PollerState } from '../polling/poller';

/** Said in the status while a new key waits for its first answer from the service. */
export const KEY_NOT_CHECKED_MESSAGE = 'The new API key is saved, but Zonewatch could not check it with the service yet.';
/** Data older than this (or two intervals, if longer) counts as stale. */
const STALE_AFTER_MS = 5 * 60_000;

/** The parts of the session the status reads. */
export type StatusSession = Pick<Session, 'profile' | 'demo' | 'keyBackend' | 'keyUncheckedSince'> & {
  dataGaps?: Pick<DataGaps, 'entries'>;
  billingDoc?: { get(): Pick<BillingCache, 'unreadable'> };
  alerts: Pick<AlertCenter, 'snoozedUntil'>;
};

export type AppStatusInputs = {
  poller: PollerState;
  session: StatusSession | null;
  /** When the cached account figures were fetched (from the snapshot), for a restored cache. */
  accountFetchedAt: string | null;
  inputs: ExternalPollInputs;
  now: number;
};

/** The session's unreadable zones, users and plans, and the billing cache's unreadable entries. */
function dataGapsOf(s: StatusSession): DataGap[] {
  const billing = (s.billingDoc?.get().unreadable ?? []).map((entry) => ({ kind: 'billing_entry' as const, ...entry }));
  return summarizeGaps([...(s.dataGaps?.entries() ?? []), ...billing]);
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The status the app shows: the poller's state read against the session and the host's inputs. Pure. */
export function appStatus({ poller: p, session: s, accountFetchedAt, inputs, now }: AppStatusInputs): Status {
  const lastSuccess = p.lastSuccessAt ?? (accountFetchedAt ? Date.parse(accountFetchedAt) : null);
  const interval = baseIntervalMs(inputs);
  const stale = s !== null && lastSuccess !== null && now - lastSuccess > Math.max(2 * interval, STALE_AFTER_MS);
  let poll: Status['poll'] = 'running';
  if (!s) poll = 'no_key';
  else if (p.unauthorized) poll = 'stopped_unauthorized';
  // No key stored (lost from the keychain, or dropped with a move to another host): said before any cycle tries.
  else if (p.noKey || s.keyBackend === 'none') poll = 'no_key';
  else if (inputs.suspended || inputs.locked) poll = 'suspended';
  else if (inputs.paused || inputs.offline) poll = 'paused';
  // Only what went wrong: the status carries the age of the data and the next try as fields of
  // their own, and the window says all three in one sentence in the user's clock format.
  let lastError: AppError | null = p.lastError === null ? null : toAppError(p.lastError);
  const keyUnchecked = s !== null && s.keyUncheckedSince !== null && !p.unauthorized;
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
    offline: inputs.offline || networkDown,
    stale,
    auth: !s ? 'no_key' : p.unauthorized ? 'rejected' : !keyUnchecked && p.lastSuccessAt !== null ? 'ok' : 'unknown',
    keyBackend: s?.keyBackend ?? 'none',
    profile: s ? { id: s.profile.id, label: s.profile.label, baseUrl: s.profile.baseUrl, color: s.profile.color, demo: s.demo } : null,
    snoozedUntil: s?.alerts.snoozedUntil() ?? null,
    dataGaps: s ? dataGapsOf(s) : [],
  };
}
