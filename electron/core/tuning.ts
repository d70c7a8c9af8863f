import type { RetryPolicy } from './outbox/backoff';

/** The timings of the core's loops that tests shorten; each field has a default where it is used. */
export type Tuning = {
  /** How long one poll cycle may run before it is cancelled (polling/poller.ts). */
  cycleDeadlineMs?: number;
  /** How long a cancelled cycle may take to wind down before the watchdog abandons it. */
  watchdogMarginMs?: number;
  /** The pause between billing-history pages of a full sync (billing/sync.ts). */
  billingPageDelayMs?: number;
  /** The outbox's back-off, each attempt's deadline and the spacing between a channel's attempts (outbox/outbox.ts). */
  outbox?: { policy?: RetryPolicy; timeoutMs?: number; minIntervalMs?: number };
};
