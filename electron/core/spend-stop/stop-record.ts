import type { SpendStopOutcome, SpendStopRecord, SpendStopRemaining, SpendStopZone } from '../../../shared/spend-stop';

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
