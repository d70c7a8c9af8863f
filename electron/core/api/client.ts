import { BaseUrl } from '../../../shared/settings';
import { ApiError } from './error';
import type { HttpOptions } from './http-options';
import { type AccountReads, accountReads } from './operations/account-reads';
import type { ListRead } from './operations/validation';
import { type ZoneOperations, zoneOperations } from './operations/zone-operations';
import type { RequestGate } from './request-gate';
import { createTransport } from './transport/send';

export { DEFAULT_TIMEOUT_MS, type HttpOptions, type RequestRecord } from './http-options';
export type { CallOptions, ListRead, ListSource } from './operations/validation';
export type { BillingHistoryResult, PlansResult, UsersResult } from './operations/account-reads';
export type { DeleteIpsResult, DeleteZoneResult, RefreshIpsResult, ZonesResult, ZoneUpdateOptions, ZoneUpdateResult } from './operations/zone-operations';

export type ApiClientOptions = HttpOptions & {
  /** Without `/v1`; a trailing slash or `/v1` is tolerated (normaliseBaseUrl). */
  baseUrl: string;
  getApiKey: () => string | null | Promise<string | null>;
  /** Told of every list read: which items came clean, which were dropped or kept with unknown members. */
  onListRead?: (read: ListRead) => void;
  /** The slot of the request budget each attempt waits for (transport/send.ts › TransportOptions). */
  gate?: RequestGate;
  /** The service has refused the key: no write is sent with it (transport/send.ts › TransportOptions). */
  refusedKey?: () => boolean;
};

/** The nine operations of docs/api.md, for one key at one address. */
export type ApiClient = { readonly baseUrl: string } & AccountReads & ZoneOperations;

/**
 * Builds the client of one key: the request mechanics (transport/) under the nine operations
 * (operations/), each operation checking its input before sending and its answer after.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseUrl = normaliseBaseUrl(options.baseUrl);
  const send = createTransport({ ...options, baseUrl });
  const ctx = { send, ...(options.onListRead ? { onListRead: options.onListRead } : {}) };
  return { baseUrl, ...accountReads(ctx), ...zoneOperations(ctx) };
}

/** The settings' BaseUrl rule: strips a trailing slash and `/v1`; refuses plain http except to loopback. */
export function normaliseBaseUrl(value: string): string {
  const parsed = BaseUrl.safeParse(value);
  if (!parsed.success) {
    throw new ApiError('invalid_request', 'The service address must be an https:// URL (http:// only for 127.0.0.1 or localhost).', {
      fields: [{ path: 'baseUrl', message: 'must be an https:// URL (http:// only for 127.0.0.1 or localhost)' }],
    });
  }
  return parsed.data;
}
