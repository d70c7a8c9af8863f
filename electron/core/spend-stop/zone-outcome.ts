import type { SpendStopOutcome, SpendStopResult, SpendStopZone } from '../../../shared/spend-stop';
import { ApiError } from '../api/error';
import { toAppError } from '../error-messages';

export const NOT_ALLOWED_REASON = "This key's role may not change this zone.";
export const GONE_REASON = 'The service no longer knows this zone: it was deleted, or this key can no longer see it.';
export const KEY_REJECTED_REASON = 'Not tried: the service rejected the API key.';
export const DEADLINE_REASON = 'Not tried: the run reached its time limit.';
/** A zone an interrupted run had journaled and, found at the next start, had not changed. */
export const INTERRUPTED_REASON = 'Zonewatch was closed before it could change this zone.';
export const DEADLINE_UNANSWERED_REASON = 'No answer before the time limit: the next refresh shows whether it is off.';

/** Whether a failure means no further zone can succeed either, so the run stops asking. */
export function endsRun(err: unknown): boolean {
  return err instanceof ApiError && err.kind === 'unauthorized';
}

/** A zone's outcome from a failed change, in words the report can show as they are. */
export function failedOutcome(zone: SpendStopZone, err: unknown, action: 'disable' | 'enable'): SpendStopOutcome {
  if (err instanceof ApiError && err.kind === 'forbidden') return { ...zone, result: 'not_allowed', reason: NOT_ALLOWED_REASON };
  if (err instanceof ApiError && err.kind === 'not_found') return { ...zone, result: 'gone', reason: GONE_REASON };
  return { ...zone, result: 'failed', reason: toAppError(err, { action: `${action} zone ${zone.zoneId}` }).message };
}

export function outcome(zone: SpendStopZone, result: SpendStopResult, reason: string | null = null): SpendStopOutcome {
  return { ...zone, result, reason };
}
