// When a delivery is tried again (docs/architecture.md › Channels and the outbox): exponential
// back-off with jitter from the first retry's delay, each wait at most `maxDelayMs`, the whole at most
// `lifetimeMs` from when the alert was written; a 429 waits what the service asked instead.

export type RetryPolicy = {
  /** The wait before the first retry (its jitter added). */
  firstDelayMs: number;
  /** The longest single wait. */
  maxDelayMs: number;
  /** How long after it was written a delivery is given up. */
  lifetimeMs: number;
};

/** A 429 asking for no wait at all is still not retried sooner than this. */
export const MIN_ASKED_WAIT_MS = 100;

export const DEFAULT_OUTBOX_POLICY: RetryPolicy = { firstDelayMs: 10_000, maxDelayMs: 60 * 60_000, lifetimeMs: 24 * 60 * 60_000 };

/**
 * The wait after failed attempt number `attempt` (1 = the first): half the exponential step for
 * sure and half at random ("equal jitter"), so a crowd of clients coming back together spreads out,
 * yet no wait is shorter than half its step. `random` in [0, 1). Pure.
 */
export function backoffMs(attempt: number, policy: RetryPolicy, random: () => number): number {
  const step = Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** Math.min(30, Math.max(0, attempt - 1)));
  return Math.round(step / 2 + (step / 2) * Math.min(0.999999, Math.max(0, random())));
}

/**
 * When to try again after a failed attempt, or null when the delivery's lifetime would be over by
 * then (it is given up). `askedMs`: a 429's own wait, kept as asked (never shortened). Pure.
 */
export function nextAttemptAt(args: { now: number; createdAt: number; attempt: number; askedMs: number | null; policy: RetryPolicy; random: () => number }): number | null {
  const { now, createdAt, attempt, askedMs, policy, random } = args;
  const wait = askedMs === null ? backoffMs(attempt, policy, random) : Math.max(MIN_ASKED_WAIT_MS, askedMs);
  const at = now + Math.max(0, wait);
  return at > createdAt + policy.lifetimeMs ? null : at;
}
