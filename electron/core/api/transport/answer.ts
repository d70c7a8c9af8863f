import { ErrorBody } from '../../../../shared/api/error-body';
import { redactValue } from '../../secrets/redact';
import { ApiError, type ApiErrorKind } from '../error';
import { parseAnswerJson } from './json-body';
import { parseRetryAfter } from './retry-after';

/** A 2xx answer's status and parsed body. */
export type Answer = { status: number; body: unknown };

/** How long the service's own message may run in an error's text. */
const MAX_SERVICE_MESSAGE = 300;

/**
 * Reads a complete answer: a 2xx body as JSON, anything else as the ApiError it stands for.
 * `key` is the key the request was sent with: no string of the answer keeps it (json-body.ts).
 */
export function readAnswer(operation: string, response: Response, text: string, key: string, now: () => number): Answer {
  const status = response.status;
  if (status === 202) {
    // docs/api.md › Errors: 202 `insufficient_resource_likely`, nothing committed.
    throw new ApiError('insufficient_resource_likely', `${operation}: the platform lacks the resources for this change now`, {
      operation,
      status,
      code: 'insufficient_resource_likely',
    });
  }
  if (status >= 200 && status < 300) {
    const body = parseAnswerJson(text, key);
    if (body === undefined) throw new ApiError('invalid_response', `${operation}: the answer is not JSON`, { operation, path: '' });
    return { status, body };
  }
  throw errorAnswer(operation, response, text, key, now);
}

/**
 * The ApiError of a non-2xx answer. The whole error body, every member at any depth, its names
 * included, is redacted before any of it is read: its code, message and details become the
 * error's text and fields, which reach the window, notifications, diagnostics and the snapshot file.
 */
function errorAnswer(operation: string, response: Response, text: string, key: string, now: () => number): ApiError {
  const status = response.status;
  const parsed = ErrorBody.safeParse(redactValue(parseAnswerJson(text, key), [key]));
  const error = parsed.success ? parsed.data.error : undefined;
  const code = error?.code;
  const serviceMessage = error ? error.message.slice(0, MAX_SERVICE_MESSAGE) : '';
  const fields = error?.details?.map((detail) => ({ path: detail.path, message: detail.message }));
  const kind = kindOf(status, code);
  const described = `${operation}: HTTP ${status}${code ? ` ${code}` : ''}${serviceMessage ? ` (${serviceMessage})` : ''}`;
  return new ApiError(kind, described, {
    operation,
    status,
    ...(code ? { code } : {}),
    ...(fields ? { fields } : {}),
    ...(kind === 'rate_limited' ? { retryAfterMs: parseRetryAfter(response.headers.get('retry-after'), now()) } : {}),
  });
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
