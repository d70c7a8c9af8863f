import type { AppError } from '../../shared/app-error';
import { ApiError } from './api/error';
import { HandlerError } from './ipc-dispatch';
import { NOT_SAVED, writeFailureOf, writeFailureSentence } from './storage/write-failure';

/** Said wherever an action needs a key and none is stored. */
export const NO_KEY_MESSAGE = 'No API key is set. Add one in Settings to start watching the account.';

/**
 * What failed, besides the failure. The age of the data still shown and the next try are not
 * written in here: the status carries them as fields, and the window words them in the user's
 * own clock format, in the same sentence (renderer/src/model/status-banner.ts).
 */
export type ErrorContext = {
  /** The action that failed, as a phrase: "disable zone ABC123". */
  action?: string;
};

/**
 * Turns any failure into plain words: what happened, what the user sees now, what happens next
 * (docs/architecture.md › Errors in plain words). Never a stack trace, never the key: only ApiError's
 * fields are read, and its message is not shown.
 */
export function toAppError(err: unknown, context: ErrorContext = {}): AppError {
  if (err instanceof HandlerError) return err.appError;
  // A durable write that failed kept what its file holds (docs/architecture.md › Offline); an action
  // that changes the service refuses before it sends (journal.ts), so what is left here saved nothing.
  const unwritten = writeFailureOf(err);
  if (unwritten) return { kind: 'unavailable', message: sentence(context, writeFailureSentence(unwritten, NOT_SAVED)) };
  if (!(err instanceof ApiError)) {
    return { kind: 'internal', message: sentence(context, 'Something went wrong inside Zonewatch; the log has the details.') };
  }
  const what = describe(err);
  const error: AppError = { kind: err.kind, message: sentence(context, what) };
  if (err.retryAfterMs !== undefined) error.retryAfterMs = err.retryAfterMs;
  if (err.fields && err.fields.length > 0) error.fields = err.fields;
  return error;
}

function describe(err: ApiError): string {
  switch (err.kind) {
    case 'no_key':
      return NO_KEY_MESSAGE;
    case 'unauthorized':
      return 'The service rejected the API key. Zonewatch has stopped refreshing until you enter a new key.';
    case 'forbidden':
      return "This key's role is not allowed to do this. An account admin can do it, or give this key more access.";
    case 'not_found':
      return 'The service does not know this zone. It may have been deleted, or this key cannot see it.';
    case 'invalid_request': {
      const first = err.fields?.[0];
      const field = first ? ` ${first.path ? `${first.path} ` : ''}${first.message}.` : '';
      return `The service refused the request as invalid.${field}`;
    }
    case 'payment_required':
      return 'The balance does not cover 24 hours of the new standing charges, so nothing was changed. Top up the account and try again.';
    case 'residential_unavailable':
      return 'Residential zones are unavailable during the free trial. Top up the account to use them.';
    case 'rate_limited':
      return err.retryAfterMs !== undefined
        ? `The service asked Zonewatch to slow down for ${duration(err.retryAfterMs)}.`
        : 'The service asked Zonewatch to slow down.';
    case 'insufficient_resource_likely':
      return 'The platform lacks the resources for this change right now, so nothing was changed. Try again later, or allow the change to wait for approval.';
    case 'server':
      return `The service had a problem of its own${err.status ? ` (HTTP ${err.status})` : ''}.`;
    case 'network':
      if (err.notAnswering) return notAnswering(err.host);
      return err.cancelled ? 'The request was cancelled.' : 'Zonewatch could not reach the service.';
    case 'timeout':
      if (err.notAnswering) return notAnswering(err.host);
      if (err.abandoned) return `A refresh did not finish within ${duration(err.timeoutMs ?? 0)}, so Zonewatch gave up on it.`;
      if (err.queued) return `The request waited ${duration(err.timeoutMs ?? 0)} for its turn behind requests still waiting for an answer, so it was not sent.`;
      return `Zonewatch could not reach the service (timed out after ${duration(err.timeoutMs ?? 0)}).`;
    case 'redirected':
      return `The service at ${err.host ?? 'this address'} answered with a redirect to another address${err.status ? ` (${err.status})` : ''}. Check the base URL in Settings.`;
    case 'response_too_large':
      return `The service sent an answer larger than ${megabytes(err.limitBytes ?? 0)}, so Zonewatch stopped reading it.`;
    case 'invalid_response':
      return `The service sent an answer Zonewatch does not understand${err.path ? ` (at ${err.path})` : ''}.`;
  }
}

const notAnswering = (host: string | undefined) => `The service at ${host ?? 'this address'} is not answering.`;

function sentence(context: ErrorContext, what: string): string {
  return context.action ? `Could not ${context.action}: ${lowerFirst(what)}` : what;
}

function lowerFirst(text: string): string {
  return text.startsWith('Zonewatch') ? text : text.charAt(0).toLowerCase() + text.slice(1);
}

/** `2 min`, `15 s`, `3 h`. */
export function duration(ms: number): string {
  const seconds = Math.max(1, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.round(minutes / 60)} h`;
}

/** `4 MB`, `10 KB`: a size cap in words. */
function megabytes(bytes: number): string {
  const mib = 1024 * 1024;
  return bytes >= mib ? `${Math.round(bytes / mib)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
