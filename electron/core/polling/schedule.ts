import type { PollingSettings } from '../../../shared/settings';

export const FAILURE_BACKOFF_START_MS = 5_000;
export const FAILURE_BACKOFF_CAP_MS = 10 * 60_000;
/** docs/api.md › Rate limits: a 429 without `Retry-After` waits 5 min. */
export const DEFAULT_RETRY_AFTER_MS = 5 * 60_000;
export const JITTER = 0.1;

/** Everything the next poll time depends on (docs/architecture.md › Client behaviour › Polling). */
export type PollInputs = {
  polling: PollingSettings;
  windowOpen: boolean;
  /** No user input for `polling.idleAfterMin`. */
  idle: boolean;
  onBattery: boolean;
  suspended: boolean;
  locked: boolean;
  offline: boolean;
  /** The user paused polling. */
  paused: boolean;
  /** The service rejected the key (401): polling stops until the key changes. */
  unauthorized: boolean;
  consecutiveFailures: number;
  /** Set when the last cycle was answered 429; `null` when the 429 carried no `Retry-After`. */
  rateLimited: { retryAfterMs: number | null } | false;
};

export type PollDecision =
  | { kind: 'wait'; ms: number; reason: 'interval' | 'backoff' | 'rate_limited' }
  | { kind: 'stopped'; reason: 'unauthorized' | 'paused' | 'suspended' | 'locked' | 'offline' };

/**
 * When to poll next, as a pure function of its inputs. `random` ∈ [0, 1) drives the ±10 % jitter
 * that keeps many clients from polling in step.
 */
export function nextPollDelay(inputs: PollInputs, random: () => number): PollDecision {
  if (inputs.unauthorized) return { kind: 'stopped', reason: 'unauthorized' };
  if (inputs.suspended) return { kind: 'stopped', reason: 'suspended' };
  if (inputs.locked) return { kind: 'stopped', reason: 'locked' };
  if (inputs.offline) return { kind: 'stopped', reason: 'offline' };
  if (inputs.paused) return { kind: 'stopped', reason: 'paused' };

  if (inputs.rateLimited) {
    // Never earlier than the service asked: the jitter only adds.
    const wait = inputs.rateLimited.retryAfterMs ?? DEFAULT_RETRY_AFTER_MS;
    return { kind: 'wait', ms: Math.round(wait * (1 + JITTER * random())), reason: 'rate_limited' };
  }
  if (inputs.consecutiveFailures > 0) {
    const exponent = Math.min(inputs.consecutiveFailures - 1, 30);
    const backoff = Math.min(FAILURE_BACKOFF_START_MS * 2 ** exponent, FAILURE_BACKOFF_CAP_MS);
    return { kind: 'wait', ms: Math.min(FAILURE_BACKOFF_CAP_MS, jitter(backoff, random)), reason: 'backoff' };
  }
  return { kind: 'wait', ms: jitter(baseIntervalMs(inputs), random), reason: 'interval' };
}

/** The interval before jitter: open popover beats idle; battery doubles whichever applies. */
export function baseIntervalMs(inputs: Pick<PollInputs, 'polling' | 'windowOpen' | 'idle' | 'onBattery'>): number {
  const { polling } = inputs;
  const seconds = inputs.windowOpen ? polling.openIntervalSec : inputs.idle ? polling.idleIntervalSec : polling.baseIntervalSec;
  return seconds * 1000 * (inputs.onBattery ? 2 : 1);
}

function jitter(ms: number, random: () => number): number {
  return Math.round(ms * (1 - JITTER + 2 * JITTER * random()));
}
