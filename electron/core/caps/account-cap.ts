import type { AccountCapState, CapPeriod } from '../../../shared/caps';
import { formatBilled } from '../../../shared/money';
import { utcDayKey, utcMonthKey } from '../../../shared/units';

// The account cap Zonewatch enforces (docs/desktop.md › Caps › Account cap): what to do after a
// poll cycle, from the figures fetched in it. Pure.

export type AccountCapInput = {
  state: AccountCapState;
  /** Spend today over the known zones and this month's, as the account's read model has them. */
  spendTodayCents: number | null;
  spendMonthCents: number | null;
  /** When the zones' and the account's figures were fetched (epoch ms), null if never. */
  zonesFetchedAt: number | null;
  accountFetchedAt: number | null;
  /** When this run of Zonewatch began: figures from before it (a cache read at start) never count. */
  runStartedAt: number;
  /** Whether Zonewatch holds a "stopped by Zonewatch" record that a Restore would act on. */
  stopHeld: boolean;
  now: number;
};

export type AccountCapDecision =
  | { kind: 'stop'; period: CapPeriod; spentCents: number; capCents: number; text: string }
  | { kind: 'restore'; period: CapPeriod; text: string }
  | null;

const periodKey = (period: CapPeriod, ms: number) => (period === 'day' ? utcDayKey(new Date(ms)) : utcMonthKey(new Date(ms)));

/** Figures count only when fetched in this run and in the period they belong to. */
function current(fetchedAt: number | null, input: AccountCapInput, period: CapPeriod): boolean {
  return fetchedAt !== null && fetchedAt >= input.runStartedAt && periodKey(period, fetchedAt) === periodKey(period, input.now);
}

/**
 * What the account cap does now, and its state after: a Restore owed from a period that has ended
 * comes first; otherwise a stop, at most once per UTC day (month), when a figure fetched in that
 * period while Zonewatch runs has reached its amount.
 */
export function accountCapDecision(input: AccountCapInput): { decision: AccountCapDecision; state: AccountCapState } {
  const { state, now } = input;
  const at = new Date(now).toISOString();
  const owed = state.restoreAfter;
  if (owed && periodKey(owed.period, now) !== owed.key) {
    if (!input.stopHeld) return { decision: null, state: { ...state, restoreAfter: null } };
    const text = `A new UTC ${owed.period} began, so Zonewatch restored the zones its account cap stopped.`;
    return { decision: { kind: 'restore', period: owed.period, text }, state: { ...state, restoreAfter: null, last: { at, text } } };
  }
  const rule = state.rule;
  if (rule === null) return { decision: null, state };
  const checks: { period: CapPeriod; cap: number | null; spent: number | null; fetchedAt: number | null; fired: string | null }[] = [
    { period: 'day', cap: rule.dailyCents, spent: input.spendTodayCents, fetchedAt: input.zonesFetchedAt, fired: state.firedDay },
    { period: 'month', cap: rule.monthlyCents, spent: input.spendMonthCents, fetchedAt: input.accountFetchedAt, fired: state.firedMonth },
  ];
  for (const check of checks) {
    if (check.cap === null || check.spent === null || check.spent < check.cap) continue;
    const key = periodKey(check.period, now);
    if (check.fired === key || !current(check.fetchedAt, input, check.period)) continue;
    const which = check.period === 'day' ? 'today' : 'this month';
    const text = `Spend ${which} reached ${formatBilled(check.spent)}, past the account cap of ${formatBilled(check.cap)}: Zonewatch stopped all spend.`;
    const next: AccountCapState = {
      ...state,
      ...(check.period === 'day' ? { firedDay: key } : { firedMonth: key }),
      restoreAfter: rule.restoreNextPeriod ? { period: check.period, key } : state.restoreAfter,
      last: { at, text },
    };
    return { decision: { kind: 'stop', period: check.period, spentCents: check.spent, capCents: check.cap, text }, state: next };
  }
  return { decision: null, state };
}

/** A new rule keeps what the account cap already did this period (once per period stays once). */
export function withRule(state: AccountCapState, rule: AccountCapState['rule']): AccountCapState {
  return { ...state, rule, restoreAfter: rule?.restoreNextPeriod ? state.restoreAfter : null };
}
