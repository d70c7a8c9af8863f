import type { AlertInput } from '../../../shared/api/zone-update';
import type { CapOutcome, CapRecordZone, CapsRecord } from '../../../shared/caps';
import type { JournalEntry, JournalValue } from '../journal/journal-entry';
import type { ZoneFound } from '../journal/recovery';
import { putBackDecision } from '../spend-stop/stop-record';
import { INTERRUPTED_REASON } from '../spend-stop/zone-outcome';
import { sameAlert } from './cap-plan';

export { CHANGED_SINCE_PREVIEW_REASON, capsSummary } from './caps-summary';

// The "caps set by Zonewatch" record and what Undo does with it (docs/desktop.md › Caps). Pure.

const plain = ({ zoneId, name, before, after }: CapRecordZone): CapRecordZone => ({ zoneId, name, before, after });

/**
 * The record after an apply or a retry: each zone set joins what earlier runs set, keeping the
 * alert it had before the first of them (Undo puts back what the person had, not an earlier cap of
 * Zonewatch's); a zone that failed is what Retry sends again. Nothing set or failed: unchanged.
 */
export function recordAfterApply(previous: CapsRecord | null, sent: readonly CapRecordZone[], outcomes: readonly CapOutcome[], at: string): CapsRecord | null {
  const changed = new Map((previous?.changed ?? []).map((zone) => [zone.zoneId, zone]));
  const failed: CapsRecord['failed'] = [];
  const retried = new Set(sent.map((zone) => zone.zoneId));
  for (const zone of previous?.failed ?? []) if (!retried.has(zone.zoneId)) failed.push(zone);
  sent.forEach((zone, index) => {
    const outcome = outcomes[index];
    if (outcome?.result === 'set') {
      const earlier = changed.get(zone.zoneId);
      changed.set(zone.zoneId, { ...plain(zone), before: earlier ? earlier.before : zone.before });
    } else if (outcome?.result === 'failed' || outcome?.result === 'not_tried') {
      failed.push({ ...plain(zone), reason: outcome.reason ?? 'Unknown failure.' });
    }
  });
  if (changed.size === 0 && failed.length === 0) return previous;
  return { appliedAt: previous?.appliedAt ?? at, updatedAt: at, changed: [...changed.values()], failed };
}

/** The record after an undo: zones put back, changed since, or gone leave it; those whose undo failed stay for another. */
export function recordAfterUndo(previous: CapsRecord, outcomes: readonly CapOutcome[], at: string): CapsRecord | null {
  const again = new Set(outcomes.filter((o) => o.result === 'failed' || o.result === 'not_tried').map((o) => o.zoneId));
  const changed = previous.changed.filter((zone) => again.has(zone.zoneId));
  if (changed.length === 0) return null;
  return { appliedAt: previous.appliedAt, updatedAt: at, changed, failed: [] };
}

const alertOf = (value: JournalValue): AlertInput | null => (value.field === 'alert' ? value.value : null);

/**
 * The record after an interrupted apply, retry or undo (docs/architecture.md › Write ahead, then
 * act), by the same rules as the run's own end: an applied zone found holding the new cap is one
 * Zonewatch set (its earlier alert kept for Undo), one still holding its earlier alert is what Retry
 * sends; an undone zone found holding its earlier alert leaves the record, and so does any zone
 * found holding neither (changed elsewhere since).
 */
export function capsRecordAfterInterrupted(record: CapsRecord | null, entry: JournalEntry, found: ReadonlyMap<string, ZoneFound>, at: string): CapsRecord | null {
  const result = (zoneId: string, done: 'set' | 'restored'): CapOutcome['result'] => {
    const f = found.get(zoneId);
    // A zone someone else changed is left to them, as the run's own check leaves it (fresh-check.ts).
    return f === 'changed' ? done : f === 'gone' ? 'gone' : f === 'elsewhere' ? 'skipped' : 'not_tried';
  };
  const outcome = (zone: { zoneId: string; name: string }, r: CapOutcome['result']): CapOutcome => ({ zoneId: zone.zoneId, name: zone.name, result: r, reason: r === 'not_tried' ? INTERRUPTED_REASON : null });
  if (entry.operation === 'caps-undo') {
    if (record === null) return null;
    return recordAfterUndo(record, record.changed.map((zone) => outcome(zone, found.has(zone.zoneId) ? result(zone.zoneId, 'restored') : 'not_tried')), at);
  }
  const sent = entry.zones.flatMap((zone): CapRecordZone[] => {
    const after = alertOf(zone.send);
    return after === null ? [] : [{ zoneId: zone.zoneId, name: zone.name, before: alertOf(zone.before), after }];
  });
  return recordAfterApply(record, sent, sent.map((zone) => outcome(zone, result(zone.zoneId, 'set'))), at);
}

/** A zone's alert as a fresh read found it: `unreadable` when the service sent one that could not be read. */
export type AlertNow = AlertInput | null | 'unreadable' | 'gone';

/**
 * Undo puts a zone's alert back only while it still holds the cap Zonewatch set (the same rule as
 * Restore); a zone changed since that already holds what Undo would put back is `as_before`.
 */
export function undoDecision(now: AlertNow, zone: CapRecordZone): 'change' | 'skip' | 'gone' | 'as_before' {
  const decision = putBackDecision(now, (alert) => alert !== 'unreadable' && sameAlert(alert, zone.after));
  if (decision === 'skip' && now !== 'unreadable' && now !== 'gone' && sameAlert(now, zone.before)) return 'as_before';
  return decision;
}

/**
 * Apply and Retry set a zone's cap only while it still holds the cap its preview showed
 * (`before`), by the decision Undo and Restore make (docs/architecture.md › Caps); a zone that
 * already holds the new cap is `as_after`.
 */
export function applyDecision(now: AlertNow, zone: CapRecordZone): 'change' | 'skip' | 'gone' | 'as_after' {
  const decision = putBackDecision(now, (alert) => alert !== 'unreadable' && sameAlert(alert, zone.before));
  if (decision === 'skip' && now !== 'unreadable' && now !== 'gone' && sameAlert(now, zone.after)) return 'as_after';
  return decision;
}
