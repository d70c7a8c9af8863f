import { expect, test, type Page } from '@playwright/test';
import { cspMetaContent } from '../../shared/content-security-policy';
import { DEMO_PROFILE_ID } from '../../shared/settings';
import { go, openApp, startPreview, type PreviewStack } from './preview';

// The built page under its own Content Security Policy (docs/architecture.md › Security): the
// meta tag the build wrote from the policy source, and every view, chunk and stylesheet loaded on
// demand working under it without one violation.
let stack: PreviewStack;
test.beforeAll(async () => {
  stack = await startPreview();
});
test.afterAll(async () => {
  await stack?.stop();
});

/** Collects every CSP violation the page reports, from before its first script runs. */
async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.effectiveDirective} blocked ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`));
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

test('the built page carries the policy source’s meta tag, and no view breaks it', async ({ page }) => {
  test.setTimeout(120_000);
  const violations = await recordViolations(page);
  await openApp(page, stack);
  const metas = page.locator('meta[http-equiv="Content-Security-Policy"]');
  await expect(metas).toHaveCount(1);
  expect(await metas.getAttribute('content')).toBe(cspMetaContent({ kind: 'bridge' }));

  // The demo opens with its last hours (docs/desktop.md › History), so the chart shows at once; an
  // update redraws it. Its code and stylesheet arrive on demand; only that sheet makes uPlot's plot
  // area `position: relative`.
  const refreshed = await stack.core.invoke('poll:refresh', { profileId: DEMO_PROFILE_ID });
  expect(refreshed.ok).toBe(true);
  await expect(page.getByRole('img', { name: /Chart of spend today/ })).toBeVisible();
  await expect(page.locator('.u-wrap').first()).toHaveCSS('position', 'relative');
  for (const [section, ready] of [
    ['Zones', 'Zones'],
    ['History', 'History'],
    ['Billing', 'Billing'],
    ['Notifications', 'Notifications'],
    ['Account', 'Profile'],
    ['Plans', 'Plan advisor'],
    ['Users', 'Users'],
    ['Settings', 'Alert rules'],
  ] as const) {
    await go(page, section);
    await expect(page.getByRole('heading', { name: ready, exact: true })).toBeVisible();
  }
  // Caps opens from Zones (docs/desktop.md › Caps).
  await go(page, 'Zones');
  await page.getByRole('button', { name: 'Caps…' }).click();
  await expect(page.getByRole('heading', { name: 'Account cap', exact: true })).toBeVisible();
  await page.getByRole('combobox', { name: 'Account' }).selectOption('all');
  await expect(page.getByRole('heading', { name: 'All accounts', level: 1 })).toBeVisible();
  await page.getByRole('combobox', { name: 'Account' }).selectOption('add-account');
  await expect(page.getByRole('heading', { name: 'Add an account', level: 1 })).toBeVisible();
  expect(await violations()).toEqual([]);
});
