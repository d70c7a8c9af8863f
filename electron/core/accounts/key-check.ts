import type { HistoryPoint } from '../../../shared/history';
import type { Profile } from '../../../shared/settings';
import type { Snapshot } from '../../../shared/snapshot';
import type { SpendStopRecord } from '../../../shared/spend-stop';
import type { KeyBackend } from '../../../shared/status';
import type { AlertCenter } from '../alerts/alert-center';
import type { ApiClient } from '../api/client';
import { ApiError } from '../api/error';
import type { BillingCache } from '../billing/cache';
import { HandlerError } from '../ipc-dispatch';
import type { Logger } from '../ports';
import type { DataGaps } from '../data/data-gaps';
import type { PersistentDocument } from '../storage/persistence';

/** `key:set` with a key the service answers 401 to: nothing is stored. */
export const KEY_REJECTED_MESSAGE = 'The service rejected this API key. Check it in your dashboard and paste it again.';

/** One watched account: its key, its client, its per-profile documents and its alerts. */
export type Session = {
  profile: Profile;
  demo: boolean;
  key: string;
  keyBackend: KeyBackend;
  client: ApiClient;
  snapshotDoc: PersistentDocument<Snapshot>;
  historyDoc: PersistentDocument<HistoryPoint[]>;
  billingDoc: PersistentDocument<BillingCache>;
  /** The "stopped by Zonewatch" record (issue 16), null when there is none. */
  spendStopDoc: PersistentDocument<SpendStopRecord | null>;
  /** What the latest answers held that could not be read (zones, users, plans). */
  dataGaps: DataGaps;
  alerts: AlertCenter;
  /**
   * Null once the service has accepted the key; otherwise when it was set, unchecked because the
   * service could not be asked (network, timeout, 5xx). The first account fetch after it settles it.
   */
  keyUncheckedSince: number | null;
};

/** What a handler of one account reaches of it (accounts/account-watch.ts provides it). */
export type AccountSessions = {
  current(): Session | null;
  /** The session, or a `no_key` failure for a handler that needs one. */
  require(): Session;
  /** Changes the account's pinned zone ids, saving them with the profile unless it is the demo. */
  updatePinned(fn: (pinned: string[]) => string[]): void;
  /** Writes the snapshot and history caches when they changed: at once with `force`, otherwise at most every CACHE_SAVE_INTERVAL_MS. */
  persist(options?: { force?: boolean }): void;
};

/**
 * Asks the service about a key before anything is stored: a 401 refuses it; a 403 is a valid key
 * with a narrow role. Returns false when the service could not be asked (network, timeout, 5xx,
 * 429…): the key is stored anyway and checked by the first poll.
 */
export async function checkNewKey(client: ApiClient, logger: Logger): Promise<boolean> {
  try {
    await client.getAccountInfo();
    return true;
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    if (err.kind === 'unauthorized') throw new HandlerError({ kind: 'unauthorized', message: KEY_REJECTED_MESSAGE });
    if (err.kind === 'forbidden') return true;
    // A base URL that redirects is a wrong address, not a service that is down: saving the key
    // against it would only poll the redirect. The key form is on screen to fix the URL.
    if (err.kind === 'redirected') {
      const code = err.status ? ` (${err.status})` : '';
      throw new HandlerError({ kind: 'redirected', message: `The service at ${err.host ?? 'this address'} answered with a redirect to another address${code}.` });
    }
    logger.warn('core: a new API key could not be checked yet', { kind: err.kind, status: err.status ?? null });
    return false;
  }
}
