import { ApiError } from '../api/error';
import { nextPollDelay, type PollDecision, type PollInputs } from './schedule';
import type { Clock } from '../ports';

/** The inputs the poller does not own: settings, popover, power and network state. */
export type ExternalPollInputs = Omit<PollInputs, 'consecutiveFailures' | 'rateLimited' | 'unauthorized'>;

export type CycleRequest = {
  /** Start and "refresh now" re-run zone discovery (DESIGN.md › Polling). */
  forceDiscovery: boolean;
  signal: AbortSignal;
};

export type PollerState = {
  started: boolean;
  refreshing: boolean;
  consecutiveFailures: number;
  unauthorized: boolean;
  noKey: boolean;
  rateLimited: PollInputs['rateLimited'];
  lastAttemptAt: number | null;
  lastSuccessAt: number | null;
  lastError: unknown;
  nextPollAt: number | null;
  decision: PollDecision | null;
};

export type PollerOptions = {
  clock: Clock;
  random?: () => number;
  /** One cycle; throws (preferably an ApiError) when any part of it failed. */
  runCycle: (request: CycleRequest) => Promise<void>;
  inputs: () => ExternalPollInputs;
  onChange?: (state: PollerState) => void;
  /**
   * After each cycle, once its outcome (success, 401, backoff) is recorded and before the next is
   * scheduled: what runs here sees the state this cycle left (the alerts of the cycle that saw a 401).
   */
  onSettled?: (state: PollerState) => void;
};

export type Poller = {
  start(): void;
  stop(): void;
  /** Runs a cycle now, or joins the one running; never rejects. */
  refreshNow(): Promise<void>;
  /** Inputs changed (popover, power, settings): recomputes when the next cycle runs. */
  reschedule(): void;
  /** A new key: clears the 401 stop and the backoff, and polls at once. */
  keyChanged(): Promise<void>;
  state(): PollerState;
};

/**
 * Runs poll cycles one at a time on the injected clock. The schedule itself is the pure
 * `nextPollDelay`; this only keeps the state it needs (failures, 429, 401) and the timer.
 */
export function createPoller(options: PollerOptions): Poller {
  const { clock } = options;
  const random = options.random ?? Math.random;
  const s: PollerState = {
    started: false,
    refreshing: false,
    consecutiveFailures: 0,
    unauthorized: false,
    noKey: false,
    rateLimited: false,
    lastAttemptAt: null,
    lastSuccessAt: null,
    lastError: null,
    nextPollAt: null,
    decision: null,
  };
  let inFlight: Promise<void> | null = null;
  let controller: AbortController | null = null;
  let timer: unknown = null;
  let lastEndAt: number | null = null;
  // One jitter draw per cycle, so recomputing the schedule (popover opened) does not re-roll it.
  let jitterDraw = random();

  const changed = () => options.onChange?.({ ...s });

  function clearTimer(): void {
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
  }

  function schedule(): void {
    clearTimer();
    if (!s.started || inFlight) return;
    const decision = nextPollDelay(
      { ...options.inputs(), consecutiveFailures: s.consecutiveFailures, rateLimited: s.rateLimited, unauthorized: s.unauthorized || s.noKey },
      () => jitterDraw,
    );
    s.decision = decision;
    if (decision.kind === 'stopped') {
      s.nextPollAt = null;
    } else {
      const now = clock.now();
      const at = (lastEndAt ?? now) + decision.ms;
      s.nextPollAt = Math.max(at, now);
      timer = clock.setTimeout(() => {
        timer = null;
        void cycle(false);
      }, Math.max(0, at - now));
    }
    changed();
  }

  function cycle(forceDiscovery: boolean): Promise<void> {
    if (inFlight) return inFlight;
    clearTimer();
    controller = new AbortController();
    const signal = controller.signal;
    s.refreshing = true;
    s.lastAttemptAt = clock.now();
    s.nextPollAt = null;
    changed();
    inFlight = (async () => {
      try {
        await options.runCycle({ forceDiscovery, signal });
        if (signal.aborted) return;
        s.consecutiveFailures = 0;
        s.rateLimited = false;
        s.unauthorized = false;
        s.noKey = false;
        s.lastError = null;
        s.lastSuccessAt = clock.now();
      } catch (err) {
        if (signal.aborted || (err instanceof ApiError && err.cancelled)) return;
        s.lastError = err;
        if (err instanceof ApiError && err.kind === 'unauthorized') s.unauthorized = true;
        else if (err instanceof ApiError && err.kind === 'no_key') s.noKey = true;
        else if (err instanceof ApiError && err.kind === 'rate_limited') {
          s.rateLimited = { retryAfterMs: err.retryAfterMs ?? null };
          s.consecutiveFailures++;
        } else {
          s.rateLimited = false;
          s.consecutiveFailures++;
        }
      } finally {
        s.refreshing = false;
        lastEndAt = clock.now();
        jitterDraw = random();
        inFlight = null;
        controller = null;
        if (!signal.aborted) options.onSettled?.({ ...s });
        schedule();
      }
    })();
    return inFlight;
  }

  return {
    start() {
      if (s.started) return;
      s.started = true;
      void cycle(true);
    },
    stop() {
      s.started = false;
      clearTimer();
      controller?.abort();
      s.nextPollAt = null;
      changed();
    },
    refreshNow() {
      if (!s.started) return Promise.resolve();
      return cycle(true);
    },
    reschedule() {
      schedule();
    },
    async keyChanged() {
      if (inFlight) {
        // The running cycle used the old key: its verdict no longer applies.
        controller?.abort();
        await inFlight;
      }
      s.unauthorized = false;
      s.noKey = false;
      s.consecutiveFailures = 0;
      s.rateLimited = false;
      if (!s.started) return;
      await cycle(true);
    },
    state: () => ({ ...s }),
  };
}
