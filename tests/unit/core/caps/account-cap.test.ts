import { describe, expect, it } from 'vitest';
import { accountCapDecision, withRule, type AccountCapInput } from '../../../../electron/core/caps/account-cap';
import { emptyAccountCapState, type AccountCapState } from '../../../../shared/caps';

const START = Date.parse('2026-11-22T08:00:00Z');
const at = (iso: string) => Date.parse(iso);
const daily = (restoreNextPeriod: boolean): AccountCapState => withRule(emptyAccountCapState(), { dailyCents: 5_000, monthlyCents: null, restoreNextPeriod });

function input(state: AccountCapState, now: number, patch: Partial<AccountCapInput> = {}): AccountCapInput {
  return { state, spendTodayCents: 6_000, spendMonthCents: 90_000, zonesFetchedAt: now, accountFetchedAt: now, runStartedAt: START, stopHeld: false, now, ...patch };
}

describe('accountCapDecision', () => {
  it('stops once a UTC day when today’s spend fetched in this run passes the cap', () => {
    const now = at('2026-11-22T14:00:00Z');
    const first = accountCapDecision(input(daily(false), now));
    expect(first.decision).toMatchObject({ kind: 'stop', period: 'day', spentCents: 6_000, capCents: 5_000 });
    expect(first.decision?.text).toBe('Spend today reached $60.00, past the account cap of $50.00: Zonewatch stopped all spend.');
    expect(first.state.firedDay).toBe('2026-11-22');
    expect(accountCapDecision(input(first.state, now + 60_000)).decision).toBeNull();
    // The next UTC day it may stop again.
    expect(accountCapDecision(input(first.state, at('2026-11-23T09:00:00Z'))).decision).toMatchObject({ kind: 'stop', period: 'day' });
  });

  it('acts only on figures fetched in this run and in this period', () => {
    const now = at('2026-11-22T14:00:00Z');
    expect(accountCapDecision(input(daily(false), now, { zonesFetchedAt: START - 1 })).decision).toBeNull();
    expect(accountCapDecision(input(daily(false), now, { zonesFetchedAt: at('2026-11-21T23:59:00Z'), runStartedAt: at('2026-11-21T20:00:00Z') })).decision).toBeNull();
    expect(accountCapDecision(input(daily(false), now, { spendTodayCents: 4_999 })).decision).toBeNull();
    expect(accountCapDecision(input(daily(false), now, { spendTodayCents: null })).decision).toBeNull();
  });

  it('restores when the next UTC day begins if chosen, and not if not', () => {
    const stopped = accountCapDecision(input(daily(true), at('2026-11-22T14:00:00Z'))).state;
    expect(stopped.restoreAfter).toEqual({ period: 'day', key: '2026-11-22' });
    expect(accountCapDecision(input(stopped, at('2026-11-22T23:59:00Z'), { stopHeld: true, spendTodayCents: 0 })).decision).toBeNull();
    const restored = accountCapDecision(input(stopped, at('2026-11-23T00:01:00Z'), { stopHeld: true, spendTodayCents: 0 }));
    expect(restored.decision).toMatchObject({ kind: 'restore', period: 'day' });
    expect(restored.state.restoreAfter).toBeNull();
    const kept = accountCapDecision(input(daily(false), at('2026-11-22T14:00:00Z'))).state;
    expect(accountCapDecision(input(kept, at('2026-11-23T00:01:00Z'), { stopHeld: true, spendTodayCents: 0 })).decision).toBeNull();
    // Restored by hand already: nothing left to restore.
    expect(accountCapDecision(input(stopped, at('2026-11-23T00:01:00Z'), { stopHeld: false, spendTodayCents: 0 })).decision).toBeNull();
  });

  it('stops on this month’s spend once a UTC month', () => {
    const state = withRule(emptyAccountCapState(), { dailyCents: null, monthlyCents: 80_000, restoreNextPeriod: true });
    const first = accountCapDecision(input(state, at('2026-11-22T14:00:00Z')));
    expect(first.decision).toMatchObject({ kind: 'stop', period: 'month' });
    expect(accountCapDecision(input(first.state, at('2026-11-29T14:00:00Z'))).decision).toBeNull();
    expect(accountCapDecision(input(first.state, at('2026-12-01T00:05:00Z'), { stopHeld: true })).decision).toMatchObject({ kind: 'restore', period: 'month' });
  });
});
