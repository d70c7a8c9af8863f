import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from './axe';
import { expectSoundLayout } from './layout-check';
import { go, openApp, startPreview, type PreviewStack } from './preview';

// docs/desktop.md › Notices: what the app did on the user's behalf, at the top of every view until dismissed.

let stack: PreviewStack;
test.beforeAll(async () => {
  stack = await startPreview();
});
test.afterAll(async () => {
  await stack?.stop();
});

test('a notice raised while the window is open shows above every view, fits the window, and goes with its Dismiss', async ({ page }) => {
  await openApp(page, stack);
  const demo = stack.core.overview().accounts[0]!.profileId;
  stack.core.notices.raise({
    key: 'set-aside:profile-demo-spend-stop.json.corrupt-2026-11-05T10-20-30.000Z',
    profileId: demo,
    title: 'The record of the zones Stop all spend turned off could not be read',
    body: 'The file was set aside as profile-demo-spend-stop.json.corrupt-2026-11-05T10-20-30.000Z and kept for a bug report (Copy diagnostics lists it). Restore can no longer turn them back on: zones off on the service stay off until you turn them on in Zones.',
    notify: true,
  });
  const notices = page.getByRole('region', { name: 'Notices' });
  const notice = notices.getByRole('status', { name: 'Demo account: The record of the zones Stop all spend turned off could not be read' });
  await expect(notice).toBeVisible();
  await expectSoundLayout(page, 'a notice on Overview');
  await expectNoA11yViolations(page, 'a notice on Overview');

  await go(page, 'Zones');
  await expect(notice).toBeVisible();
  await go(page, 'Settings');
  await expect(notice).toBeVisible();
  await expectSoundLayout(page, 'a notice on Settings');

  await notice.getByRole('button', { name: /^Dismiss: / }).click();
  await expect(notices).toHaveCount(0);
  expect(stack.core.notices.list()).toEqual([]);
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Sections' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Notices' })).toHaveCount(0);
});
