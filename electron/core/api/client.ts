import { z } from 'zod';
import type { AccountInfo } from '../../../shared/api/account';
import { BillingHistoryQuery, type BillingEntry, type BillingPagination } from '../../../shared/api/billing';
import { ErrorBody } from '../../../shared/api/error-body';
import type { Info } from '../../../shared/api/info';
import { IpsBody } from '../../../shared/api/ips';
import { formatIssues } from '../../../shared/api/issues';
import { type DroppedItem, type GapsOf, idField, type ItemGap, parseListResponse } from '../../../shared/api/list-validation';
import { billingMemberGaps, userMemberGaps, zoneMemberGaps } from './operations/member-gaps';
import type { Plan } from '../../../shared/api/plan';
import { toSearchParams } from '../../../shared/api/query-params';
import {
  AccountInfoResponse,
  BillingHistoryResponse,
  DeleteIpsResponse,
  DeleteZoneResponse,
  GetZonesResponse,
  PlansResponse,
  RefreshIpsResponse,
  UsersListResponse,
  ZoneUpdateResponse,
} from '../../../shared/api/responses';
import { type User, type UsersPagination, UsersQuery } from '../../../shared/api/user';
import { type Zone, ZoneId } from '../../../shared/api/zone';
import { ZoneIds } from '../../../shared/api/zone-ids';
import { ZoneUpdateBody } from '../../../shared/api/zone-update';
import { BaseUrl } from '../../../shared/settings';
import { redactString } from '../secrets/redact';
import { untilAborted } from './transport/abortable';
import type { Release, RequestGate } from './request-gate';
import { BodyReadError, discard, MAX_RESPONSE_BYTES, readBodyCapped } from './transport/body-reader';
import { ApiError, type ApiErrorKind } from './error';
import { isRedirect, RedirectRefused } from './redirect';
import { parseRetryAfter } from './transport/retry-after';
import { DEFAULT_RETRY_POLICY, retryDelay, type RetryPolicy } from './retry-delay';

export const DEFAULT_TIMEOUT_MS = 15_000;

/** What a caller may pass to any operation. */
export type CallOptions = { signal?: AbortSignal };

/** One finished HTTP exchange, for logs and request counts (no key, no query string). */
export type RequestRecord = {
  operation: string;
  status: number | null;
  ms: number;
  attempt: number;
  /** Body bytes read (never more than the cap), when a body was read. */
  bytes?: number;
  error?: ApiErrorKind;
};

export type ApiClientOptions = {
  /** Without `/v1` (DESIGN.md › open points: base URL); a trailing slash or `/v1` is tolerated. */
  baseUrl: string;
  getApiKey: () => string | null | Promise<string | null>;
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
  /** The most one answer may weigh; MAX_RESPONSE_BYTES unless a test wants less. */
  maxResponseBytes?: number;
  retry?: RetryPolicy;
  random?: () => number;
  now?: () => number;
  onRequest?: (record: RequestRecord) => void;
  /** Told of every list read: which items came clean, which were dropped or kept with unknown members. */
  onListRead?: (read: ListRead) => void;
  /**
   * Waits for a slot of the request budget the watched accounts share (accounts/request-budget.ts)
   * before each attempt; the wait counts within the attempt's own deadline.
   */
  gate?: RequestGate;
};

/** The lists whose items the client validates one by one. */
export type ListSource = 'zones' | 'users' | 'plans' | 'billing';

/** One list answer as the status counts it (docs/api.md › Degrading at the smallest unit). */
export type ListRead = { source: ListSource; cleanIds: string[]; dropped: DroppedItem[]; gaps: ItemGap[] };

export type ZonesResult = { info: Info; zones: Zone[]; dropped: DroppedItem[]; gaps: ItemGap[] };
export type ZoneUpdateResult = { info: Info; preview: boolean; zone: Zone };
export type DeleteZoneResult = { info: Info; zoneId: string; deleted: boolean };
export type RefreshIpsResult = { refreshedIps: string[] };
export type DeleteIpsResult = { deletedIps: string[]; zone: Zone };
export type PlansResult = { plans: Plan[]; dropped: DroppedItem[] };
export type UsersResult = { info: Info; pagination: UsersPagination; users: User[]; dropped: DroppedItem[]; gaps: ItemGap[] };
export type BillingHistoryResult = { pagination: BillingPagination; entries: BillingEntry[]; dropped: DroppedItem[] };
export type ZoneUpdateOptions = CallOptions & { preview?: boolean; skipResourceCheck?: boolean };

