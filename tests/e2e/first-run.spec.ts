import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './axe';
import { go, startPreview, type PreviewStack } from './preview';

let stack: PreviewStack;
test.beforeAll(async () => {
  stack = await startPreview({ firstRun: true });
});
test.afterAll(async () => {
  await stack?.stop();
});

/** The key must not be anywhere in the page: not in the markup, not in any field's value. */
async function expectKeyNotInPage(page: Page, key: string) {
  expect(await page.content()).not.toContain(key);
  const values = await page.evaluate(() => [...document.querySelectorAll('input, textarea')].map((e) => (e as HTMLInputElement).value));
  expect(values.join('\n')).not.toContain(key);
}

test('the first run offers the demo account, which opens with its data', async ({ page }) => {
  await page.goto(stack.url);
  await expect(page.getByRole('heading', { name: 'Welcome to Zonewatch' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Enter your API key' })).toBeVisible();
  await expectNoA11yViolations(page, 'the first-run screen');
  await page.getByRole('button', { name: 'Try the demo account' }).click();
  await expect(page.getByText('DEMO', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await expect(page.getByText('Balance', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Top zones by spend today' })).toBeVisible();
  await expect(page.locator('.top-zones li').first()).toBeVisible();
});

test('an API key is entered once, stored, and never put back in the page', async ({ page }) => {
  const key = stack.service.keys.admin;
  await page.goto(stack.url);
  await go(page, 'Settings');
  await page.getByRole('button', { name: 'Remove this account…' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove and erase' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to Zonewatch' })).toBeVisible();

  await page.getByLabel('API key', { exact: true }).fill(key);
  await page.getByLabel(/Service URL/).fill(stack.service.url);
  await page.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByRole('heading', { name: 'Connected' })).toBeVisible();
  await expectKeyNotInPage(page, key);

  const hidden = stack.service.seeded.undiscoveredZoneIds[0]!;
  await page.getByLabel(/Zone ids to watch/).fill(hidden);
  await page.getByRole('button', { name: 'Pin zones' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Pinned ${hidden}.` })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await expect(page.getByText('DEMO', { exact: true })).toHaveCount(0);

  await go(page, 'Settings');
  await expect(page.getByText('kept in memory only')).toBeVisible();
  const replacement = stack.service.keys.billing_admin;
  await page.getByLabel('API key', { exact: true }).fill(replacement);
  await page.getByRole('button', { name: 'Replace key' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Key saved.' })).toBeVisible();
  await expect(page.getByLabel('API key', { exact: true })).toHaveValue('');
  await expectKeyNotInPage(page, key);
  await expectKeyNotInPage(page, replacement);
});
