import type { ApiClient } from '../api/client';
import type { BillingCacheHolder } from '../billing/sync';
import type { SnapshotStore } from '../data/snapshot-store';
import { toAppError } from '../error-messages';
import { createPollCycle } from '../polling/cycle';
import { createPoller, type ExternalPollInputs, type PollerState } from '../polling/poller';
import type { Clock } from '../ports';
import type { Tuning } from '../tuning';

export type AccountLoop = {
  /** Starts polling, the first cycle after `delayMs` (staggered with the other accounts). */
  start(delayMs: number): void;
  /** Stops polling and cancels the running cycle, without waiting for it. */
  stop(): void;
  /** Runs a cycle now, or joins the one running; never waits past a cycle's deadline. */
  refresh(): Promise<void>;
  /** A new key or address: cancels the running cycle, clears the 401 stop and the back-off, and polls at once. */
  restart(): Promise<void>;
  /** The host's inputs changed (window, power, settings, pause): recomputes when the next cycle runs. */
  reschedule(): void;
  state(): PollerState;
  /** Backing off, rate limited or timing out: the request budget gives it one slot, not two. */
  degraded(): boolean;
};

/** One account's polling: its poller (schedule, back-off, 401 stop, deadline and watchdog) running its poll cycle. */
export function createAccountLoop(deps: {
  clock: Clock;
  random: () => number;
  tuning: Tuning;
  inputs: () => ExternalPollInputs;
  /** When a cycle is overdue (after sleep, back online), how long after now this account polls (accounts/stagger.ts). */
  overdueDelayMs: () => number;
  client: () => ApiClient;
  store: SnapshotStore;
  billingCache: () => BillingCacheHolder;
  pinnedIds: () => readonly string[];
  /** Its last request timed out: counts as degraded at once, before any cycle has failed. */
  timingOut: () => boolean;
  /**
   * Within each cycle not cancelled, after its requests (failed or not) and before its outcome is
   * recorded, inside its deadline: the daily ledger's write and the figures over it
   * (docs/architecture.md › The daily ledger › Queries). Never rejects.
   */
  settle: () => Promise<void>;
  /** After each cycle whose outcome was recorded (not one cancelled), before the next is scheduled. */
  onSettled: () => void;
  /** The poller's state changed (a cycle began or ended, the next one was planned). */
  onChange: () => void;
}): AccountLoop {
  const cycle = createPollCycle({
    client: deps.client,
    store: deps.store,
    now: () => deps.clock.now(),
    pinnedIds: deps.pinnedIds,
    toAppError: (err) => toAppError(err),
    billingCache: deps.billingCache,
  });
  const poller = createPoller({
    clock: deps.clock,
    random: deps.random,
    inputs: deps.inputs,
    async runCycle(request) {
      try {
        await cycle(request);
      } finally {
        if (!request.signal.aborted) await deps.settle();
      }
    },
    onSettled: () => deps.onSettled(),
    onChange: () => deps.onChange(),
    overdueDelayMs: deps.overdueDelayMs,
    ...(deps.tuning.cycleDeadlineMs !== undefined ? { cycleDeadlineMs: deps.tuning.cycleDeadlineMs } : {}),
    ...(deps.tuning.watchdogMarginMs !== undefined ? { watchdogMarginMs: deps.tuning.watchdogMarginMs } : {}),
  });
  return {
    start: (delayMs) => poller.start(delayMs),
    stop: () => poller.stop(),
    refresh: () => poller.refreshNow(),
    restart: () => poller.keyChanged(),
    reschedule: () => poller.reschedule(),
    state: () => poller.state(),
    degraded() {
      const state = poller.state();
      return deps.timingOut() || state.consecutiveFailures > 0 || state.rateLimited !== false;
    },
  };
}
