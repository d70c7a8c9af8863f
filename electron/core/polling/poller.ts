import { ApiError } from '../api/error';
import { nextPollDelay, type PollDecision, type PollInputs } from './schedule';
import { type Clock, systemRandom } from '../ports';

/** The inputs the poller does not own: settings, popover, power and network state. */
export type ExternalPollInputs = Omit<PollInputs, 'consecutiveFailures' | 'rateLimited' | 'unauthorized'>;

export type CycleRequest = {
  /** Start and "refresh now" re-run zone discovery (docs/architecture.md › How data flows). */
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
   * Not after a cycle that was cancelled (stop, key change): its outcome is not recorded.
   */
  onSettled?: (state: PollerState) => void;
  /** How long one cycle may run before it is cancelled; DEFAULT_CYCLE_DEADLINE_MS unless a test wants less. */
  cycleDeadlineMs?: number;
  /** How long a cancelled cycle may take to wind down before the watchdog abandons it. */
  watchdogMarginMs?: number;
  /**
   * When a cycle is overdue (after sleep, or back online), how long after now it runs: each
   * watched account gets its own, so they do not all poll in the same second (accounts/stagger.ts).
   */
  overdueDelayMs?: () => number;
};

/**
 * Every request ends within its own deadline (15 s, at most 3 attempts with backoff: under a
 * minute). A cycle is discovery (users pages one after another, with the plans), then the
 * account and the zone batches, at most 4 at once: three rounds of worst-case requests fit in
 * 3 minutes. Past that the cycle is cancelled and counted as a failure.
 */
export const DEFAULT_CYCLE_DEADLINE_MS = 3 * 60_000;
/**
 * A cancelled cycle should end at once, since every request races its body read against the
 * signal. If it has not after this margin, something else is stuck (a host port that never
 * answers): the watchdog abandons it, so polling goes on and nobody waits on it.
 */
export const DEFAULT_WATCHDOG_MARGIN_MS = 10_000;

export type Poller = {
  /** Starts polling: the first cycle (with discovery) after `delayMs`, at once by default. */
  start(delayMs?: number): void;
  /** Stops polling and cancels the running cycle, without waiting for it. */
  stop(): void;
  /**
   * Runs a cycle now, or joins the one running while it is within its deadline (a cycle past it
   * is abandoned and a new one starts); never rejects, and never waits past a cycle's deadline.
   */
  refreshNow(): Promise<void>;
  /** Inputs changed (popover, power, settings): recomputes when the next cycle runs. */
  reschedule(): void;
  /** A new key: cancels the running cycle without waiting for it, clears the 401 stop and the backoff, and polls at once. */
  keyChanged(): Promise<void>;
  state(): PollerState;
};

type RunningCycle = {
  controller: AbortController;
  /** Settles when the cycle ends, is cancelled, or is abandoned; never rejects. */
  finished: Promise<void>;
  done: () => void;
  /** The deadline passed: the cycle was cancelled and counts as a failure however it ends. */
  overdue: boolean;
  deadlineTimer: unknown;
  watchdogTimer: unknown;
};

/**
 * Runs poll cycles one at a time on the injected clock. The schedule itself is the pure
 * `nextPollDelay`; this only keeps the state it needs (failures, 429, 401), the timer, and a
 * deadline and watchdog per cycle, so no cycle can stop polling by never ending.
 */
