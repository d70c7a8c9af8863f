import { expect, test } from '@playwright/test';
import { formatBilled } from '../../shared/money';
import { expectNoA11yViolations } from './axe';
import { dayName, expectDayAsRecorded, record as recordOf, utc } from './history-record';
import { go, openApp, openZone, startPreview, type PreviewStack } from './preview';

// The demo shows its history at first open (it starts from its service's 90 past days); the
// calendar and a zone's trend show the service's own per-day record (docs/desktop.md › History).
// On a date of the spec's own, not the run's: on Dec 3, 2026 the day the first test picks is Oct 4,
// when a zone the app cannot discover spent the most (history-dates.spec.ts walks month and year edges).

let stack: PreviewStack;
test.beforeAll(async () => {
  stack = await startPreview({ at: '2026-12-03T16:00:00Z' });
});
test.afterAll(async () => {
  await stack?.stop();
});

const record = () => recordOf(stack);

test('the calendar shows the demo’s past days at once, by keyboard too, and a day lists its zones as the service recorded them', async ({ page }) => {
  await page.setViewportSize({ width: 420, height: 640 });
  await openApp(page, stack);
  await go(page, 'History');
  const today = new Date(stack.now()).toISOString().slice(0, 10);
  const grid = page.getByRole('table', { name: /UTC days: spend per day$/ });
  await expect(grid).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: utc(today, { month: 'long', year: 'numeric' }) })).toBeVisible();

  // Two months back is still history: the demo starts 90 days before today.
  const day = grid.locator(`button[data-day="${today}"]`);
  await day.focus();
  for (let i = 0; i < 2; i += 1) await page.keyboard.press('PageUp');
  const earlier = await page.evaluate(() => (document.activeElement as HTMLElement).dataset.day!);
  expect(earlier < today).toBe(true);
  // The month's heading (History's other level-2 headings are its unusual days and its Summary).
  await expect(page.getByRole('heading', { level: 2, name: utc(earlier, { month: 'long', year: 'numeric' }) })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  const chosen = await page.evaluate(() => (document.activeElement as HTMLElement).dataset.day!);
  await expect(page.locator('.calendar-info')).toContainText(`${dayName(chosen)} (UTC): $`);
  await page.keyboard.press('Enter');
  await expectDayAsRecorded(page, stack, chosen);
  await expectNoA11yViolations(page, 'History with a day chosen');
});

test("a zone's detail shows its last 90 UTC days as the service recorded them", async ({ page }) => {
  await openApp(page, stack);
  const zoneId = stack.service.seeded.perGigabyteDatacenterZoneId;
  await openZone(page, zoneId);
  await expect(page.getByRole('heading', { name: 'Last 90 days (UTC days)' })).toBeVisible();
  await expect(page.getByRole('img', { name: /Daily spend and usage of this zone over the last 90 UTC days/ })).toBeVisible();
  await page.getByText('Show the days as a table').click();
  const rows = page.locator('.trend-table tbody tr');
  await expect(rows).toHaveCount(90);
  const truth = (await record()).filter((d) => d.zoneId === zoneId).sort((a, b) => b.day.localeCompare(a.day));
  // The newest row is today so far; the one after it is yesterday as the service recorded it.
  const yesterday = truth[1]!;
  await expect(rows.nth(1)).toContainText(dayName(yesterday.day));
  await expect(rows.nth(1)).toContainText(formatBilled(yesterday.spendCents));
});

test('Overview compares this month with last month to the same day', async ({ page }) => {
  await openApp(page, stack);
  const card = page.locator('.card').filter({ hasText: 'This month vs last' });
  await expect(card).toBeVisible();
  await expect(card.locator('dd.big')).toHaveText(/^([+−±]\d+ %|—)$/);
});

test('History marks the days that broke their pattern, each with its zone and cause, and sums up the last week, at 420×640', async ({ page }) => {
  await page.setViewportSize({ width: 420, height: 640 });
  await openApp(page, stack);
  await go(page, 'History');
  // docs/desktop.md › Unusual days: the demo's 90 days hold runaway days of the traffic model.
  const unusual = page.getByRole('region', { name: 'Unusual days' });
  await expect(unusual).toBeVisible();
  // Days a zone was off (the traffic model stops zones mid-month) are listed too, as "Turned off": the first that broke its pattern is chosen.
  const moved = /of traffic against a usual|billed connections? against|reserved IPs? against|per GB against|cause not known/;
  const first = unusual.getByRole('listitem').filter({ hasText: moved }).first();
  await expect(first).toContainText(moved);
  const text = (await first.textContent()) ?? '';
  expect([...new Set((await record()).map((d) => d.name))].some((name) => text.includes(`${name}:`))).toBe(true);
  // Choosing it shows its day, marked unusual on the calendar, with that day's zones.
  await first.getByRole('button').click();
  await expect(page.locator('.calendar-grid .day[aria-pressed="true"]')).toHaveClass(/unusual/);
  await expect(page.locator('.calendar-grid .day[aria-pressed="true"]')).toHaveAttribute('aria-label', /; unusual spend$/);
  const summary = page.getByRole('region', { name: 'Summary' });
  await summary.scrollIntoViewIfNeeded();
  await expect(summary).toContainText('the week before');
  await expect(summary.getByRole('button', { name: 'Export this summary (CSV)' })).toBeVisible();
  await expectNoA11yViolations(page, 'History with its unusual days and the Summary');
});

test('Overview shows the month end with its likely range at 420×640, and a zone its own', async ({ page }) => {
  await page.setViewportSize({ width: 420, height: 640 });
  await openApp(page, stack);
  const card = page.locator('.card.month-end');
  await expect(card.getByText('Month end (forecast)')).toBeVisible();
  // From the demo's 90 days of history (docs/desktop.md › Month-end forecast).
  await expect(card.locator('.forecast-line')).toHaveText(/^Month end ≈ \$[\d,]+, likely \$[\d,]+–\$[\d,]+$/);
  await expect(card).toContainText('From 56 days of history: the weekday pattern, the recent level and its trend. About 8 months in 10 end inside the likely range.');
  const box = await card.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(420);
  await expectNoA11yViolations(page, 'Overview with the month-end forecast');
  await openZone(page, stack.service.seeded.perGigabyteDatacenterZoneId);
  await expect(page.locator('.month-end')).toHaveText(/^Month end ≈ \$[\d,]+, likely \$[\d,]+–\$[\d,]+ — From \d+ days of history/);
});
