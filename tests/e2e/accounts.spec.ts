import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { startService, type RunningService } from '../../electron/service/start-service';
import { expectNoA11yViolations } from './axe';
import { expectSoundLayout } from './layout-check';
import { go, openApp, startPreview, type PreviewStack } from './preview';

// The demo account (the preview's own service) and a second local service added as "Client B",
// both watched at once by the real core over the bridge.
let stack: PreviewStack;
let second: RunningService;
test.beforeAll(async () => {
  stack = await startPreview();
  second = await startService({ seed: 7, zones: 12 });
});
test.afterAll(async () => {
  await stack?.stop();
  await second?.close();
});

const switcher = (page: Page) => page.getByRole('combobox', { name: 'Account' });

/** Adds the second service as "Client B" through "Add account…", unless it is already watched. */
async function withClientB(page: Page): Promise<void> {
  await openApp(page, stack);
  if ((await switcher(page).locator('option', { hasText: 'Client B' }).count()) > 0) return;
  await switcher(page).selectOption({ label: 'Add account…' });
  await expect(page.getByRole('heading', { name: 'Add an account', level: 1 })).toBeVisible();
  await page.getByLabel(/^Name/).fill('Client B');
  await page.getByLabel('API key', { exact: true }).fill(second.keys.admin);
  await page.getByLabel(/^Service URL/).fill(second.url);
  await page.getByLabel('Colour').selectOption('orange');
  await page.getByRole('button', { name: 'Add account' }).click();
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  await expect(switcher(page).locator('option:checked')).toHaveText('Client B');
}

test('an account is added beside the demo, and the switcher moves between them by keyboard', async ({ page }) => {
  await withClientB(page);
  await expect(page.getByText('DEMO', { exact: true })).toHaveCount(0);
  await expect(page.locator('.top-zones li').first()).toBeVisible();
  const options = await switcher(page).locator('option').allTextContents();
  expect(options[0]).toBe('All accounts');
  expect(options.slice(1, -1).map((o) => o.replace(/ — needs attention$/, ''))).toEqual(['Client B', 'Demo account']);
  expect(options.at(-1)).toBe('Add account…');

  // The window remembers the account it showed; after a fresh load the skip link is the first
  // stop of the keyboard and the switcher the second.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  await expect(switcher(page).locator('option:checked')).toHaveText('Client B');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(switcher(page)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('.statusbar').getByText('DEMO', { exact: true })).toBeVisible();
  await expect(switcher(page).locator('option:checked')).toHaveText(/^Demo account/);
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
});

test('"All accounts" totals the real account apart from the demo, and a row opens its account', async ({ page }) => {
  await withClientB(page);
  await switcher(page).selectOption({ label: 'All accounts' });
  await expect(page.getByRole('heading', { name: 'All accounts', level: 1 })).toBeVisible();
  const rows = page.getByRole('list', { name: 'Accounts' }).getByRole('button');
  await expect(rows).toHaveCount(2);
  const demoRow = rows.filter({ hasText: 'Demo account' });
  const clientRow = rows.filter({ hasText: 'Client B' });
  await expect(demoRow).toContainText('DEMO');
  await expect(clientRow).toHaveCount(1);
  await expect(page.getByText('The demo account is left out of the totals.')).toBeVisible();
  const totals = page.getByLabel('Totals');
  await expect(totals).toContainText('Your 1 account');
  for (const label of ['Balance', 'Spend today', 'This month', 'Burn rate', 'Runway']) await expect(clientRow).toContainText(label);

  for (const size of [
    { width: 420, height: 640 },
    { width: 320, height: 480 },
  ]) {
    await page.setViewportSize(size);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expectSoundLayout(page, `All accounts at ${size.width} px (${scheme})`);
      await expectNoA11yViolations(page, `All accounts at ${size.width} px (${scheme})`);
    }
  }

  await clientRow.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  await expect(switcher(page).locator('option:checked')).toHaveText(/^Client B/);
  await expect(page.getByText('DEMO', { exact: true })).toHaveCount(0);
});

test('Billing exports every account’s history in one file with an account column, and Stop all spend names its account', async ({ page }) => {
  await withClientB(page);
  await go(page, 'Billing');
  await expect(page.getByRole('table').getByRole('button', { name: /^Invoice/ }).first()).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export all accounts (CSV)' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^zonewatch-billing-all-accounts-.*\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  const [head, ...rows] = csv.trim().split(/\r?\n/);
  expect(head!.toLowerCase()).toContain('account');
  expect(rows.some((r) => r.includes('Client B'))).toBe(true);
  expect(rows.some((r) => r.includes('Demo account'))).toBe(true);

  await go(page, 'Overview');
  await page.getByRole('button', { name: 'Stop all spend…' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Stop all spend on Client B?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
});

test('Settings names the account it changes, and removing it leaves the demo watching on', async ({ page }) => {
  await withClientB(page);
  await go(page, 'Settings');
  await expect(page.getByRole('form', { name: /^Client B:/ })).toBeVisible();
  await expectSoundLayout(page, 'Settings of Client B');
  await expectNoA11yViolations(page, 'Settings of Client B');
  await page.getByRole('button', { name: 'Remove this account…' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Remove Client B?' });
  await expect(dialog).toContainText('Its key and cached data are erased; other accounts stay.');
  await dialog.getByRole('button', { name: 'Remove and erase' }).click();
  await expect(switcher(page).locator('option:checked')).toHaveText(/^Demo account/);
  await expect(switcher(page).locator('option', { hasText: 'Client B' })).toHaveCount(0);
  await expect(page.locator('.statusbar').getByText('DEMO', { exact: true })).toBeVisible();
});
