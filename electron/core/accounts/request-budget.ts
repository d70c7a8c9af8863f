import type { Release, RequestGate } from '../api/request-gate';
import { type Clock, systemClock } from '../ports';

/**
 * One request budget shared by every watched account (docs/architecture.md › The request budget):
 * at most 4 requests counted in flight, at most 2 of one account, and 1 while that account is
 * degraded (backing off, rate-limited, timed out). The requests of degraded accounts and the slow
 * ones (SLOW_REQUEST_MS) together count for at most 2 of the 4: what they hold beyond that stops
 * counting, so the healthy accounts always have 2 slots of their own.
 */
export const BUDGET_LIMITS = { total: 4, perAccount: 2, perDegradedAccount: 1, degradedTotal: 2 } as const;
export type BudgetLimits = { total: number; perAccount: number; perDegradedAccount: number; degradedTotal: number };

/**
 * A request in flight longer than this counts as hanging, from an account's very first request,
 * long before its deadline tells: the service answers a healthy request well within it, and a
 * healthy account waiting behind hung ones must get a slot within a second.
 */
export const SLOW_REQUEST_MS = 500;

/** One request holding a slot: whose, and since when. */
export type Grant = { accountId: string; since: number };

/** What the budget holds now. */
export type BudgetHeld = {
  /** Requests in flight. */
  total: number;
  /** Those counted against `total` of the limits: the healthy accounts' all, the troubled accounts' up to their share. */
  counted: number;
  /** Requests in flight of troubled accounts: degraded ones, and those holding a slow request. */
  degraded: number;
  byAccount: ReadonlyMap<string, number>;
};

/** The accounts holding a request in flight for `slowMs` or longer. Pure. */
export function slowAccounts(grants: readonly Grant[], now: number, slowMs: number = SLOW_REQUEST_MS): Set<string> {
  return new Set(grants.filter((grant) => now - grant.since >= slowMs).map((grant) => grant.accountId));
}

/** What `grants` hold, given which accounts are troubled (degraded, or holding a slow request). Pure. */
export function budgetHeld(grants: readonly Grant[], troubled: ReadonlySet<string>, limits: BudgetLimits = BUDGET_LIMITS): BudgetHeld {
  const byAccount = new Map<string, number>();
  let ofDegraded = 0;
  for (const grant of grants) {
    byAccount.set(grant.accountId, (byAccount.get(grant.accountId) ?? 0) + 1);
    if (troubled.has(grant.accountId)) ofDegraded += 1;
  }
  const counted = grants.length - ofDegraded + Math.min(ofDegraded, limits.degradedTotal);
  return { total: grants.length, counted, degraded: ofDegraded, byAccount };
}

/**
 * Whether one more request of this account may start now; `degraded` is its watch's word. A slow
 * request changes only how requests count, not how many its account may send: an account whose
 * service is merely slow keeps its 2. Pure.
 */
export function mayStart(held: BudgetHeld, accountId: string, degraded: boolean, limits: BudgetLimits = BUDGET_LIMITS): boolean {
  if (held.counted >= limits.total) return false;
  const mine = held.byAccount.get(accountId) ?? 0;
  if (!degraded) return mine < limits.perAccount;
  return mine < limits.perDegradedAccount && held.degraded < limits.degradedTotal;
}

/** When the next request in flight turns slow, which may free a slot; null when every one already has. Pure. */
export function nextSlowAt(grants: readonly Grant[], now: number, slowMs: number = SLOW_REQUEST_MS): number | null {
  const times = grants.map((grant) => grant.since + slowMs).filter((at) => at > now);
  return times.length === 0 ? null : Math.min(...times);
}

export type RequestBudget = {
  /**
   * The gate one account's API client passes every attempt through. `degraded` tells whether the
   * account's watch holds it degraded (backing off, rate-limited, timed out); it is read at each
   * grant. How long its requests have been in flight the budget sees itself.
   */
  gateFor(accountId: string, degraded: () => boolean): RequestGate;
  held(): BudgetHeld;
  /** The most requests ever in flight at once, counted against the limit, and of any one account (for tests and the bench). */
  peaks(): { total: number; counted: number; perAccount: number };
};

export type RequestBudgetOptions = {
  limits?: BudgetLimits;
  slowMs?: number;
  /** Real time unless a test brings its own: what is measured is how long requests really hang. */
  clock?: Clock;
};

/** Whether an account's watch holds it degraded; each waiter and request carries its account's. */
type Flagged = () => boolean;
type Waiter = { accountId: string; flagged: Flagged; grant: (release: Release) => void };

export function createRequestBudget(options: RequestBudgetOptions = {}): RequestBudget {
  const limits = options.limits ?? BUDGET_LIMITS;
  const slowMs = options.slowMs ?? SLOW_REQUEST_MS;
  const clock = options.clock ?? systemClock;
  const grants: (Grant & { flagged: Flagged })[] = [];
  // First come, first served; a waiter that may not start yet does not hold up those behind it.
  const queue: Waiter[] = [];
  const peak = { total: 0, counted: 0, perAccount: 0 };
  let timer: { handle: unknown; at: number } | null = null;

  /** The accounts whose watch holds them degraded, among those asking or holding. */
  function flaggedNow(): Set<string> {
    const flagged = new Set<string>();
    for (const entry of [...grants, ...queue]) if (!flagged.has(entry.accountId) && entry.flagged()) flagged.add(entry.accountId);
    return flagged;
  }

  const troubled = (flagged: ReadonlySet<string>, now: number) => new Set([...flagged, ...slowAccounts(grants, now, slowMs)]);

  function take(accountId: string, flagged: Flagged, now: number): Release {
    const grant = { accountId, flagged, since: now };
    grants.push(grant);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      grants.splice(grants.indexOf(grant), 1);
      pump();
    };
  }

  function pump(): void {
    const now = clock.now();
    const flagged = flaggedNow();
    const shared = troubled(flagged, now);
    let held = budgetHeld(grants, shared, limits);
    for (let i = 0; i < queue.length && held.counted < limits.total; ) {
      const waiter = queue[i]!;
      if (mayStart(held, waiter.accountId, flagged.has(waiter.accountId), limits)) {
        queue.splice(i, 1);
        waiter.grant(take(waiter.accountId, waiter.flagged, now));
        held = budgetHeld(grants, shared, limits);
        peak.total = Math.max(peak.total, held.total);
        peak.counted = Math.max(peak.counted, held.counted);
        peak.perAccount = Math.max(peak.perAccount, held.byAccount.get(waiter.accountId) ?? 0);
      } else {
        i += 1;
      }
    }
    wakeWhenSlow(queue.length === 0 ? null : nextSlowAt(grants, now, slowMs));
  }

  /** While requests wait, looks at them again when the next request in flight turns slow. */
  function wakeWhenSlow(at: number | null): void {
    if (timer !== null && timer.at === at) return;
    if (timer !== null) clock.clearTimeout(timer.handle);
    timer = null;
    if (at === null) return;
    const handle = clock.setTimeout(
      () => {
        timer = null;
        pump();
      },
      Math.max(0, at - clock.now()),
    );
    timer = { handle, at };
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
            flagged: degraded,
            grant: (release) => {
              signal.removeEventListener('abort', onAbort);
              resolve(release);
            },
          };
          signal.addEventListener('abort', onAbort, { once: true });
          queue.push(waiter);
          pump();
        });
    },
    held: () => budgetHeld(grants, troubled(flaggedNow(), clock.now()), limits),
    peaks: () => ({ ...peak }),
  };
}
