/**
 * Local wall-clock time for quiet hours and snooze (docs/architecture.md › Alerts: those are local time).
 * `timeZone` is an IANA name; undefined means the system's own zone.
 */
export interface LocalParts {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

export function localParts(ms: number, timeZone?: string): LocalParts {
  if (timeZone === undefined) {
    const d = new Date(ms);
    return { year: d.getFullYear(), month: d.getMonth() + 1, day: d.getDate(), hour: d.getHours(), minute: d.getMinutes() };
  }
  let format = formatters.get(timeZone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(timeZone, format);
  }
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(new Date(ms))) parts[part.type] = Number(part.value);
  return { year: parts.year ?? 0, month: parts.month ?? 1, day: parts.day ?? 1, hour: parts.hour ?? 0, minute: parts.minute ?? 0 };
}

/** The moment a local wall-clock time occurs (day overflow allowed: day 32 is the next month's 1st). */
export function localTimeToMs(wall: LocalParts, timeZone?: string): number {
  if (timeZone === undefined) return new Date(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute).getTime();
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  // Two rounds settle the zone's offset, including on days its offset changes.
  let guess = asUtc;
  for (let round = 0; round < 2; round += 1) {
    const seen = localParts(guess, timeZone);
    const offset = Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute) - guess;
    guess = asUtc - offset;
  }
  return guess;
}

export function minuteOfDay(ms: number, timeZone?: string): number {
  const { hour, minute } = localParts(ms, timeZone);
  return hour * 60 + minute;
}
