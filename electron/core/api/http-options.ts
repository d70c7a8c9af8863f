import type { ApiErrorKind } from './error';
import type { Clock, Random } from '../ports';
import type { RetryPolicy } from './retry-delay';

/** How long one attempt may take once it is sent: headers and body together. */
export const DEFAULT_TIMEOUT_MS = 15_000;

/** One finished HTTP exchange, for logs and request counts (no key, no query string). */
export type RequestRecord = {
  operation: string;
  status: number | null;
  ms: number;
  attempt: number;
  /** Body bytes read (never more than the cap), when a body was read. */
  bytes?: number;
  error?: ApiErrorKind;
};

/**
 * How requests are sent, whatever they ask: the host's fetch, the deadlines, the retry policy and
 * who is told of each exchange. One object for every client the core builds (an account's, a new
 * key's check); each field has a default, so tests set only the ones they shorten.
 */
export type HttpOptions = {
  fetch?: typeof globalThis.fetch;
  /** The deadline of one attempt, counted from when it is sent (after its slot was given). */
  timeoutMs?: number;
  /**
   * The most one attempt waits for a slot of the request budget, apart from its deadline; as long
   * as the deadline unless set. A healthy account waits about half a second at most
   * (docs/architecture.md › The request budget): only a degraded account can wait this long.
   */
  slotWaitMs?: number;
  /** The most one answer may weigh; MAX_RESPONSE_BYTES unless a test wants less. */
  maxResponseBytes?: number;
  retry?: RetryPolicy;
  random?: Random;
  /** Every deadline, pause and duration of a request; the system's unless the host brings one (the simulator's, docs/development.md › The simulator). */
  clock?: Clock;
  now?: () => number;
  onRequest?: (record: RequestRecord) => void;
};
