import type { Clock } from '../ports';
import { SPEND_STOP_DEADLINE_MS } from '../spend-stop/spend-stop';

// How long a caps run (apply, Retry, Undo) may take (docs/architecture.md › Caps).

/**
 * What each zone adds to a run's deadline: half a second a request (what the request budget counts
 * as a healthy answer at most, docs/architecture.md › The request budget) over the 2 requests an
 * account may have in flight.
 */
export const CAPS_MS_PER_ZONE = 250;

/** A run of `zones` changes ends at most this long after it starts: the stop's 90 s, plus each zone's share. */
export function capsRunDeadlineMs(zones: number): number {
  return SPEND_STOP_DEADLINE_MS + Math.max(0, zones) * CAPS_MS_PER_ZONE;
}

export type CapsRunDeadline = {
  signal: AbortSignal;
  ended(): boolean;
  /** The run will send or read `zones` zones: its whole deadline becomes capsRunDeadlineMs(zones) from its start. */
  size(zones: number): void;
  /** A change landed: the run may go on for another SPEND_STOP_DEADLINE_MS (up to its whole deadline). */
  progress(): void;
  clear(): void;
};

/**
 * A run's deadline: the whole run ends by capsRunDeadlineMs of its size, and also as soon as
 * SPEND_STOP_DEADLINE_MS pass with no change landing — so 5,000 zones on a healthy service get the
 * time they need, while a service that stopped answering costs the same 90 s as for 25 zones.
 */
export function capsRunDeadline(clock: Clock): CapsRunDeadline {
  const controller = new AbortController();
  const started = clock.now();
  let whole = SPEND_STOP_DEADLINE_MS;
  let timer: unknown = null;
  const arm = () => {
    if (controller.signal.aborted) return;
    if (timer !== null) clock.clearTimeout(timer);
    const now = clock.now();
    const endsAt = Math.min(now + SPEND_STOP_DEADLINE_MS, started + whole);
    timer = clock.setTimeout(() => controller.abort(), Math.max(0, endsAt - now));
  };
  arm();
  return {
    signal: controller.signal,
    ended: () => controller.signal.aborted,
    size(zones) {
      whole = capsRunDeadlineMs(zones);
      arm();
    },
    progress: arm,
    clear() {
      if (timer !== null) clock.clearTimeout(timer);
      timer = null;
    },
  };
}
