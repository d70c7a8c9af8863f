import { expect, type Page } from '@playwright/test';
import { formatBilled } from '../../shared/money';
import { serviceCall, type PreviewStack } from './preview';

// What the History e2e checks the window against: the demo service's own per-day record, as the app
// is given it (docs/desktop.md › History).

export type DayRecord = { zoneId: string; name: string; day: string; spendCents: number; usageBytes: number };

/**
 * The per-day record the app is given: the service's, less the zones in nobody's users list, which the
 * app cannot discover (docs/desktop.md › History). `/_control/days` holds those too, and on
 * some days one of them is the top spender.
 */
export async function record(stack: PreviewStack): Promise<DayRecord[]> {
  const hidden = new Set(stack.service.seeded.undiscoveredZoneIds);
  return ((await serviceCall(stack, 'GET', '/_control/days')).days as DayRecord[]).filter((d) => !hidden.has(d.zoneId));
}

/** A day's zones as the day view lists them: by spend, ties by zone id. */
export const bySpend = (a: DayRecord, b: DayRecord) => b.spendCents - a.spendCents || a.zoneId.localeCompare(b.zoneId);

/** A UTC day ("2026-10-04") in words, as the window names it. */
export const utc = (day: string, options: Intl.DateTimeFormatOptions) => new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { ...options, timeZone: 'UTC' });

/** "Sun, Oct 4, 2026": how the calendar and a day's zones name a day. */
export const dayName = (day: string) => utc(day, { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' });

/** The UTC day `offset` days from `day`. */
export const addDays = (day: string, offset: number) => new Date(Date.parse(`${day}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);

/** After a day was chosen on the calendar: its zones are listed as the record has them, the top spender first. */
export async function expectDayAsRecorded(page: Page, stack: PreviewStack, day: string): Promise<void> {
  const days = (await record(stack)).filter((d) => d.day === day).sort(bySpend);
  expect(days.length).toBeGreaterThan(0);
  const first = page.getByRole('region', { name: `${dayName(day)} (UTC)` }).getByRole('row').nth(1);
  await expect(first).toContainText(days[0]!.name);
  await expect(first).toContainText(formatBilled(days[0]!.spendCents));
}