export type ApiClient = {
  readonly baseUrl: string;
  getAccountInfo(options?: CallOptions): Promise<AccountInfo>;
  listPlans(options?: CallOptions): Promise<PlansResult>;
  getZones(zoneIds: readonly string[], options?: CallOptions): Promise<ZonesResult>;
  updateZone(zoneId: string, changes: z.input<typeof ZoneUpdateBody>, options?: ZoneUpdateOptions): Promise<ZoneUpdateResult>;
  deleteZone(zoneId: string, options?: CallOptions): Promise<DeleteZoneResult>;
  refreshIps(zoneId: string, ips: readonly string[], options?: CallOptions): Promise<RefreshIpsResult>;
  deleteIps(zoneId: string, ips: readonly string[], options?: CallOptions): Promise<DeleteIpsResult>;
  listUsers(query?: z.input<typeof UsersQuery>, options?: CallOptions): Promise<UsersResult>;
  getBillingHistory(query?: z.input<typeof BillingHistoryQuery>, options?: CallOptions): Promise<BillingHistoryResult>;
};

type Request = {
  method: 'GET' | 'PUT' | 'DELETE';
  /** Already encoded, after `/v1`. */
  path: string;
  operation: string;
  query?: URLSearchParams;
  body?: unknown;
  /** GETs: retried on network and server failures. Writes never are. */
  safe: boolean;
};

type Answer = { status: number; body: unknown };

