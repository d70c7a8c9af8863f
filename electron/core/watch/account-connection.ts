import type { KeyBackend } from '../../../shared/status';
import type { RequestBudget } from '../accounts/request-budget';
import { type ApiClient, createApiClient, type ListRead } from '../api/client';
import type { Logger } from '../ports';
import { keyFingerprint } from '../secrets/key-fingerprint';
import type { HttpOptions } from '../api/http-options';

/** A key as an account is given it: `checked` is false while the service could not be asked about it yet. */
export type AccountKey = { secret: string; backend: KeyBackend; checked: boolean };

/** The key an account uses now; `uncheckedSince` is null once the service has accepted it. */
export type KeyInUse = { backend: KeyBackend; uncheckedSince: number | null };

export type AccountConnection = {
  /** The client for the account's address and key now. */
  client(): ApiClient;
  key(): KeyInUse;
  /** Whether the account sends this key (an empty one is no key). */
  sends(secret: string): boolean;
  /** A zone's proxy login: username `zone-<ID>`, password the key (docs/api.md › Address and key: the key is a proxy password). */
  proxyCredentials(zoneId: string): string;
  /** `keyFingerprint` of the key in use (never the key), for the rejected-key memory; null without one. */
  fingerprint(): string | null;
  /** A new key; the client sends it from the next request on. */
  setKey(key: AccountKey): void;
  /** A new address: a new client for it, the key kept. */
  setBaseUrl(baseUrl: string): void;
  /** The service answered with data fetched at `fetchedAt`: a key set before that is checked. */
  confirmKey(fetchedAt: number): void;
  /** Its last request timed out (a hanging service): the budget gives it one slot, not two. */
  timingOut(): boolean;
};

/**
 * One account's way to its service: its key, and the client that sends it through the request
 * budget all accounts share. Only this part holds the key.
 */
export function createAccountConnection(deps: {
  profileId: string;
  baseUrl: string;
  key: AccountKey;
  http: HttpOptions;
  budget: Pick<RequestBudget, 'gateFor'>;
  /** Read at each grant: backing off or timing out, the account gets one slot, not two (accounts/request-budget.ts). */
  degraded: () => boolean;
  onListRead: (read: ListRead) => void;
  now: () => number;
  logger: Logger;
  label: () => string;
}): AccountConnection {
  let secret = deps.key.secret;
  let key: KeyInUse = { backend: deps.key.backend, uncheckedSince: deps.key.checked ? null : deps.now() };
  let timingOut = false;
  // The service answered 401 to the key now in use: no write goes out with it until another key, or an accepted request.
  let refused = false;
  const gate = deps.budget.gateFor(deps.profileId, deps.degraded);

  const build = (baseUrl: string) =>
    createApiClient({
      ...deps.http,
      baseUrl,
      getApiKey: () => secret || null,
      onListRead: deps.onListRead,
      gate,
      refusedKey: () => refused,
      onRequest: (record) => {
        if (record.error === 'unauthorized') refused = true;
        else if (record.error === undefined) refused = false;
        if (record.error === 'timeout') timingOut = true;
        else if (record.error === undefined) timingOut = false;
        deps.http.onRequest?.(record);
        if (record.error) deps.logger.info('api: request failed', { account: deps.label(), operation: record.operation, status: record.status, kind: record.error, ms: record.ms });
      },
    });
  let client = build(deps.baseUrl);

  return {
    client: () => client,
    key: () => key,
    sends: (candidate) => secret !== '' && secret === candidate,
    proxyCredentials: (zoneId) => `zone-${zoneId}\n${secret}`,
    fingerprint: () => keyFingerprint(secret),
    setKey(next) {
      secret = next.secret;
      key = { backend: next.backend, uncheckedSince: next.checked ? null : deps.now() };
      timingOut = false;
      refused = false;
    },
    setBaseUrl(baseUrl) {
      client = build(baseUrl);
      timingOut = false;
      refused = false;
    },
    confirmKey(fetchedAt) {
      if (key.uncheckedSince !== null && fetchedAt >= key.uncheckedSince) key = { ...key, uncheckedSince: null };
    },
    timingOut: () => timingOut,
  };
}
