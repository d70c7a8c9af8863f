import { startOfNextUtcDay, startOfNextUtcMonth } from '../../../shared/units';

const localTime = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const localDateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const localDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
// A month is named inside English sentences and headings, so in English whatever the locale.
const utcMonth = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "just now", "1 min ago", "3 h ago": how old a moment is, for "updated …" and "as of …". */
export function agoText(at: string | number, now: number): string {
  const ms = now - new Date(at).getTime();
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} days ago`;
}

export function localTimeText(at: string | number | Date): string {
  return localTime.format(new Date(at));
}

export function localDateTimeText(at: string | number | Date): string {
  return localDateTime.format(new Date(at));
}

export function localDateText(at: string | number | Date): string {
  return localDate.format(new Date(at));
}

/** "October 2026" for the month key "2026-10" (a UTC month, named as such: no time zone shifts it). */
export function monthText(key: string): string {
  const [year, month] = key.split('-').map(Number);
  if (!year || !month) return key;
  return utcMonth.format(Date.UTC(year, month - 1, 1));
}

/** "2026-11-22 14:02 UTC": shown on hover next to every local time. */
export function utcText(at: string | number | Date): string {
  const iso = new Date(at).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** Spend "today" and "this month" are UTC periods (docs/architecture.md › Client behaviour › Alerts): say so, and when they reset locally. */
export function periodNote(period: 'day' | 'month', now: number): string {
  const date = new Date(now);
  if (period === 'day') return `UTC day; resets at ${localTimeText(startOfNextUtcDay(date))} your time`;
  return `UTC month; resets ${localDateTimeText(startOfNextUtcMonth(date))} your time`;
}