/** Builds the client of the nine operations of service-interface.md › Endpoints. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseUrl = normaliseBaseUrl(options.baseUrl);
  const doFetch = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxResponseBytes = options.maxResponseBytes ?? MAX_RESPONSE_BYTES;
  const policy = options.retry ?? DEFAULT_RETRY_POLICY;
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;

  async function request(req: Request, signal: AbortSignal | undefined): Promise<Answer> {
    const key = await options.getApiKey();
    if (!key) throw new ApiError('no_key', `${req.operation}: no API key is stored`, { operation: req.operation });
    for (let attempt = 1; ; attempt++) {
      try {
        return await attemptOnce(req, key, signal, attempt);
      } catch (err) {
        const retryable = err instanceof ApiError && !err.cancelled && (err.kind === 'network' || err.kind === 'server');
        if (!req.safe || !retryable || attempt > policy.retries) throw err;
        await sleep(retryDelay(attempt, policy, random), signal, req.operation);
      }
    }
  }

  async function attemptOnce(req: Request, key: string, signal: AbortSignal | undefined, attempt: number): Promise<Answer> {
    const { operation } = req;
    if (signal?.aborted) throw cancelled(operation);
    const controller = new AbortController();
    let timedOut = false;
    // One deadline for headers and body together: the timer aborts both.
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onAbort = () => controller.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const started = now();
    let status: number | null = null;
    let bytes: number | undefined;
    const record = (error?: ApiErrorKind) =>
      options.onRequest?.({
        operation,
        status,
        ms: now() - started,
        attempt,
        ...(bytes !== undefined ? { bytes } : {}),
        ...(error ? { error } : {}),
      });
    // The underlying errors may quote the request; only fixed words leave this function.
    const stopped = () => {
      if (signal?.aborted) return cancelled(operation);
      if (timedOut) return new ApiError('timeout', `${operation}: no answer within ${timeoutMs} ms`, { operation, timeoutMs });
      return new ApiError('network', `${operation}: the service could not be reached`, { operation, ...(status ? { status } : {}) });
    };
    let release: Release | null = null;
    try {
      if (options.gate) {
        try {
          release = await options.gate(controller.signal);
        } catch {
          throw stopped();
        }
      }
      const url = `${baseUrl}/v1${req.path}${req.query && req.query.size > 0 ? `?${req.query}` : ''}`;
      const headers: Record<string, string> = { 'X-API-KEY': key, Accept: 'application/json' };
      if (req.body !== undefined) headers['Content-Type'] = 'application/json';
      let response: Response;
      try {
        // `redirect: 'manual'`: the key must never follow a redirect to another host (DESIGN.md ›
        // Secrets), and a redirect is told apart from an unreachable service. Raced against the
        // deadline as well, in case a host's fetch does not honour its signal.
        response = await untilAborted(
          doFetch(url, {
            method: req.method,
            headers,
            body: req.body === undefined ? undefined : JSON.stringify(req.body),
            redirect: 'manual',
            signal: controller.signal,
          }),
          controller.signal,
          stopped,
        );
      } catch (err) {
        if (err instanceof RedirectRefused && !controller.signal.aborted) throw redirected(operation, err.status);
        throw err instanceof ApiError ? err : stopped();
      }
      status = response.status;
      if (isRedirect(response)) {
        discard(response.body);
        throw redirected(operation, response.type === 'opaqueredirect' ? undefined : response.status);
      }
      let text: string;
      try {
        const read = await readBodyCapped(response, maxResponseBytes, controller.signal);
        text = read.text;
        bytes = read.bytes;
      } catch (err) {
        if (err instanceof BodyReadError) bytes = err.bytes;
        if (err instanceof BodyReadError && err.reason === 'too_large') {
          throw new ApiError('response_too_large', `${operation}: the answer is larger than ${maxResponseBytes} bytes`, {
            operation,
            status: response.status,
            limitBytes: maxResponseBytes,
          });
        }
        throw stopped();
      }
      const answer = interpret(req, response, text, key);
      record();
      return answer;
    } catch (err) {
      record(err instanceof ApiError ? err.kind : undefined);
      throw err;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      release?.();
    }
  }

  function redirected(operation: string, redirectStatus: number | undefined): ApiError {
    return new ApiError('redirected', `${operation}: the service answered with a redirect${redirectStatus ? ` (HTTP ${redirectStatus})` : ''}, not followed`, {
      operation,
      host: new URL(baseUrl).host,
      ...(redirectStatus ? { status: redirectStatus } : {}),
    });
  }

  function interpret(req: Request, response: Response, text: string, key: string): Answer {
    const { operation } = req;
    const status = response.status;
    if (status === 202) {
      // service-interface.md › Errors: 202 `insufficient_resource_likely`, nothing committed.
      throw new ApiError('insufficient_resource_likely', `${operation}: the platform lacks the resources for this change now`, {
        operation,
        status,
        code: 'insufficient_resource_likely',
      });
    }
    if (status >= 200 && status < 300) return { status, body: parseJson(text, operation) };
    const parsed = ErrorBody.safeParse(safeJson(text));
    const code = parsed.success ? parsed.data.error.code : undefined;
    const serviceMessage = parsed.success ? redactString(parsed.data.error.message, [key]).slice(0, 300) : '';
    const fields = parsed.success ? parsed.data.error.details?.map((d) => ({ path: d.path, message: redactString(d.message, [key]) })) : undefined;
    const kind = kindOf(status, code);
    const details = {
      operation,
      status,
      ...(code ? { code } : {}),
      ...(fields ? { fields } : {}),
      ...(kind === 'rate_limited' ? { retryAfterMs: parseRetryAfter(response.headers.get('retry-after'), now()) } : {}),
    };
    const described = `${operation}: HTTP ${status}${code ? ` ${code}` : ''}${serviceMessage ? ` (${serviceMessage})` : ''}`;
    throw new ApiError(kind, described, details);
  }

  async function sleep(ms: number, signal: AbortSignal | undefined, operation: string): Promise<void> {
    if (signal?.aborted) throw cancelled(operation);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      const onAbort = () => {
        clearTimeout(timer);
        reject(cancelled(operation));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  function validate<S extends z.ZodType>(schema: S, body: unknown, operation: string): z.output<S> {
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw invalidResponse(parsed.error, operation);
    return parsed.data;
  }

  function validateList<S extends z.ZodObject>(
    schema: S,
    key: keyof S['shape'] & string,
    body: unknown,
    operation: string,
    read: { source: ListSource; idKey: string; gapsOf?: GapsOf<never> },
  ) {
    const idOf = idField(read.idKey);
    const parsed = parseListResponse(schema, key, body, idOf, read.gapsOf);
    if (!parsed.success) throw invalidResponse(parsed.error, operation);
    if (options.onListRead) {
      const items = (parsed.data as Record<string, unknown[]>)[key] ?? [];
      const withGaps = new Set(parsed.gaps.map((gap) => gap.id));
      const cleanIds = items.flatMap((item) => {
        const id = idOf(item);
        return id === undefined || withGaps.has(id) ? [] : [id];
      });
      options.onListRead({ source: read.source, cleanIds, dropped: parsed.dropped, gaps: parsed.gaps });
    }
    return parsed;
  }

  function checkInput<S extends z.ZodType>(schema: S, value: unknown, operation: string): z.output<S> {
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    const fields = formatIssues(parsed.error);
    const first = fields[0];
    throw new ApiError('invalid_request', `${operation}: ${first ? `${first.path || 'input'} ${first.message}` : 'invalid input'} (not sent)`, {
      operation,
      fields,
    });
  }

  const zonePath = (zoneId: string, operation: string) => encodeURIComponent(checkInput(ZoneId, zoneId, operation));

  return {
    baseUrl,

    async getAccountInfo(call = {}) {
      const operation = 'GET /v1/account/info';
      const { body } = await request({ method: 'GET', path: '/account/info', operation, safe: true }, call.signal);
      const { status: _status, ...account } = validate(AccountInfoResponse, body, operation);
      return account;
    },

    async listPlans(call = {}) {
      const operation = 'GET /v1/plans';
      const { body } = await request({ method: 'GET', path: '/plans', operation, safe: true }, call.signal);
      const parsed = validateList(PlansResponse, 'plans', body, operation, { source: 'plans', idKey: 'plan_id' });
      return { plans: parsed.data.plans, dropped: parsed.dropped };
    },

    async getZones(zoneIds, call = {}) {
      const operation = 'GET /v1/zones/{ids}';
      const ids = checkInput(ZoneIds, zoneIds, operation);
      const path = `/zones/${ids.map(encodeURIComponent).join(',')}`;
      const { body } = await request({ method: 'GET', path, operation, safe: true }, call.signal);
      const parsed = validateList(GetZonesResponse, 'zones', body, operation, { source: 'zones', idKey: 'zone_id', gapsOf: zoneMemberGaps });
      return { info: parsed.data.info, zones: parsed.data.zones, dropped: parsed.dropped, gaps: parsed.gaps };
    },

    async updateZone(zoneId, changes, call = {}) {
      const operation = 'PUT /v1/zones/{id}';
      const path = `/zones/${zonePath(zoneId, operation)}`;
      const body = checkInput(ZoneUpdateBody, changes, operation);
      const query = toSearchParams({
        preview: call.preview ? true : undefined,
        skip_resource_check: call.skipResourceCheck === false ? false : undefined,
      });
      const answer = await request({ method: 'PUT', path, operation, query, body, safe: false }, call.signal);
      const parsed = validate(ZoneUpdateResponse, answer.body, operation);
      return { info: parsed.info, preview: parsed.preview, zone: parsed.zone };
    },

    async deleteZone(zoneId, call = {}) {
      const operation = 'DELETE /v1/zones/{id}';
      const path = `/zones/${zonePath(zoneId, operation)}`;
      const answer = await request({ method: 'DELETE', path, operation, safe: false }, call.signal);
      const parsed = validate(DeleteZoneResponse, answer.body, operation);
      return { info: parsed.info, zoneId: parsed.zone_id, deleted: parsed.deleted };
    },

    async refreshIps(zoneId, ips, call = {}) {
      const operation = 'PUT /v1/zones/{id}/ips';
      const path = `/zones/${zonePath(zoneId, operation)}/ips`;
      const body = checkInput(IpsBody, { ips }, operation);
      const answer = await request({ method: 'PUT', path, operation, body, safe: false }, call.signal);
      return { refreshedIps: validate(RefreshIpsResponse, answer.body, operation).refreshed_ips };
    },

    async deleteIps(zoneId, ips, call = {}) {
      const operation = 'DELETE /v1/zones/{id}/ips';
      const path = `/zones/${zonePath(zoneId, operation)}/ips`;
      const body = checkInput(IpsBody, { ips }, operation);
      const answer = await request({ method: 'DELETE', path, operation, body, safe: false }, call.signal);
      const parsed = validate(DeleteIpsResponse, answer.body, operation);
      return { deletedIps: parsed.deleted_ips, zone: parsed.zone };
    },

    async listUsers(query = {}, call = {}) {
      const operation = 'GET /v1/users';
      const q = checkInput(UsersQuery, query, operation);
      const { body } = await request(
        { method: 'GET', path: '/users', operation, query: toSearchParams(q), safe: true },
        call.signal,
      );
      const parsed = validateList(UsersListResponse, 'zones', body, operation, { source: 'users', idKey: 'user_id', gapsOf: userMemberGaps });
      // The users really are in an array named `zones` (service-interface.md › Endpoints › 8).
      return { info: parsed.data.info, pagination: parsed.data.pagination, users: parsed.data.zones, dropped: parsed.dropped, gaps: parsed.gaps };
    },

    async getBillingHistory(query = {}, call = {}) {
      const operation = 'GET /v1/account/billinghistory';
      const q = checkInput(BillingHistoryQuery, query, operation);
      const { body } = await request(
        { method: 'GET', path: '/account/billinghistory', operation, query: toSearchParams(q), safe: true },
        call.signal,
      );
      const parsed = validateList(BillingHistoryResponse, 'billing_histories', body, operation, { source: 'billing', idKey: 'created_on', gapsOf: billingMemberGaps });
      return { pagination: parsed.data.pagination, entries: parsed.data.billing_histories, dropped: parsed.dropped };
    },
  };
}

/** The settings' BaseUrl rule: strips a trailing slash and `/v1`; refuses plain http except to loopback (DESIGN.md). */
export function normaliseBaseUrl(value: string): string {
  const parsed = BaseUrl.safeParse(value);
  if (!parsed.success) {
    throw new ApiError('invalid_request', 'The service address must be an https:// URL (http:// only for 127.0.0.1 or localhost).', {
      fields: [{ path: 'baseUrl', message: 'must be an https:// URL (http:// only for 127.0.0.1 or localhost)' }],
    });
  }
  return parsed.data;
}

