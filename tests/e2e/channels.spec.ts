import { expect, test, type Page } from '@playwright/test';
import type { ChannelView } from '../../shared/channels';
import type { Result } from '../../shared/ipc';
import type { Settings } from '../../shared/settings';
import { startStandIn, type StandIn } from '../integration/channels/stand-ins';
import { expectNoA11yViolations } from './axe';
import { expectSoundLayout } from './layout-check';
import { go, openApp, startPreview, type PreviewStack } from './preview';

// docs/desktop.md › Channels: a channel set up from the window against a local stand-in of a signed
// webhook (loopback http, which channels allow), a test sent, its answer read, and the delivery log.

const SIGNING_KEY = 'e2e-signing-key-0123456789abcdef';

// The second test removes the channel the first adds.
test.describe.configure({ mode: 'serial' });

let stack: PreviewStack;
let receiver: StandIn;
test.beforeAll(async () => {
  [stack, receiver] = await Promise.all([startPreview(), startStandIn('webhook', SIGNING_KEY)]);
});
test.afterAll(async () => {
  await Promise.all([stack?.stop(), receiver?.close()]);
});

async function sound(page: Page, what: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expectSoundLayout(page, `${what} (${scheme})`);
    await expectNoA11yViolations(page, `${what} (${scheme})`);
  }
}

test('a webhook channel added from the window takes a signed test, says the answer, routes a rule, and the log shows it', async ({ page }) => {
  // Three pages checked light and dark by axe: the settings page is long.
  test.setTimeout(240_000);
  await openApp(page, stack);
  await go(page, 'Settings');
  await page.getByRole('button', { name: 'Add a channel…' }).click();
  const form = page.getByRole('form', { name: 'Add a channel' });
  await expect(form.getByLabel('Service')).toBeFocused();
  await form.getByLabel('Service').selectOption({ label: 'Webhook (signed JSON)' });
  await form.getByLabel('Name').fill('Relay');
  await form.getByLabel('URL', { exact: true }).fill(`http://example.com/zw`);
  await form.getByLabel('Signing key').fill('short');
  await form.getByRole('button', { name: 'Add channel' }).click();
  await expect(form.getByText('URL must be an https:// URL (http:// only for 127.0.0.1 or localhost).')).toBeVisible();
  await expect(form.getByText('Signing key must be at least 16 characters.')).toBeVisible();
  await sound(page, 'the channel form with its errors');

  await form.getByLabel('URL', { exact: true }).fill(receiver.url);
  await form.getByLabel('Signing key').fill(SIGNING_KEY);
  await form.getByRole('button', { name: 'Add channel' }).click();
  await expect(page.getByText('Added Relay. Send a test to check it.')).toBeVisible();
  const row = page.getByRole('list', { name: 'Channels' }).getByRole('listitem').filter({ hasText: 'Relay' });
  await expect(row).toContainText('secret set');
  expect(await page.content()).not.toContain(SIGNING_KEY);

  await row.getByRole('button', { name: 'Send test' }).click();
  await expect(row.getByRole('status')).toHaveText(/^Delivered: The webhook accepted/);
  expect(receiver.acceptedRequests).toHaveLength(1);
  expect(receiver.acceptedRequests[0]!.problem).toBeNull();
  await sound(page, 'Settings › Channels with a channel');

  // The stand-in refuses the next one for good, as a revoked webhook does.
  receiver.script.push({ do: 'status', status: 410, body: 'gone' });
  await row.getByRole('button', { name: 'Send test' }).click();
  await expect(row.getByRole('status')).toHaveText(/^Not delivered: .*410/);

  // Balance runs low goes to the channel instead of the desktop, saved with the settings.
  await page.getByRole('button', { name: 'Change where “Balance runs low” goes' }).click();
  const choices = page.getByRole('group', { name: 'Where “Balance runs low” goes' });
  await choices.getByRole('checkbox', { name: 'Relay' }).check();
  await choices.getByRole('checkbox', { name: 'Desktop' }).uncheck();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('All changes saved.')).toBeVisible();
  const channels = (await stack.core.invoke('channels:list', undefined)) as Result<ChannelView[]>;
  const settings = (await stack.core.invoke('settings:get', undefined)) as Result<Settings>;
  if (!channels.ok || !settings.ok) throw new Error('the core did not answer');
  expect(settings.value.routing.routes.lowBalance).toEqual({ desktop: false, channels: [channels.value[0]!.id] });

  await page.getByRole('button', { name: 'Delivery log' }).click();
  await expect(page.getByRole('heading', { name: 'Delivery log', level: 1 })).toBeVisible();
  const entries = page.getByRole('list', { name: 'Deliveries' }).getByRole('listitem');
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toContainText('Given up');
  await expect(entries.nth(0)).toContainText('410');
  await expect(entries.nth(1)).toContainText('Delivered');
  await expect(entries.nth(1)).toContainText('Relay (Webhook (signed JSON))');
  await expect(entries.nth(1)).toContainText('Test message');
  await sound(page, 'the delivery log');
  await page.getByRole('button', { name: 'Back to Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
});

test('removing a channel asks first, and the delivery log is in the command palette', async ({ page }) => {
  await openApp(page, stack);
  await go(page, 'Settings');
  const row = page.getByRole('list', { name: 'Channels' }).getByRole('listitem').filter({ hasText: 'Relay' });
  await row.getByRole('button', { name: 'Remove…' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Remove Relay?' })).toBeVisible();
  await page.getByRole('button', { name: 'Remove channel' }).click();
  await expect(page.getByText('Removed Relay.')).toBeVisible();
  await expect(page.getByText('No channels yet.')).toBeVisible();
  await page.keyboard.press('Control+k');
  await page.getByRole('combobox', { name: 'Find a zone, a view or an action' }).fill('delivery log');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Delivery log', level: 1 })).toBeVisible();
});
