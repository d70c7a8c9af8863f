import { addDays, DAY_MS, dayOf } from '../ledger/utc-calendar';
import type { Period } from '../../../shared/digest';

// When a digest is due (docs/architecture.md › Digest): a daily one for each UTC day, a weekly one
// for each week from Monday (UTC), sent at the local time the user picked once the period is over,
// not in quiet hours, once per period; after a time Zonewatch was not running, only the latest
// period that came due is sent. Pure: the clock, the time zone and quiet hours are arguments.

export type DigestChoice = { daily: boolean; weekly: boolean; /** Local time of day, `HH:MM`. */ at: string };

export type DigestClock = {
  now: number;
  /** Minutes the local time is ahead of UTC at a moment (−new Date(ms).getTimezoneOffset() on a real machine). */
  offsetMinutes: (ms: number) => number;
  /** Whether quiet hours hold at a moment. */
  quiet: (ms: number) => boolean;
};

/** The key a sent digest is remembered by. */
export function digestKey(period: Period): string {
  return `digest:${period.kind}:${period.from}`;
}

function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/**
 * The moment a local wall time (ms, read as if UTC) falls on, with the offset in force at that
 * moment, not at another: on a day the clocks change, 08:00 is an hour nearer or further from
 * midnight than on the day before.
 */
function wallMoment(wall: number, offsetMinutes: (ms: number) => number): number {
  const guess = wall - offsetMinutes(wall) * 60_000;
  return wall - offsetMinutes(guess) * 60_000;
}

/** The first moment at or after `closedAt` whose local time of day is `at`. */
export function sendMoment(closedAt: number, at: string, offsetMinutes: (ms: number) => number): number {
  const [hours, minutes] = at.split(':').map(Number) as [number, number];
  const localMidnight = Math.floor((closedAt + offsetMinutes(closedAt) * 60_000) / DAY_MS) * DAY_MS;
  const timeOfDay = (hours * 60 + minutes) * 60_000;
  const moment = wallMoment(localMidnight + timeOfDay, offsetMinutes);
  return moment >= closedAt ? moment : wallMoment(localMidnight + DAY_MS + timeOfDay, offsetMinutes);
}

function latestDue(kind: 'day' | 'week', choice: DigestChoice, clock: DigestClock): Period | null {
  const today = dayOf(clock.now);
  const length = kind === 'day' ? 1 : 7;
  const lastFrom = kind === 'day' ? addDays(today, -1) : addDays(mondayOf(today), -7);
  // The last closed period, or the one before it while the last one's send moment has not come.
  for (const from of [lastFrom, addDays(lastFrom, -length)]) {
    const to = addDays(from, length - 1);
    const closedAt = Date.parse(`${addDays(to, 1)}T00:00:00Z`);
    if (sendMoment(closedAt, choice.at, clock.offsetMinutes) <= clock.now) return { kind, from, to };
  }
  return null;
}

/** The digests to send now: at most one daily and one weekly, none already sent, none in quiet hours. */
export function dueDigests(choice: DigestChoice, clock: DigestClock, sent: ReadonlySet<string>): Period[] {
  if (clock.quiet(clock.now)) return [];
  const due: Period[] = [];
  for (const kind of ['day', 'week'] as const) {
    if (!(kind === 'day' ? choice.daily : choice.weekly)) continue;
    const period = latestDue(kind, choice, clock);
    if (period && !sent.has(digestKey(period))) due.push(period);
  }
  return due;
}