function kindOf(status: number, code: string | undefined): ApiErrorKind {
  if (status === 401) return 'unauthorized';
  if (status === 403) return code === 'residential_unavailable_during_trial' ? 'residential_unavailable' : 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 402) return 'payment_required';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'server';
  if (status >= 400) return 'invalid_request';
  // 1xx or 304 reaching here (redirects are named before): not something the client understands.
  return 'invalid_response';
}

/**
 * Parses JSON and drops every `api_key` member on the way in, so team members' keys (their proxy
 * passwords) never exist in the client's data (DESIGN.md › Secrets).
 */
function parseJson(text: string, operation: string): unknown {
  const body = safeJson(text);
  if (body === undefined) throw new ApiError('invalid_response', `${operation}: the answer is not JSON`, { operation, path: '' });
  return body;
}

/** parseJson without the throw: `undefined` when the text is not JSON. */
function safeJson(text: string): unknown {
  try {
    return mayHoldApiKey(text) ? JSON.parse(text, dropApiKeys) : JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * A reviver costs more than the parse itself on a 1,000-zone poll, and only the users list
 * carries keys: text without the member name, spelt plainly or with any `\u` escape, has none.
 */
function mayHoldApiKey(text: string): boolean {
  return text.includes('api_key') || text.includes('\\u');
}

function dropApiKeys(this: unknown, key: string, value: unknown): unknown {
  return key === 'api_key' ? undefined : value;
}

function cancelled(operation: string): ApiError {
  return new ApiError('network', `${operation}: cancelled`, { operation, cancelled: true });
}

function invalidResponse(error: z.ZodError, operation: string): ApiError {
  const first = formatIssues(error)[0];
  const path = first?.path ?? '';
  return new ApiError('invalid_response', `${operation}: unexpected answer at ${path || 'the top level'}${first ? ` (${first.message})` : ''}`, {
    operation,
    path,
  });
}
