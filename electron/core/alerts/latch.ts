import type { AlertRule } from '../../../shared/alert-settings';
import type { EventDraft, Streak } from './alert-input';
import type { Latch } from './alert-memory';

/**
 * One observation of a condition that fires on its rising edge and re-arms on recovery.
 * `on`: met; `off`: clearly recovered (beyond the hysteresis margin); `between`: inside the
 * margin (neither fires nor re-arms). A rule with no data this cycle reports no condition at all.
 */
export interface Condition {
  id: string;
  rule: AlertRule;
  zoneId?: string;
  state: 'on' | 'off' | 'between';
  /** Consecutive `on` cycles before it fires. */
  sustain: number;
  /** Consecutive `off` cycles before it re-arms. */
  rearmAfter: number;
  fire(key: string): EventDraft;
  /** An event for the recovery itself, for conditions where that is news (the connection). */
  recover?(key: string): EventDraft;
}

export interface ConditionStep {
  streak: Streak;
  latch: Latch | null;
  fired: EventDraft | null;
  recovered: EventDraft | null;
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/** Advances one condition by one cycle: counts the streak, fires on a sustained rise, re-arms on a sustained recovery. */
export function stepCondition(condition: Condition, streak: Streak | undefined, latch: Latch | null, now: number): ConditionStep {
  const previous = streak ?? { on: 0, off: 0, onSince: null };
  let next: Streak;
  switch (condition.state) {
    case 'on':
      next = { on: previous.on + 1, off: 0, onSince: previous.onSince ?? now };
      break;
    case 'off':
      next = { on: 0, off: previous.off + 1, onSince: null };
      break;
    case 'between':
      next = { on: 0, off: 0, onSince: null };
      break;
  }
  if (latch === null && next.on >= condition.sustain && next.onSince !== null) {
    const key = `${condition.id}:${iso(next.onSince)}`;
    const newLatch: Latch = { rule: condition.rule, key, since: iso(next.onSince) };
    if (condition.zoneId !== undefined) newLatch.zoneId = condition.zoneId;
    return { streak: next, latch: newLatch, fired: condition.fire(key), recovered: null };
  }
  if (latch !== null && next.off >= condition.rearmAfter) {
    const recovered = condition.recover?.(`${latch.key}:recovered`) ?? null;
    return { streak: next, latch: null, fired: null, recovered };
  }
  return { streak: next, latch, fired: null, recovered: null };
}
