import type { Zone } from '../../../shared/api/zone';
import type { CapOutcome, CapRecordZone } from '../../../shared/caps';
import type { ApiClient } from '../api/client';
import { ApiError } from '../api/error';
import { toAppError } from '../error-messages';
import { readZones } from '../journal/read-zones';
import { MAX_PARALLEL_BATCHES } from '../polling/zone-batches';
import { MAX_ZONE_IDS_PER_GET } from '../../../shared/api/zone-ids';
import { endsRun, GONE_REASON, KEY_REJECTED_REASON, NOT_ALLOWED_REASON } from '../spend-stop/zone-outcome';
import { alertNow } from './cap-plan';
import { applyDecision, CHANGED_SINCE_PREVIEW_REASON, undoDecision, type AlertNow } from './caps-record';

// How a caps run checks the zones it is about to change against the service before it sends
// (docs/architecture.md › Caps): Apply and Retry against the cap the preview showed, Undo against
// the cap Zonewatch set.

/**
 * How many zones Apply and Retry re-read at once, just before they update them: four get-zones
 * calls in parallel, so reading costs no more round trips than reading all first, while a cap
 * changed elsewhere can be overwritten only in the moments one chunk's updates take (about 40
 * requests over an account's 2 slots, 5 s on a healthy service) rather than the whole run's.
 */
export const APPLY_CHUNK = MAX_ZONE_IDS_PER_GET * MAX_PARALLEL_BATCHES;

/** A failed request's outcome; `action` as error-messages.ts words it: "set the cap", "put back the alert". */
export function capFailure(zone: CapRecordZone, err: unknown, action: string): CapOutcome {
  const named = { zoneId: zone.zoneId, name: zone.name };
  if (err instanceof ApiError && err.kind === 'forbidden') return { ...named, result: 'not_allowed', reason: NOT_ALLOWED_REASON };
  if (err instanceof ApiError && err.kind === 'not_found') return { ...named, result: 'gone', reason: GONE_REASON };
  return { ...named, result: 'failed', reason: toAppError(err, { action: `${action} of zone ${zone.zoneId}` }).message };
}

/** What a check decided for one zone: send to it, or the outcome it gets without a request. */
export type Checked = 'change' | Omit<CapOutcome, 'zoneId' | 'name'>;

/**
 * What Apply and Retry do with a zone as read now: send only while it still holds the cap the
 * preview showed; a retried zone already holding the new cap was set by the earlier request whose
 * answer was lost (the rule recovery follows, docs/architecture.md › Write ahead, then act).
 */
export const applyCheck =
  (action: 'apply' | 'retry') =>
  (now: AlertNow, zone: CapRecordZone): Checked => {
    const decision = applyDecision(now, zone);
    if (decision === 'change') return 'change';
    if (decision === 'gone') return { result: 'gone', reason: GONE_REASON };
    if (decision === 'as_after' && action === 'retry') return { result: 'set', reason: 'Its earlier request had set it after all: nothing sent again.' };
    return { result: 'skipped', reason: CHANGED_SINCE_PREVIEW_REASON };
  };

/** What Undo does with a zone as read now (`undoDecision`). */
export function undoCheck(now: AlertNow, zone: CapRecordZone): Checked {
  const decision = undoDecision(now, zone);
  if (decision === 'gone') return { result: 'gone', reason: GONE_REASON };
  if (decision === 'as_before') return { result: 'as_before', reason: 'Its alert is already what it was before Zonewatch changed it: left as it is.' };
  if (decision === 'skip') return { result: 'skipped', reason: 'Its alert was changed elsewhere since Zonewatch set it: left as it is.' };
  return 'change';
}

/** The zones' alerts now, read fresh: a stale snapshot must not decide what was changed since. */
async function alertsNow(client: ApiClient, ids: readonly string[], signal: AbortSignal): Promise<{ now: Map<string, AlertNow | { error: unknown }>; fresh: Zone[] }> {
  const { state, unread } = await readZones(client, ids, signal);
  const now = new Map<string, AlertNow | { error: unknown }>();
  for (const id of ids) {
    const zone = state.get(id);
    const error = unread.get(id);
    if (error !== undefined) now.set(id, { error });
    else if (zone === undefined) now.set(id, 'gone');
    // A zone whose cap someone removed is still there: its alert is null, not the zone.
    else now.set(id, alertNow(zone));
  }
  return { now, fresh: [...state.values()] };
}

/**
 * Reads the zones fresh and decides each by `decide`: `toSend` holds those to change, `decided`
 * the outcome of every other (a zone that could not be read is not sent to either), `fresh` the
 * zones as read.
 */
export async function checkFresh(client: ApiClient, zones: readonly CapRecordZone[], decide: (now: AlertNow, zone: CapRecordZone) => Checked, action: string, signal: AbortSignal) {
  const { now, fresh } = await alertsNow(client, zones.map((zone) => zone.zoneId), signal);
  const toSend: CapRecordZone[] = [];
  const decided = new Map<string, CapOutcome>();
  for (const zone of zones) {
    const state = now.get(zone.zoneId)!;
    const named = { zoneId: zone.zoneId, name: zone.name };
    if (typeof state === 'object' && state !== null && 'error' in state) {
      decided.set(zone.zoneId, endsRun(state.error) ? { ...named, result: 'not_tried', reason: KEY_REJECTED_REASON } : capFailure(zone, state.error, action));
      continue;
    }
    const decision = decide(state, zone);
    if (decision === 'change') toSend.push(zone);
    else decided.set(zone.zoneId, { ...named, ...decision });
  }
  return { toSend, decided, fresh };
}
