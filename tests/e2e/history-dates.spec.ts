import { expect, test } from '@playwright/test';
import { formatBilled } from '../../shared/money';
import { addDays, dayName, expectDayAsRecorded, record, utc } from './history-record';
import { go, openApp, openZone, startPreview, type PreviewStack } from './preview';

// History, the month comparison and the month end on dates that catch month and year edges, each in
// a renderer time zone whose local date is not the UTC one (docs/desktop.md › History: every day is
// a UTC day, whatever the time zone). The service, the core and the page all start at the date
// (tests/e2e/preview.ts › openApp). One walk per date, in the small window only, to stay cheap.

const RUNS = [
  // The 1st, in the hour New York lives twice as daylight saving ends there (06:00 UTC): locally
  // still October 31st, yesterday the last day of a 31-day month.
  { now: '2026-11-01T05:30:00Z', timezoneId: 'America/New_York' },
  // February 29th, late: in Auckland it is already March 1st.
  { now: '2028-02-29T23:30:00Z', timezoneId: 'Pacific/Auckland' },
  // The 2nd of a new year, early: in Los Angeles still January 1st; yesterday the year's first day.
  { now: '2027-01-02T03:00:00Z', timezoneId: 'America/Los_Angeles' },
];

const short = (day: string) => utc(day, { month: 'short', day: 'numeric' });
const sum = (days: readonly { spendCents: number }[]) => days.reduce((total, d) => total + d.spendCents, 0);

for (const run of RUNS) {
  test.describe(`on ${run.now} in ${run.timezoneId}`, () => {
    test.use({ timezoneId: run.timezoneId, locale: 'en-US' });
    let stack: PreviewStack;
    test.beforeAll(async () => {
      stack = await startPreview({ service: { now: run.now } });
    });
    test.afterAll(async () => {
      await stack?.stop();
    });

    test('the month comparison, the month end, the calendar, the Summary and a zone’s days read the UTC days the service recorded', async ({ page }) => {
      await openApp(page, stack);
      const today = new Date(stack.now()).toISOString().slice(0, 10);
      const yesterday = addDays(today, -1);
      const dom = Number(today.slice(8));
      const days = await record(stack);

      // Overview: this month through yesterday against last month to the same day (its last, if shorter).
      const comparison = page.locator('.card').filter({ hasText: 'This month vs last' });
      if (dom === 1) {
        await expect(comparison.locator('dd.big')).toHaveText('—');
        await expect(comparison).toContainText('The comparison counts whole UTC days: it starts tomorrow, the 2nd.');
      } else {
        const lastMonth = addDays(`${today.slice(0, 7)}-01`, -1);
        const lastDom = Math.min(dom - 1, Number(lastMonth.slice(8)));
        const span = (month: string, to: number) => (to === 1 ? short(`${month}-01`) : `${short(`${month}-01`)}–${to}`);
        const thisSpan = days.filter((d) => d.day >= `${today.slice(0, 7)}-01` && d.day < today);
        const lastSpan = days.filter((d) => d.day >= `${lastMonth.slice(0, 7)}-01` && d.day <= `${lastMonth.slice(0, 8)}${String(lastDom).padStart(2, '0')}`);
        await expect(comparison).toContainText(`${span(today.slice(0, 7), dom - 1)}: ${formatBilled(sum(thisSpan))}`);
        await expect(comparison).toContainText(`${span(lastMonth.slice(0, 7), lastDom)}: ${formatBilled(sum(lastSpan))}`);
      }
      // When today and this month reset, in the window's time zone (whose offset may change before then).
      const local = (ms: number, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-US', { ...options, timeZone: run.timezoneId }).format(ms);
      const nextDay = Date.parse(`${addDays(today, 1)}T00:00:00Z`);
      const nextMonth = Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)), 1);
      await expect(page.locator('.card').filter({ hasText: 'Spend today' })).toContainText(`UTC day; resets at ${local(nextDay, { hour: '2-digit', minute: '2-digit' })} your time`);
      await expect(page.locator('.card').filter({ hasText: 'Spend this month' })).toContainText(`UTC month; resets ${local(nextMonth, { dateStyle: 'medium', timeStyle: 'short' })} your time`);
      const monthEnd = page.locator('.card.month-end');
      await expect(monthEnd.locator('.forecast-line')).toHaveText(/^Month end ≈ \$[\d,]+, likely \$[\d,]+–\$[\d,]+$/);
      await expect(monthEnd).toContainText('From 56 days of history');

      // The calendar opens on this UTC month; yesterday is a step to the left, in last month on the 1st.
      await go(page, 'History');
      const grid = page.getByRole('table', { name: /UTC days: spend per day$/ });
      await expect(page.getByRole('heading', { level: 2, name: utc(today, { month: 'long', year: 'numeric' }) })).toBeVisible();
      await grid.locator(`button[data-day="${today}"]`).focus();
      await page.keyboard.press('ArrowLeft');
      await expect(page.getByRole('heading', { level: 2, name: utc(yesterday, { month: 'long', year: 'numeric' }) })).toBeVisible();
      await expect(page.locator('.calendar-info')).toContainText(`${dayName(yesterday)} (UTC): ${formatBilled(sum(days.filter((d) => d.day === yesterday)))}`);
      await page.keyboard.press('Enter');
      await expectDayAsRecorded(page, stack, yesterday);
      // Two months back by Page Up, whatever the months' lengths.
      for (let i = 0; i < 2; i += 1) await page.keyboard.press('PageUp');
      const earlier = await page.evaluate(() => (document.activeElement as HTMLElement).dataset.day!);
      const target = new Date(Date.UTC(Number(yesterday.slice(0, 4)), Number(yesterday.slice(5, 7)) - 3, 1));
      expect(earlier.slice(0, 7)).toBe(target.toISOString().slice(0, 7));
      await page.keyboard.press('Enter');
      await expectDayAsRecorded(page, stack, earlier);

      // The Summary starts at the last whole week, Monday to Sunday (UTC).
      const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
      const from = addDays(today, -(((weekday + 6) % 7) + 7));
      const to = addDays(from, 6);
      const week = days.filter((d) => d.day >= from && d.day <= to);
      const before = days.filter((d) => d.day >= addDays(from, -7) && d.day < from);
      await expect(page.getByRole('region', { name: 'Summary' })).toContainText(`${short(from)}–${short(to)} (UTC): ${formatBilled(sum(week))} against ${formatBilled(sum(before))} the week before`);

      // A zone's days: today so far on top, then yesterday as the service recorded it.
      const zoneId = stack.service.seeded.perGigabyteDatacenterZoneId;
      await openZone(page, zoneId);
      await page.getByText('Show the days as a table').click();
      const rows = page.locator('.trend-table tbody tr');
      await expect(rows).toHaveCount(90);
      await expect(rows.nth(0)).toContainText(dayName(today));
      const zoneYesterday = days.find((d) => d.zoneId === zoneId && d.day === yesterday)!;
      await expect(rows.nth(1)).toContainText(dayName(yesterday));
      await expect(rows.nth(1)).toContainText(formatBilled(zoneYesterday.spendCents));
    });
  });
}
