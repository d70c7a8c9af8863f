import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from './axe';
import { go, openApp, openZone, startPreview, type PreviewStack } from './preview';

let stack: PreviewStack;
test.beforeAll(async () => {
  stack = await startPreview();
});
test.afterAll(async () => {
  await stack?.stop();
});

test('users are filtered by role, state and search, and sorted', async ({ page }) => {
  await openApp(page, stack);
  await go(page, 'Users');
  const rows = page.getByRole('table').locator('tbody tr');
  await expect(rows.first()).toBeVisible();

  await page.getByRole('checkbox', { name: 'Collaborator' }).check();
  await expect(rows.first()).toContainText('Collaborator');
  const roles = await rows.locator('td:nth-child(2)').allTextContents();
  expect(roles.length).toBeGreaterThan(0);
  expect(roles.every((r) => r.startsWith('Collaborator'))).toBe(true);

  await page.getByRole('checkbox', { name: 'Collaborator' }).uncheck();
  await page.getByLabel('State').selectOption('disabled');
  // The rows of the list before stay until the filtered answer replaces them: wait for that answer.
  await expect
    .poll(async () => {
      const states = await rows.locator('td:nth-child(3)').allTextContents();
      return states.length > 0 && states.every((s) => s === 'Disabled');
    })
    .toBe(true);

  await page.getByLabel('State').selectOption('all');
  const firstName = (await rows.first().locator('th').innerText()).split('\n')[0]!.replace(/you$/, '').trim();
  await page.getByRole('searchbox', { name: 'Search' }).fill(firstName);
  await expect(rows).not.toHaveCount(0);
  expect((await rows.locator('th').allInnerTexts()).every((t) => t.toLowerCase().includes(firstName.toLowerCase()) || t.includes('@'))).toBe(true);

  await page.getByRole('searchbox', { name: 'Search' }).fill('');
  await page.getByLabel('Order').selectOption('descending');
  await expect(rows.first()).not.toContainText(firstName);
});

test('every view passes an axe-core scan with no violation of any impact', async ({ page }) => {
  test.setTimeout(120_000);
  await openApp(page, stack);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [section, ready] of [
      ['Overview', 'Top zones by spend today'],
      ['Zones', 'Zones'],
      ['History', 'History'],
      ['Billing', 'Billing'],
      ['Account', 'Profile'],
      ['Plans', 'Plan advisor'],
      ['Users', 'Users'],
      ['Notifications', 'Notifications'],
      ['Settings', 'Alert rules'],
    ] as const) {
      await go(page, section);
      await expect(page.getByRole('heading', { name: ready, exact: true })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectNoA11yViolations(page, `${section} (${scheme})`);
    }
  }
  await openZone(page, stack.service.seeded.reservedDatacenterZoneId);
  await page.getByRole('button', { name: 'Edit zone' }).click();
  await expectNoA11yViolations(page, 'zone detail with its edit form');
});
