import { describe, expect, it } from 'vitest';
import {
  BUDGET_LIMITS,
  budgetHeld,
  createRequestBudget,
  type Grant,
  mayStart,
  nextSlowAt,
  SLOW_REQUEST_MS,
  slowAccounts,
} from '../../../../electron/core/accounts/request-budget';
import type { Release, RequestGate } from '../../../../electron/core/api/request-gate';
import type { Clock } from '../../../../electron/core/ports';

/** `{ a: 2, b: 1 }` → grants all given at `since`. */
const grants = (byAccount: Record<string, number>, since = 0): Grant[] =>
  Object.entries(byAccount).flatMap(([accountId, count]) => Array.from({ length: count }, () => ({ accountId, since })));
const none = new Set<string>();

/** A clock whose timers run only when the test moves it on. */
function manualClock() {
  let now = 0;
  let timers: { at: number; fn: () => void; handle: object }[] = [];
  const clock: Clock = {
    now: () => now,
    setTimeout: (fn, ms) => {
      const handle = {};
      timers.push({ at: now + ms, fn, handle });
      return handle;
    },
    clearTimeout: (handle) => void (timers = timers.filter((timer) => timer.handle !== handle)),
  };
  return {
    clock,
    async advance(ms: number) {
      now += ms;
      const due = timers.filter((timer) => timer.at <= now);
      timers = timers.filter((timer) => timer.at > now);
      for (const timer of due) timer.fn();
      await settle();
    },
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

/** Asks for a slot and reports whether it was given by the next turn of the event loop. */
async function ask(gate: RequestGate, signal = new AbortController().signal) {
  let release: Release | null = null;
  let refused: unknown = null;
  const asked = gate(signal).then(
    (r) => void (release = r),
    (err: unknown) => void (refused = err),
  );
  await settle();
  return { given: () => release !== null, release: () => release?.(), refused: () => refused, asked };
}

describe('the budget decisions', () => {
  it('allows 4 requests overall and 2 per healthy account', () => {
    expect(BUDGET_LIMITS).toEqual({ total: 4, perAccount: 2, perDegradedAccount: 1, degradedTotal: 2 });
    const held = (byAccount: Record<string, number>) => budgetHeld(grants(byAccount), none);
    expect(mayStart(held({ a: 1 }), 'a', false)).toBe(true);
    expect(mayStart(held({ a: 2 }), 'a', false)).toBe(false);
    expect(mayStart(held({ a: 2, b: 1 }), 'b', false)).toBe(true);
    expect(mayStart(held({ a: 2, b: 2 }), 'c', false)).toBe(false);
  });

  it('gives a degraded account one slot, and all degraded accounts together two', () => {
    const degraded = new Set(['a', 'b', 'c']);
    expect(mayStart(budgetHeld(grants({ a: 1 }), degraded), 'a', true)).toBe(false);
    expect(mayStart(budgetHeld(grants({ a: 1 }), degraded), 'b', true)).toBe(true);
    expect(mayStart(budgetHeld(grants({ a: 1, b: 1 }), degraded), 'c', true)).toBe(false);
    // The two slots left are the healthy accounts'.
    expect(mayStart(budgetHeld(grants({ a: 1, b: 1 }), degraded), 'd', false)).toBe(true);
  });

  it('stops counting what degraded accounts hold beyond their share, so a healthy account gets its two slots', () => {
    // Two accounts that took two slots each while still healthy, and hang.
    const hanging = budgetHeld(grants({ b: 2, c: 2 }), new Set(['b', 'c']));
    expect(hanging).toMatchObject({ total: 4, degraded: 4, counted: 2 });
    expect(mayStart(hanging, 'a', false)).toBe(true);
    expect(mayStart(budgetHeld(grants({ b: 2, c: 2, a: 1 }), new Set(['b', 'c'])), 'a', false)).toBe(true);
    expect(mayStart(budgetHeld(grants({ b: 2, c: 2, a: 2 }), new Set(['b', 'c'])), 'a', false)).toBe(false);
    // Neither hanging account may add one, nor may a third that is degraded.
    expect(mayStart(hanging, 'b', true)).toBe(false);
    expect(mayStart(hanging, 'd', true)).toBe(false);
    // Before they count as degraded, they hold all four.
    expect(mayStart(budgetHeld(grants({ b: 2, c: 2 }), none), 'a', false)).toBe(false);
  });

  it('counts a request as slow once it has been in flight for half a second, an account’s first included', () => {
    expect(SLOW_REQUEST_MS).toBe(500);
    const held = [...grants({ b: 1 }, 0), ...grants({ a: 1 }, 300)];
    expect(slowAccounts(held, 499)).toEqual(new Set());
    expect(slowAccounts(held, 500)).toEqual(new Set(['b']));
    expect(slowAccounts(held, 800)).toEqual(new Set(['a', 'b']));
  });

  it('knows when the next request in flight turns slow, to look at the waiters again then', () => {
    const held = [...grants({ b: 1 }, 100), ...grants({ a: 1 }, 300), ...grants({ c: 1 }, 0)];
    expect(nextSlowAt(held, 0)).toBe(500);
    expect(nextSlowAt(held, 500)).toBe(600);
    expect(nextSlowAt(held, 800)).toBeNull();
    expect(nextSlowAt([], 0)).toBeNull();
  });
});

describe('the request budget', () => {
  it('gives a healthy account its slots within half a second while two accounts hang from their first requests', async () => {
    const time = manualClock();
    const budget = createRequestBudget({ clock: time.clock });
    // Neither hanging account is degraded in its watch's eyes yet: no failure has been recorded.
    const healthy = () => false;
    const hanging = [budget.gateFor('b', healthy), budget.gateFor('c', healthy)];
    const taken = [await ask(hanging[0]!), await ask(hanging[0]!), await ask(hanging[1]!), await ask(hanging[1]!)];
    expect(taken.every((slot) => slot.given())).toBe(true);
    const fine = budget.gateFor('a', healthy);
    const a1 = await ask(fine);
    const a2 = await ask(fine);
    await time.advance(SLOW_REQUEST_MS - 1);
    expect([a1.given(), a2.given()]).toEqual([false, false]);
    await time.advance(1);
    expect([a1.given(), a2.given()]).toEqual([true, true]);
    expect(budget.held()).toMatchObject({ total: 6, counted: 4, degraded: 4 });
    // A hanging account sends again only within the limits: with A's two counted, none is free.
    const b3 = await ask(hanging[0]!);
    taken[0]!.release();
    await settle();
    expect(b3.given()).toBe(false);
    a1.release();
    await settle();
    expect(b3.given()).toBe(true);
    expect(budget.peaks()).toEqual({ total: 6, counted: 4, perAccount: 2 });
  });

  it('lets an account whose service is merely slow keep its two requests in flight', async () => {
    const time = manualClock();
    const budget = createRequestBudget({ clock: time.clock });
    const gate = budget.gateFor('s', () => false);
    const s1 = await ask(gate);
    await ask(gate);
    await time.advance(SLOW_REQUEST_MS + 100);
    s1.release();
    const s3 = await ask(gate);
    expect(s3.given()).toBe(true);
    expect(budget.held().byAccount.get('s')).toBe(2);
  });

  it('holds the fifth request until one of the four ends, and never lets one account take more than two', async () => {
    const budget = createRequestBudget({ clock: manualClock().clock });
    const healthy = () => false;
    const a = budget.gateFor('a', healthy);
    const b = budget.gateFor('b', healthy);
    const a1 = await ask(a);
    const a2 = await ask(a);
    const a3 = await ask(a);
    expect([a1.given(), a2.given(), a3.given()]).toEqual([true, true, false]);
    // B gets its own two while A's third waits.
    const b1 = await ask(b);
    const b2 = await ask(b);
    expect([b1.given(), b2.given()]).toEqual([true, true]);
    const c1 = await ask(budget.gateFor('c', healthy));
    expect(c1.given()).toBe(false);
    expect(budget.held().total).toBe(4);
    // The first slot freed goes to the first waiter that may take it.
    b1.release();
    await settle();
    expect([a3.given(), c1.given()]).toEqual([false, true]);
    a1.release();
    await settle();
    expect(a3.given()).toBe(true);
    expect(budget.peaks()).toEqual({ total: 4, counted: 4, perAccount: 2 });
  });

  it('leaves two slots to the healthy accounts however many accounts are flagged degraded', async () => {
    const budget = createRequestBudget({ clock: manualClock().clock });
    const hanging = ['h1', 'h2', 'h3', 'h4'].map((id) => budget.gateFor(id, () => true));
    const asked = [];
    for (const gate of hanging) asked.push(await ask(gate), await ask(gate));
    expect(asked.filter((a) => a.given()).length).toBe(2);
    const fine = budget.gateFor('fine', () => false);
    const f1 = await ask(fine);
    const f2 = await ask(fine);
    expect([f1.given(), f2.given()]).toEqual([true, true]);
  });

  it('drops a waiter whose wait is given up, taking no slot, and lets a release count once', async () => {
    const budget = createRequestBudget({ limits: { total: 1, perAccount: 1, perDegradedAccount: 1, degradedTotal: 1 }, clock: manualClock().clock });
    const gate = budget.gateFor('a', () => false);
    const first = await ask(gate);
    const deadline = new AbortController();
    const second = await ask(gate, deadline.signal);
    deadline.abort(new Error('deadline'));
    await second.asked;
    expect(second.given()).toBe(false);
    expect((second.refused() as Error).message).toBe('deadline');
    first.release();
    first.release();
    expect(budget.held().total).toBe(0);
    const third = await ask(gate);
    expect(third.given()).toBe(true);
    expect(budget.held().total).toBe(1);
  });

  it('reads whether the account is degraded when the slot is given, not when it was asked for', async () => {
    const budget = createRequestBudget({ clock: manualClock().clock });
    let degraded = false;
    const gate = budget.gateFor('a', () => degraded);
    const first = await ask(gate);
    degraded = true;
    const second = await ask(gate);
    expect([first.given(), second.given()]).toEqual([true, false]);
    first.release();
    await settle();
    expect(second.given()).toBe(true);
    expect(budget.held().degraded).toBe(1);
  });
});
