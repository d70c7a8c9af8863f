import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ERROR_HTTP_STATUS } from '../../shared/api/error-body';
import { formatIssues, type FieldIssue } from '../../shared/api/issues';
import type { z } from 'zod';
import type { ServiceError, ServiceErrorCode } from './service-error';

const EXTRA_HTTP_STATUS: Record<Exclude<ServiceErrorCode, keyof typeof ERROR_HTTP_STATUS>, ContentfulStatusCode> = {
  method_not_allowed: 405,
  payload_too_large: 413,
  service_unavailable: 503,
};

export function httpStatusOf(code: ServiceErrorCode): ContentfulStatusCode {
  return code in ERROR_HTTP_STATUS
    ? ERROR_HTTP_STATUS[code as keyof typeof ERROR_HTTP_STATUS]
    : EXTRA_HTTP_STATUS[code as keyof typeof EXTRA_HTTP_STATUS];
}

/** The error body of docs/api.md › Errors with its HTTP status. */
export function errorResponse(c: Context, error: ServiceError, headers?: Record<string, string>): Response {
  const body = {
    status: 'error',
    error: { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) },
  };
  return c.json(body, httpStatusOf(error.code), headers);
}

/** Zod issues as `details`, each path under `prefix` (e.g. `zone_ids[3]`); an empty path is `body`. */
export function issuesAt(prefix: string, error: z.ZodError): FieldIssue[] {
  return formatIssues(error).map(({ path, message }) => {
    if (prefix === '') return { path: path || 'body', message };
    const under = path === '' ? prefix : path.startsWith('[') ? `${prefix}${path}` : `${prefix}.${path}`;
    return { path: under, message };
  });
}
