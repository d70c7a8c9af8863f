/**
 * When Zonewatch looks for a newer release by itself (docs/desktop.md › Updates › When it checks):
 * ten seconds after it starts, then once a day while it runs; an hour after a check that failed.
 * Never while the computer is offline, never when the setting is off, never in a copy that cannot
 * update itself, and not while a check or download runs or an update waits to be installed.
 */

/** After start: the accounts' first poll goes first, and a network that comes up with the session has a moment. */
export const FIRST_CHECK_DELAY_MS = 10_000;
export const CHECK_EVERY_MS = 24 * 60 * 60 * 1000;
export const RETRY_AFTER_FAILURE_MS = 60 * 60 * 1000;
/**
 * The longest single wait of the timer: it wakes at least this often and compares wall-clock
 * times, so a computer that slept through the day still checks on waking (timers do not run during sleep).
 */
export const MAX_TIMER_MS = 60 * 60 * 1000;
/** A check that has not answered by then is stopped (Electron's net requests have no deadline of their own). */
export const CHECK_DEADLINE_MS = 60_000;
export const CHECK_DEADLINE_WORDS = 'the update server did not answer within a minute';
/** A download is stopped when no byte has arrived for this long; a slow but moving one goes on. */
export const DOWNLOAD_STALL_MS = 2 * 60_000;
export const DOWNLOAD_STALL_WORDS = 'no data arrived for two minutes';

export type ScheduleInput = {
  /** When the core started (the first check's reference). */
  startedAt: number;
  /** The last check that ended, automatic or asked for, and whether it failed. */
  lastCheck: { at: number; failed: boolean } | null;
};

/** When the next automatic check is due (it may be in the past: then it is overdue). */
export function nextCheckAt({ startedAt, lastCheck }: ScheduleInput): number {
  if (lastCheck === null) return startedAt + FIRST_CHECK_DELAY_MS;
  return lastCheck.at + (lastCheck.failed ? RETRY_AFTER_FAILURE_MS : CHECK_EVERY_MS);
}

export type CheckConditions = {
  supported: boolean;
  automatic: boolean;
  offline: boolean;
  /** A check or download is running. */
  busy: boolean;
  /** A downloaded update waits to be installed: there is nothing more to fetch until then. */
  ready: boolean;
};

/** Whether automatic checks are planned at all under these conditions. */
export function checksPlanned(c: CheckConditions): boolean {
  return c.supported && c.automatic && !c.offline && !c.busy && !c.ready;
}

/**
 * How long the timer waits before looking again: until the check is due, at most MAX_TIMER_MS;
 * null when no automatic check is planned (the timer then stops until the conditions change).
 */
export function timerDelay(conditions: CheckConditions, schedule: ScheduleInput, now: number): number | null {
  if (!checksPlanned(conditions)) return null;
  return Math.min(Math.max(0, nextCheckAt(schedule) - now), MAX_TIMER_MS);
}

/**
 * Why a check the user asked for cannot start, in words for Settings; null when it can (a check
 * already running is joined, not refused).
 */
export function manualCheckRefusal(c: Omit<CheckConditions, 'automatic' | 'busy'> & { downloading: boolean }): string | null {
  if (!c.supported) return 'This copy of Zonewatch cannot update itself.';
  if (c.ready) return 'An update is already downloaded: Restart to update installs it.';
  if (c.downloading) return 'An update is being downloaded already.';
  if (c.offline) return 'The computer is offline: check again once it is back online.';
  return null;
}
