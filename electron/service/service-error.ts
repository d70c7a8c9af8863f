import type { ErrorCode } from '../../shared/api/error-body';
import type { FieldIssue } from '../../shared/api/issues';

/**
 * An error the service answers with (docs/api.md › Errors). The codes beyond that list
 * are for the HTTP layer's own refusals (405, 413, 503).
 */
export type ServiceErrorCode = ErrorCode | 'method_not_allowed' | 'payload_too_large' | 'service_unavailable';

export interface ServiceError {
  code: ServiceErrorCode;
  message: string;
  details?: FieldIssue[];
}

/** What an operation answers: a body with its HTTP status, or an error. */
export type Outcome<T> = { ok: true; status: 200 | 202; body: T } | { ok: false; error: ServiceError };

export function ok<T>(body: T, status: 200 | 202 = 200): Outcome<T> {
  return { ok: true, status, body };
}

export function fail(code: ServiceErrorCode, message: string, details?: FieldIssue[]): { ok: false; error: ServiceError } {
  return { ok: false, error: details ? { code, message, details } : { code, message } };
}

export function invalid(details: FieldIssue[]): { ok: false; error: ServiceError } {
  const fields = [...new Set(details.map((d) => d.path || 'body'))].join(', ');
  return fail('invalid_request', `The request is invalid: check ${fields}.`, details);
}
