import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { go, openApp, startPreview, type PreviewStack } from './preview';

let stack: PreviewStack;
test.beforeAll(async () => {
  stack = await startPreview();
});
test.afterAll(async () => {
  await stack?.stop();
});

test('billing history filters, totals each month and downloads as CSV', async ({ page }) => {
  await openApp(page, stack);
  await go(page, 'Billing');
  const table = page.getByRole('table');
  await expect(table.getByRole('button', { name: /^Invoice/ }).first()).toBeVisible();
  await expect(table.getByRole('button', { name: /^Receipt/ }).first()).toBeVisible();
  await expect(table.getByRole('rowheader').first()).toContainText(/— invoiced \$[\d,.]+, paid \$[\d,.]+/);

  await page.getByLabel('Show').selectOption('invoice');
  await expect(table.getByRole('button', { name: /^Receipt/ })).toHaveCount(0);
  await expect(table.getByRole('button', { name: /^Invoice/ }).first()).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^zonewatch-billing-.*\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  const lines = csv.trim().split(/\r?\n/);
  expect(lines.length).toBeGreaterThan(2);
  expect(lines.slice(1).every((l) => /invoice/i.test(l))).toBe(true);
  await expect(page.getByRole('status').filter({ hasText: /Saved \d+ rows/ })).toBeVisible();
});

test('with the service stopped, the cached billing history is still browsed with its "as of" time', async ({ page }) => {
  await openApp(page, stack);
  await go(page, 'Billing');
  await expect(page.getByText(/^As of /)).toBeVisible();
  await expect(page.getByRole('table').getByRole('button', { name: /^Invoice/ }).first()).toBeVisible();
  await stack.service.close();
  await page.getByRole('button', { name: 'Refresh now' }).click();
  // One sentence: what went wrong, the data still shown, the next try.
  await expect(page.getByRole('status').filter({ hasText: /^The service at \S+ is not answering; the window shows data from .*\.$/ })).toBeVisible();
  await go(page, 'Overview');
  await go(page, 'Billing');
  await expect(page.getByText(/^As of .*offline, showing the saved copy/)).toBeVisible();
  await page.getByLabel('Show').selectOption('payment');
  await expect(page.getByRole('table').getByRole('button', { name: /^Receipt/ }).first()).toBeVisible();
  await expect(page.getByRole('table').getByRole('button', { name: /^Invoice/ })).toHaveCount(0);
  await page.getByLabel('Show').selectOption('all');
  await page.getByRole('navigation', { name: 'Billing history pages' }).getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(/^Page 2 of/)).toBeVisible();
});
