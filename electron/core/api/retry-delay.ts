/** How a safe read retries on a network or server failure before giving up. */
export type RetryPolicy = {
  /** Further attempts after the first one. */
  retries: number;
  baseDelayMs: number;
  maxDelayMs: number;
};

export const DEFAULT_RETRY_POLICY: RetryPolicy = { retries: 2, baseDelayMs: 500, maxDelayMs: 4_000 };

/**
 * Capped exponential backoff with "full jitter": attempt 1 waits up to base, attempt 2 up to
 * 2 × base, … never more than the cap. Jitter keeps many clients from retrying in step.
 */
export function retryDelay(attempt: number, policy: RetryPolicy, random: () => number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}
