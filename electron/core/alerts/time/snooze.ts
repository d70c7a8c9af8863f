import type { QuietHours } from '../../../../shared/settings';
import type { Suppression } from '../group-events';
import { localParts, localTimeToMs } from './local-time';
import { inQuietHours } from './quiet-hours';

export type SnoozeChoice = '1h' | 'tomorrow' | 'off';

/** "Until tomorrow" ends at this local hour of the next calendar day. */
export const SNOOZE_TOMORROW_HOUR = 8;

/** When a snooze chosen now ends (epoch ms), or null for "off". */
export function snoozeEnd(choice: SnoozeChoice, now: number, timeZone?: string): number | null {
  switch (choice) {
    case 'off':
      return null;
    case '1h':
      return now + 3_600_000;
    case 'tomorrow': {
      const today = localParts(now, timeZone);
      return localTimeToMs({ ...today, day: today.day + 1, hour: SNOOZE_TOMORROW_HOUR, minute: 0 }, timeZone);
    }
  }
}

export function isSnoozed(snoozedUntil: string | null, now: number): boolean {
  return snoozedUntil !== null && Date.parse(snoozedUntil) > now;
}

/** Why a notification is recorded but not shown now, if it is: snooze first, then quiet hours. */
export function suppression(now: number, quiet: QuietHours, snoozedUntil: string | null, timeZone?: string): Suppression {
  if (isSnoozed(snoozedUntil, now)) return 'snooze';
  if (inQuietHours(quiet, now, timeZone)) return 'quiet_hours';
  return null;
}
