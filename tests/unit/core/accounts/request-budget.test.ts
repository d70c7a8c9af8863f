import { describe, expect, it } from 'vitest';
import { BUDGET_LIMITS, createRequestBudget, mayStart } from '../../../../electron/core/accounts/request-budget';
import type { Release } from '../../../../electron/core/api/request-gate';

const held = (byAccount: Record<string, number>, degraded = 0) => ({
  total: Object.values(byAccount).reduce((a, b) => a + b, 0),
  degraded,
  byAccount: new Map(Object.entries(byAccount)),
});

/** Asks for a slot and reports whether it was given by the next turn of the event loop. */
async function ask(gate: (signal: AbortSignal) => Promise<Release>, signal = new AbortController().signal) {
  let release: Release | null = null;
  let refused: unknown = null;
  const asked = gate(signal).then(
    (r) => void (release = r),
    (err: unknown) => void (refused = err),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return { given: () => release !== null, release: () => release?.(), refused: () => refused, asked };
}

describe('mayStart', () => {
  it('allows 4 requests overall and 2 per healthy account', () => {
    expect(BUDGET_LIMITS).toEqual({ total: 4, perAccount: 2, perDegradedAccount: 1, degradedTotal: 2 });
    expect(mayStart(held({ a: 1 }), 'a', false)).toBe(true);
    expect(mayStart(held({ a: 2 }), 'a', false)).toBe(false);
    expect(mayStart(held({ a: 2, b: 1 }), 'b', false)).toBe(true);
    expect(mayStart(held({ a: 2, b: 2 }), 'c', false)).toBe(false);
  });

  it('gives a degraded account one slot, and all degraded accounts together two', () => {
    expect(mayStart(held({ a: 1 }, 1), 'a', true)).toBe(false);
    expect(mayStart(held({ a: 1 }, 1), 'b', true)).toBe(true);
    expect(mayStart(held({ a: 1, b: 1 }, 2), 'c', true)).toBe(false);
    // The two slots left are the healthy accounts'.
    expect(mayStart(held({ a: 1, b: 1 }, 2), 'c', false)).toBe(true);
  });
});

describe('the request budget', () => {
  it('holds the fifth request until one of the four ends, and never lets one account take more than two', async () => {
    const budget = createRequestBudget();
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
    await new Promise((resolve) => setImmediate(resolve));
    expect([a3.given(), c1.given()]).toEqual([false, true]);
    a1.release();
    await new Promise((resolve) => setImmediate(resolve));
    expect(a3.given()).toBe(true);
    expect(budget.peaks()).toEqual({ total: 4, perAccount: 2 });
  });

  it('leaves two slots to the healthy accounts however many accounts hang', async () => {
    const budget = createRequestBudget();
    const hanging = ['h1', 'h2', 'h3', 'h4'].map((id) => budget.gateFor(id, () => true));
    const asked = [];
    for (const gate of hanging) asked.push(await ask(gate), await ask(gate));
    expect(asked.filter((a) => a.given()).length).toBe(2);
    const fine = budget.gateFor('fine', () => false);
    const f1 = await ask(fine);
    const f2 = await ask(fine);
    expect([f1.given(), f2.given()]).toEqual([true, true]);
  });

  it('drops a waiter whose deadline passes, taking no slot, and lets a release count once', async () => {
    const budget = createRequestBudget({ total: 1, perAccount: 1, perDegradedAccount: 1, degradedTotal: 1 });
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
    const budget = createRequestBudget();
    let degraded = false;
    const gate = budget.gateFor('a', () => degraded);
    const first = await ask(gate);
    degraded = true;
    const second = await ask(gate);
    expect([first.given(), second.given()]).toEqual([true, false]);
    first.release();
    await new Promise((resolve) => setImmediate(resolve));
    expect(second.given()).toBe(true);
    expect(budget.held().degraded).toBe(1);
  });
});
