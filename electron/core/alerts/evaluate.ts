import type { AlertRule, AlertSettings } from '../../../shared/alert-settings';
import { type AlertEvent, SEVERITY_RANK } from '../../../shared/notification';
import { type AlertInput, type EvaluationState, type EventDraft, type Streak, initialEvaluationState } from './alert-input';
import { type AlertMemory, type Latch, pruneFired } from './alert-memory';
import { type Condition, stepCondition } from './latch';
import type { OnceEvent, RuleContext } from './rule-context';
import { lowBalanceCondition, runwayCondition, trialExpiryEvents } from './rules/balance';
import { billingHistoryChanges, pendingBillingEvents } from './rules/billing';
import { minimumShortfallEvents, monthlyBudgetEvents } from './rules/budget';
import { keyRejectedCondition, nextNoSuccessSince, nextRejectedKey, offlineCondition } from './rules/connection';
import { spikeCondition } from './rules/spike';
import { zoneSpikeConditions } from './rules/zone-spike';
import { spendMonthEvents, spendTodayEvents, zoneSpendTodayEvents } from './rules/spend-thresholds';
import { nextHadTraffic, throughputCeilingConditions, throughputDropConditions } from './rules/throughput';
import { zoneStateChanges } from './rules/zone-state';
import { capDriftEvents } from './rules/cap-drift';
import { zoneAnomalyEvents } from './rules/zone-anomaly';

export interface Evaluation {
  /** New events of this cycle, each with a key never emitted before in its armed period. */
  events: AlertEvent[];
  /** To persist: a restart with it never repeats an alert. */
  memory: AlertMemory;
  /** To hand to the next cycle's `evaluate` (in memory only). */
  state: EvaluationState;
}

function belongsTo(rule: AlertRule, id: string): boolean {
  return id.startsWith(`${rule}:`);
}

/**
 * One alert cycle: every enabled rule looks at the new input against what it remembers.
 * Pure: same arguments, same result. Edge-triggered conditions fire once and re-arm only on
 * recovery; threshold rules fire at most once per key (threshold and UTC day or month); a key in
 * `memory.fired` is never emitted again.
 */
export function evaluate(
  previous: EvaluationState | null,
  input: AlertInput,
  settings: AlertSettings,
  memory: AlertMemory,
  now: number,
): Evaluation {
  const prev = previous ?? initialEvaluationState();
  const ctx: RuleContext = { previous: prev, input, settings, memory, now };
  const at = new Date(now).toISOString();
  const fired = pruneFired(memory.fired, now);
  const events: AlertEvent[] = [];
  const emit = (draft: EventDraft): void => {
    if (!settings[draft.rule].enabled || fired[draft.key] !== undefined) return;
    fired[draft.key] = at;
    events.push({ ...draft, id: draft.key, at });
  };
  const when = <T>(rule: AlertRule, run: (c: RuleContext) => T, otherwise: T): T =>
    settings[rule].enabled ? run(ctx) : otherwise;

  const thresholdsKnown = input.snapshot.account.data !== null && input.snapshot.zonesFetch.fetchedAt !== null;
  const crossings: OnceEvent[] = [
    ...when('spendToday', spendTodayEvents, []),
    ...when('spendMonth', spendMonthEvents, []),
    ...when('zoneSpendToday', zoneSpendTodayEvents, []),
  ];
  if (memory.thresholdsBaselined) crossings.forEach(({ draft, alsoMarks }) => {
    emit(draft);
    for (const key of alsoMarks ?? []) fired[key] ??= at;
  });
  else if (thresholdsKnown) {
    // The first look: thresholds passed before Zonewatch watched are the figures on screen, not news.
    for (const { draft, alsoMarks } of crossings) for (const key of [draft.key, ...(alsoMarks ?? [])]) fired[key] ??= at;
  }

  const once: OnceEvent[] = [
    ...when('trialExpiry', trialExpiryEvents, []),
    ...when('monthlyBudget', monthlyBudgetEvents, []),
    ...when('minimumShortfall', minimumShortfallEvents, []),
    ...when('billing', pendingBillingEvents, []),
    ...when('zoneAnomaly', zoneAnomalyEvents, []),
  ];
  for (const { draft, alsoMarks } of once) {
    emit(draft);
    for (const key of alsoMarks ?? []) fired[key] ??= at;
  }

  // null: the rule had no data this cycle, so its latches and streaks stand as they were.
  const conditionSets: Array<[AlertRule, () => Condition[] | null]> = [
    ['spike', () => nullable(spikeCondition(ctx))],
    ['zoneSpike', () => zoneSpikeConditions(ctx)],
    ['lowBalance', () => nullable(lowBalanceCondition(ctx))],
    ['runway', () => nullable(runwayCondition(ctx))],
    ['throughputCeiling', () => throughputCeilingConditions(ctx)],
    ['throughputDrop', () => throughputDropConditions(ctx)],
    ['connection', () => [keyRejectedCondition(ctx), offlineCondition(ctx)]],
  ];
  const latches: Record<string, Latch> = {};
  const streaks: Record<string, Streak> = {};
  for (const [rule, observe] of conditionSets) {
    // A disabled rule forgets its latches: turning it back on reports a condition that still holds.
    if (!settings[rule].enabled) continue;
    const conditions = observe();
    if (conditions === null) {
      for (const [id, latch] of Object.entries(memory.latches)) if (latch.rule === rule) latches[id] = latch;
      for (const [id, streak] of Object.entries(prev.streaks)) if (belongsTo(rule, id)) streaks[id] = streak;
      continue;
    }
    for (const condition of conditions) {
      const step = stepCondition(condition, prev.streaks[condition.id], memory.latches[condition.id] ?? null, now);
      streaks[condition.id] = step.streak;
      if (step.latch !== null) latches[condition.id] = step.latch;
      if (step.fired !== null) emit(step.fired);
      if (step.recovered !== null) emit(step.recovered);
    }
  }

  const zoneState = zoneStateChanges(ctx);
  zoneState.events.forEach(emit);
  capDriftEvents(ctx, zoneState.zones).forEach(emit);
  const billing = billingHistoryChanges(ctx);
  billing.events.forEach(emit);

  events.sort((a, b) => SEVERITY_RANK[b.severity] - SEVERITY_RANK[a.severity]);
  return {
    events,
    memory: {
      ...memory,
      fired,
      latches,
      zones: zoneState.zones,
      billing: billing.billing,
      noSuccessSince: nextNoSuccessSince(ctx),
      rejectedKey: nextRejectedKey(ctx),
      thresholdsBaselined: memory.thresholdsBaselined || thresholdsKnown,
    },
    state: { streaks, hadTraffic: nextHadTraffic(ctx) },
  };
}

function nullable(condition: Condition | null): Condition[] | null {
  return condition === null ? null : [condition];
}
