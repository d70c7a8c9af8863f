import type { Release, RequestGate } from '../api/request-gate';

/**
 * One request budget shared by every watched account (issue 17): at most 4 requests in flight
 * overall, at most 2 of them for one account, and 1 while that account is degraded (backing off
 * or timing out). Degraded accounts together hold at most 2 slots, so however many accounts hang,
 * the healthy ones always have 2 slots of their own: a failing or hanging account never slows them.
 */
export const BUDGET_LIMITS = { total: 4, perAccount: 2, perDegradedAccount: 1, degradedTotal: 2 } as const;
export type BudgetLimits = { total: number; perAccount: number; perDegradedAccount: number; degradedTotal: number };

/** What the budget holds now: requests in flight, overall, per account and for degraded accounts. */
export type BudgetHeld = { total: number; degraded: number; byAccount: ReadonlyMap<string, number> };

/** Whether one more request of this account may start now. Pure. */
export function mayStart(held: BudgetHeld, accountId: string, degraded: boolean, limits: BudgetLimits = BUDGET_LIMITS): boolean {
  if (held.total >= limits.total) return false;
  const mine = held.byAccount.get(accountId) ?? 0;
  if (!degraded) return mine < limits.perAccount;
  return mine < limits.perDegradedAccount && held.degraded < limits.degradedTotal;
}


export type RequestBudget = {
  /** The gate one account's API client passes every attempt through; `degraded` is read at each grant. */
  gateFor(accountId: string, degraded: () => boolean): RequestGate;
  held(): BudgetHeld;
  /** The most requests ever in flight at once: overall and for any one account (for tests and the bench). */
  peaks(): { total: number; perAccount: number };
};

type Waiter = { accountId: string; degraded: () => boolean; grant: (release: Release) => void };

export function createRequestBudget(limits: BudgetLimits = BUDGET_LIMITS): RequestBudget {
  const byAccount = new Map<string, number>();
  let total = 0;
  let degradedHeld = 0;
  let peakTotal = 0;
  let peakAccount = 0;
  // First come, first served; a waiter that may not start yet does not hold up those behind it.
  const queue: Waiter[] = [];

  const held = (): BudgetHeld => ({ total, degraded: degradedHeld, byAccount });

  function take(accountId: string, degraded: boolean): Release {
    const mine = (byAccount.get(accountId) ?? 0) + 1;
    byAccount.set(accountId, mine);
    total += 1;
    if (degraded) degradedHeld += 1;
    peakTotal = Math.max(peakTotal, total);
    peakAccount = Math.max(peakAccount, mine);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (byAccount.get(accountId) ?? 1) - 1;
      if (left === 0) byAccount.delete(accountId);
      else byAccount.set(accountId, left);
      total -= 1;
      if (degraded) degradedHeld -= 1;
      pump();
    };
  }

  function pump(): void {
    for (let i = 0; i < queue.length && total < limits.total; ) {
      const waiter = queue[i]!;
      const degraded = waiter.degraded();
      if (mayStart(held(), waiter.accountId, degraded, limits)) {
        queue.splice(i, 1);
        waiter.grant(take(waiter.accountId, degraded));
      } else {
        i += 1;
      }
    }
  }

  return {
    gateFor(accountId, degraded) {
      return (signal) =>
        new Promise<Release>((resolve, reject) => {
          if (signal.aborted) return reject(signal.reason);
          const onAbort = () => {
            const index = queue.indexOf(waiter);
            if (index >= 0) queue.splice(index, 1);
            reject(signal.reason);
          };
          const waiter: Waiter = {
            accountId,
            degraded,
            grant: (release) => {
              signal.removeEventListener('abort', onAbort);
              resolve(release);
            },
          };
          signal.addEventListener('abort', onAbort, { once: true });
          queue.push(waiter);
          // Behind a waiter that may not start (its account at its share), this one may.
          pump();
        });
    },
    held,
    peaks: () => ({ total: peakTotal, perAccount: peakAccount }),
  };
}
