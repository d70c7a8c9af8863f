import { expect, test } from '@playwright/test';
import { go, openApp, startPreview, type PreviewStack } from './preview';

let stack: PreviewStack;
test.beforeAll(async () => {
  stack = await startPreview();
});
test.afterAll(async () => {
  await stack?.stop();
});

test('in the browser shell, Settings copies a redacted diagnostics report onto the browser’s clipboard and says there is no log folder', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(stack.url).origin });
  await openApp(page, stack);
  await go(page, 'Settings');
  const help = page.getByRole('region', { name: 'Help and diagnostics' });
  await expect(help.getByText(/^Zonewatch \d+\.\d+\.\d+ · in your browser · /)).toBeVisible();
  await expect(help.getByRole('button', { name: 'Open logs' })).toHaveCount(0);
  await expect(help.getByText(/there is no log folder to open/)).toBeVisible();

  await help.getByRole('button', { name: 'Copy diagnostics' }).click();
  await expect(help.getByRole('status')).toHaveText(/^Diagnostics copied\./);
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/^Zonewatch \d+\.\d+\.\d+ \(\w+, web\)\nsystem: /);
  expect(copied).toContain(`account 1 of 1: demo at ${stack.service.url}`);
  expect(copied).toContain('  data gaps: none');
  for (const key of Object.values(stack.service.keys)) expect(copied).not.toContain(key);
  expect(copied).not.toMatch(/@[\w-]+\.example/);
  // What was copied is there to read before it is sent anywhere.
  await help.getByText('What was copied').click();
  await expect(help.getByLabel('Diagnostics report')).toHaveValue(copied);
});
