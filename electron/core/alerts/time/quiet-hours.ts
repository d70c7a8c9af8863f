import type { QuietHours } from '../../../../shared/settings';
import { minuteOfDay } from './local-time';

function minutes(clock: string): number {
  const [hours, mins] = clock.split(':').map(Number);
  return (hours ?? 0) * 60 + (mins ?? 0);
}

/** Whether `now` falls in the local quiet window; a window such as 22:00–07:00 spans midnight, equal ends mean none. */
export function inQuietHours(quiet: QuietHours, now: number, timeZone?: string): boolean {
  if (!quiet.enabled) return false;
  const start = minutes(quiet.start);
  const end = minutes(quiet.end);
  const m = minuteOfDay(now, timeZone);
  if (start === end) return false;
  return start < end ? m >= start && m < end : m >= start || m < end;
}
