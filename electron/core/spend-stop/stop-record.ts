import type { SpendStopOutcome, SpendStopRecord, SpendStopRemaining, SpendStopZone } from '../../../shared/spend-stop';
import type { JournalEntry } from '../journal/journal-entry';
import type { ZoneFound } from '../journal/recovery';
import { INTERRUPTED_REASON } from './zone-outcome';

const zoneOf = ({ zoneId, name, spendTodayCents }: SpendStopZone): SpendStopZone => ({ zoneId, name, spendTodayCents });

function stillRunning(outcome: SpendStopOutcome): SpendStopRemaining | null {
  if (outcome.result !== 'failed' && outcome.result !== 'not_allowed' && outcome.result !== 'not_tried') return null;
  return { ...zoneOf(outcome), result: outcome.result, reason: outcome.reason ?? 'Unknown failure.' };
}

/**
 * The record after a stop or a retry: what it disabled joins what earlier runs disabled, and what
 * it meant to disable but could not is what is left running. A run that touched nothing and left
 * nothing running keeps the record as it was (or none).
 */
export function recordAfterStop(previous: SpendStopRecord | null, outcomes: readonly SpendStopOutcome[], at: string): SpendStopRecord | null {
  const disabled = new Map((previous?.disabled ?? []).map((zone) => [zone.zoneId, zone]));
  for (const o of outcomes) if (o.result === 'disabled') disabled.set(o.zoneId, zoneOf(o));
  const remaining = outcomes.flatMap((o) => stillRunning(o) ?? []);
  if (disabled.size === 0 && remaining.length === 0) return previous;
  return { stoppedAt: previous?.stoppedAt ?? at, updatedAt: at, disabled: [...disabled.values()], remaining };
}

/**
 * The record after a restore: zones turned back on, re-enabled by the user, or gone leave it;
 * zones whose restore failed stay, so a second restore touches only them. Nothing left: no record.
 */
export function recordAfterRestore(previous: SpendStopRecord, outcomes: readonly SpendStopOutcome[], at: string): SpendStopRecord | null {
  const failed = new Set(outcomes.filter((o) => o.result === 'failed' || o.result === 'not_tried').map((o) => o.zoneId));
  const disabled = previous.disabled.filter((zone) => failed.has(zone.zoneId));
  if (disabled.length === 0) return null;
  return { stoppedAt: previous.stoppedAt, updatedAt: at, disabled, remaining: [] };
}

/**
 * The record after an interrupted stop, retry or restore (docs/architecture.md › Write ahead, then
 * act), from what each journaled zone was found to hold: built by the same rules as the run's own
 * end, so folding it twice gives the same record. A stop's zone found off is one Zonewatch turned
 * off; one found on is still running, for Retry. A restore's zone found on leaves the record.
 */
export function recordAfterInterrupted(record: SpendStopRecord | null, entry: JournalEntry, found: ReadonlyMap<string, ZoneFound>, at: string): SpendStopRecord | null {
  const result = (zoneId: string, done: 'disabled' | 'enabled') => {
    const f = found.get(zoneId);
    return f === 'changed' ? done : f === 'gone' ? 'gone' : 'not_tried';
  };
  const reasonOf = (r: SpendStopOutcome['result']) => (r === 'not_tried' ? INTERRUPTED_REASON : null);
  if (entry.operation === 'restore') {
    if (record === null) return null;
    const outcomes = record.disabled.map((zone): SpendStopOutcome => {
      const r = found.has(zone.zoneId) ? result(zone.zoneId, 'enabled') : 'not_tried';
      return { ...zoneOf(zone), result: r, reason: reasonOf(r) };
    });
    return recordAfterRestore(record, outcomes, at);
  }
  const outcomes = entry.zones.map((zone): SpendStopOutcome => {
    const r = result(zone.zoneId, 'disabled');
    return { zoneId: zone.zoneId, name: zone.name, spendTodayCents: zone.spendTodayCents, result: r, reason: reasonOf(r) };
  });
  // A retry went over the zones left running: those it had not journaled stay as they were.
  const journaled = new Set(entry.zones.map((zone) => zone.zoneId));
  const untouched = entry.operation === 'retry' ? (record?.remaining ?? []).filter((zone) => !journaled.has(zone.zoneId)) : [];
  return recordAfterStop(record, [...outcomes, ...untouched], at);
}

/**
 * Whether putting a zone back as it was before Zonewatch changed it is still Zonewatch's to do,
 * given what the zone holds now: only if it still holds what Zonewatch left (`leftAsNow`), so a
 * change someone made since is left alone; `gone` means the service's answer left the zone out
 * (deleted, or no longer visible to the key). Restore after "Stop all spend" and Undo of caps
 * both decide by it (docs/architecture.md › Client behaviour).
 */
export function putBackDecision<T>(now: T | 'gone', leftAsNow: (now: T) => boolean): 'change' | 'skip' | 'gone' {
  if (now === 'gone') return 'gone';
  return leftAsNow(now) ? 'change' : 'skip';
}

/**
 * What a restore does with one zone the stop disabled, given its state now: turn it back on only
 * if it is still off. `unknown` means the service sent the zone without a usable `enabled`:
 * turning on a zone the stop turned off is what the user asked for, and does nothing more if it
 * is on already, so it counts as still off.
 */
export function restoreDecision(enabledNow: ZoneStateNow): 'change' | 'skip' | 'gone' {
  return putBackDecision(enabledNow, (enabled) => enabled !== true);
}

/**
 * What a stop does with one zone, given its state now: a zone that is on is turned off, and so is
 * one whose state the service did not send usable (it may be spending; turning off an off zone
 * changes nothing). Only a zone known to be off is skipped.
 */
export function stopDecision(enabledNow: ZoneStateNow): 'change' | 'skip' | 'gone' {
  if (enabledNow === 'gone') return 'gone';
  return enabledNow === false ? 'skip' : 'change';
}

/** A zone's `enabled` as a fresh read found it: `gone` when left out of the answer. */
export type ZoneStateNow = boolean | 'unknown' | 'gone';