export function createPoller(options: PollerOptions): Poller {
  const { clock } = options;
  const random = options.random ?? systemRandom;
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
  /** The cycle running now. A cycle abandoned or cancelled is no longer `running`: whatever it does later is ignored. */
  let running: RunningCycle | null = null;
  let timer: unknown = null;
  let lastEndAt: number | null = null;
  /** When the first cycle of a delayed start is due; null once it ran. */
  let firstCycleAt: number | null = null;
  // One jitter draw per cycle, so recomputing the schedule (popover opened) does not re-roll it.
  let jitterDraw = random();
  const deadlineMs = options.cycleDeadlineMs ?? DEFAULT_CYCLE_DEADLINE_MS;
  const marginMs = options.watchdogMarginMs ?? DEFAULT_WATCHDOG_MARGIN_MS;

  const changed = () => options.onChange?.({ ...s });

  function clearTimer(): void {
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
  }

  function schedule(): void {
    clearTimer();
    if (!s.started || running) return;
    const decision = nextPollDelay(
      { ...options.inputs(), consecutiveFailures: s.consecutiveFailures, rateLimited: s.rateLimited, unauthorized: s.unauthorized || s.noKey },
      () => jitterDraw,
    );
    s.decision = decision;
    if (decision.kind === 'stopped') {
      s.nextPollAt = null;
    } else {
      const now = clock.now();
      const first = firstCycleAt !== null;
      const planned = first ? firstCycleAt! : (lastEndAt ?? now) + decision.ms;
      const at = !first && planned < now ? now + (options.overdueDelayMs?.() ?? 0) : planned;
      s.nextPollAt = Math.max(at, now);
      timer = clock.setTimeout(() => {
        timer = null;
        void cycle(first);
      }, Math.max(0, at - now));
    }
    changed();
  }

  const overdueError = () =>
    new ApiError('timeout', `poll cycle: not finished within ${deadlineMs} ms, abandoned`, { timeoutMs: deadlineMs, abandoned: true });

  /** Records how a cycle ended (once), lets everyone waiting on it go, and schedules the next. */
  function finish(run: RunningCycle, outcome: { ok: true } | { ok: false; error: unknown } | { cancelled: true }): void {
    if (running !== run) return;
    running = null;
    clock.clearTimeout(run.deadlineTimer);
    clock.clearTimeout(run.watchdogTimer);
    if ('ok' in outcome) {
      if (outcome.ok) {
        s.consecutiveFailures = 0;
        s.rateLimited = false;
        s.unauthorized = false;
        s.noKey = false;
        s.lastError = null;
        s.lastSuccessAt = clock.now();
      } else {
        const err = outcome.error;
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
      }
    }
    s.refreshing = false;
    lastEndAt = clock.now();
    jitterDraw = random();
    try {
      if ('ok' in outcome) options.onSettled?.({ ...s });
    } finally {
      run.done();
      schedule();
    }
  }

  /** Cancels the running cycle and lets it go at once: its late end changes nothing. */
  function detach(): void {
    const run = running;
    if (!run) return;
    run.controller.abort();
    finish(run, { cancelled: true });
  }

  function cycle(forceDiscovery: boolean): Promise<void> {
    if (running && !running.overdue) return running.finished;
    // Past its deadline and still not settled: abandoned, reported, and replaced by a new one.
    if (running) finish(running, { ok: false, error: overdueError() });
    clearTimer();
    firstCycleAt = null;
    const controller = new AbortController();
    const signal = controller.signal;
    let done: () => void = () => undefined;
    const finished = new Promise<void>((resolve) => (done = resolve));
    const run: RunningCycle = {
      controller,
      finished,
      done,
      overdue: false,
      deadlineTimer: clock.setTimeout(() => {
        run.overdue = true;
        controller.abort();
      }, deadlineMs),
      watchdogTimer: clock.setTimeout(() => finish(run, { ok: false, error: overdueError() }), deadlineMs + marginMs),
    };
    running = run;
    s.refreshing = true;
    s.lastAttemptAt = clock.now();
    s.nextPollAt = null;
    changed();
    void (async () => {
      try {
        await options.runCycle({ forceDiscovery, signal });
        finish(run, signal.aborted ? (run.overdue ? { ok: false, error: overdueError() } : { cancelled: true }) : { ok: true });
      } catch (err) {
        if (run.overdue) finish(run, { ok: false, error: overdueError() });
        else if (signal.aborted || (err instanceof ApiError && err.cancelled)) finish(run, { cancelled: true });
        else finish(run, { ok: false, error: err });
      }
    })();
    return finished;
  }

  return {
    start(delayMs = 0) {
      if (s.started) return;
      s.started = true;
      if (delayMs <= 0) return void cycle(true);
      firstCycleAt = clock.now() + delayMs;
      schedule();
    },
    stop() {
      s.started = false;
      firstCycleAt = null;
      clearTimer();
      detach();
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
      // The running cycle used the old key: its verdict no longer applies, and it is not waited for.
      detach();
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
