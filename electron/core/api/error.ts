import type { FieldIssue } from '../../../shared/api/issues';
import type { API_ERROR_KINDS } from '../../../shared/app-error';

/** A failure kind of a service call, plus `no_key` when none is stored; the user's words come from it (docs/architecture.md › Errors in plain words). */
export type ApiErrorKind = (typeof API_ERROR_KINDS)[number] | 'no_key';

export type ApiErrorDetails = {
  /** HTTP status, when the service answered. */
  status?: number;
  /** The service's error code (docs/api.md › Errors), e.g. `zone_not_found`. */
  code?: string;
  /** `rate_limited`: the `Retry-After` delay, when the service sent one. */
  retryAfterMs?: number;
  /** `invalid_request`: the fields the service named. */
  fields?: FieldIssue[];
  /** `invalid_response`: where the body first failed to match the schema. */
  path?: string;
  /** `timeout`: the limit that ran out. */
  timeoutMs?: number;
  /** `redirected`: the host of the base URL that answered with the redirect. */
  host?: string;
  /** `response_too_large`: the cap the answer passed. */
  limitBytes?: number;
  /** `timeout` of a whole poll cycle: the cycle was abandoned by the poller's watchdog. */
  abandoned?: boolean;
  /** `timeout` before sending: no slot of the shared request budget came within the wait's bound. */
  queued?: boolean;
  /** True when the caller's AbortSignal cancelled the request. */
  cancelled?: boolean;
  /** `timeout` or `network` of a poll cycle: the host at `host` did not answer, so the cycle sent nothing more (polling/host-silence.ts). */
  notAnswering?: boolean;
  /** The operation, e.g. `GET /v1/zones/{ids}` (never a key, never a query string). */
  operation?: string;
};

/**
 * The one error type of the API client. Its message is built from fixed words and the service's
 * own message with the key removed, so it can be logged and shown as it is.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status?: number;
  readonly code?: string;
  readonly retryAfterMs?: number;
  readonly fields?: FieldIssue[];
  readonly path?: string;
  readonly timeoutMs?: number;
  readonly host?: string;
  readonly limitBytes?: number;
  readonly abandoned: boolean;
  readonly queued: boolean;
  readonly cancelled: boolean;
  readonly notAnswering: boolean;
  readonly operation?: string;

  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    details: ApiErrorDetails = {},
  ) {
    super(message);
    this.status = details.status;
    this.code = details.code;
    this.retryAfterMs = details.retryAfterMs;
    this.fields = details.fields;
    this.path = details.path;
    this.timeoutMs = details.timeoutMs;
    this.host = details.host;
    this.limitBytes = details.limitBytes;
    this.abandoned = details.abandoned ?? false;
    this.queued = details.queued ?? false;
    this.cancelled = details.cancelled ?? false;
    this.notAnswering = details.notAnswering ?? false;
    this.operation = details.operation;
  }
}
