import { z } from 'zod';
import { FieldIssue } from './api/issues';

/** Kinds of failure of a service call, as the core's API client reports them. */
export const API_ERROR_KINDS = [
  'unauthorized',
  'forbidden',
  'not_found',
  'invalid_request',
  'payment_required',
  'residential_unavailable',
  'rate_limited',
  'insufficient_resource_likely',
  'server',
  'network',
  'timeout',
  'invalid_response',
  'redirected',
  'response_too_large',
] as const;

/** Kinds that come from the app itself rather than from the service. */
export const APP_ERROR_KINDS = ['invalid_argument', 'forbidden_sender', 'no_key', 'unavailable', 'internal'] as const;

export const ErrorKind = z.enum([...API_ERROR_KINDS, ...APP_ERROR_KINDS]);
export type ErrorKind = z.infer<typeof ErrorKind>;

/** A failure as the renderer sees it: plain words, never a stack trace, never the key. */
export const AppError = z.object({
  kind: ErrorKind,
  message: z.string(),
  retryAfterMs: z.number().nonnegative().optional(),
  fields: z.array(FieldIssue).optional(),
});
export type AppError = z.infer<typeof AppError>;
