import { z } from 'zod';
import { FieldIssue } from './issues';

// Bytio shows no error shape; the app decides it (docs/api.md › Errors).

/** Error codes of docs/api.md › Errors with their HTTP status. */
export const ERROR_HTTP_STATUS = {
  missing_api_key: 401,
  invalid_api_key: 401,
  forbidden: 403,
  residential_unavailable_during_trial: 403,
  zone_not_found: 404,
  not_found: 404,
  invalid_request: 400,
  insufficient_balance: 402,
  rate_limited: 429,
  internal_error: 500,
} as const;
export type ErrorCode = keyof typeof ERROR_HTTP_STATUS;
export const ERROR_CODES = Object.keys(ERROR_HTTP_STATUS) as readonly ErrorCode[];

/**
 * `{"status":"error","error":{"code","message","details":[{path,message}]}}` with HTTP ≥ 400.
 * `code` is any string so a code added later still reads as an error; `details` (the bad fields
 * of an `invalid_request`) may be absent for other codes.
 */
export const ErrorBody = z.looseObject({
  status: z.literal('error'),
  error: z.looseObject({
    code: z.string(),
    message: z.string(),
    details: z.array(FieldIssue).optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/**
 * HTTP 202 from the zone update with `skip_resource_check=false` when capacity is short: nothing
 * was committed (docs/api.md › Zone updates).
 */
export const InsufficientResourceBody = z.looseObject({
  status: z.literal('insufficient_resource_likely'),
  message: z.string().optional(),
});
export type InsufficientResourceBody = z.infer<typeof InsufficientResourceBody>;
