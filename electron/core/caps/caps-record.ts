import type { AlertInput } from '../../../shared/api/zone-update';
import { zonesText } from '../../../shared/caps-text';
import type { CapOutcome, CapRecordZone, CapsRecord, CapsReport } from '../../../shared/caps';
import { putBackDecision } from '../spend-stop/stop-record';
import { sameAlert } from './cap-plan';

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

/** A zone's alert as a fresh read found it: `unreadable` when the service sent one that could not be read. */
export type AlertNow = AlertInput | null | 'unreadable' | 'gone';

/** Undo puts a zone's alert back only while it still holds the cap Zonewatch set (the same rule as Restore). */
export function undoDecision(now: AlertNow, zone: CapRecordZone): 'change' | 'skip' | 'gone' {
  return putBackDecision(now, (alert) => alert !== 'unreadable' && sameAlert(alert, zone.after));
}

const zones = zonesText;

/** One sentence for the report. */
export function capsSummary(action: CapsReport['action'], outcomes: readonly CapOutcome[]): string {
  const count = (...results: CapOutcome['result'][]) => outcomes.filter((o) => results.includes(o.result)).length;
  const parts: string[] = [];
  if (action === 'undo') {
    parts.push(`Put back the earlier alert of ${zones(count('restored'))}.`);
    if (count('skipped') > 0) parts.push(`${zones(count('skipped'))} changed elsewhere since, left as ${count('skipped') === 1 ? 'it is' : 'they are'}.`);
  } else {
    if (outcomes.length === 0) return 'No zone needed a new cap, so nothing was sent.';
    parts.push(`Set the cap on ${zones(count('set'))}.`);
  }
  if (count('gone') > 0) parts.push(`${zones(count('gone'))} no longer there.`);
  if (count('not_allowed') > 0) parts.push(`${zones(count('not_allowed'))} not allowed for this key.`);
  const failed = count('failed', 'not_tried');
  if (failed > 0) parts.push(`${zones(failed)} failed: ${action === 'undo' ? 'Undo again' : 'Retry'} sends ${failed === 1 ? 'it' : 'them'} again.`);
  return parts.join(' ');
}
