import { expect, test } from '@playwright/test';
import { DEMO_PROFILE_ID } from '../../shared/settings';
import { go, openApp, openZone, serviceCall, serviceZone, startPreview, type PreviewStack } from './preview';

let stack: PreviewStack;
test.beforeAll(async () => {
  stack = await startPreview();
});
test.afterAll(async () => {
  await stack?.stop();
});

/** Sets a zone's state on the service directly, as the dashboard could, and lets the core see it. */
async function setOnService(zoneId: string, enabled: boolean): Promise<void> {
  await serviceCall(stack, 'PUT', `/v1/zones/${zoneId}`, { enabled });
  await expect.poll(async () => (await serviceZone(stack, zoneId)).enabled).toBe(enabled);
  await stack.core.invoke('poll:refresh', { profileId: DEMO_PROFILE_ID });
}

test('disabling a zone that carries connections asks first, as the tray does; enabling is one click', async ({ page }) => {
  // An enabled zone of the demo carries traffic, so it has open connections.
  const zoneId = stack.service.seeded.perGigabyteDatacenterZoneId;
  await setOnService(zoneId, true);
  await openApp(page, stack);
  await go(page, 'Zones');
  await page.getByRole('searchbox', { name: 'Search' }).fill(zoneId);
  const toggle = page.getByRole('listitem').filter({ hasText: zoneId }).getByRole('switch');
  await expect(toggle).toHaveAttribute('aria-checked', 'true');

  await toggle.click();
  const ask = page.getByRole('alertdialog', { name: /^Disable zone “.+”\?$/ });
  await expect(ask).toContainText(/It has [\d,]+ open connections? right now/);
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toHaveCount(0);
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  expect((await serviceZone(stack, zoneId)).enabled).toBe(true);

  await toggle.click();
  await ask.getByRole('button', { name: 'Disable zone' }).click();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect.poll(async () => (await serviceZone(stack, zoneId)).enabled).toBe(false);

  await toggle.click();
  await expect(ask).toHaveCount(0);
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await expect.poll(async () => (await serviceZone(stack, zoneId)).enabled).toBe(true);
});

test('a zone can be toggled with the keyboard alone', async ({ page }) => {
  const zoneId = stack.service.seeded.perGigabyteDatacenterZoneId;
  await setOnService(zoneId, false);
  const before = await serviceZone(stack, zoneId);
  await openApp(page, stack);
  await go(page, 'Zones');
  await page.getByRole('searchbox', { name: 'Search' }).fill(zoneId);
  await expect(page.getByRole('listitem').filter({ hasText: zoneId }).getByRole('switch')).toHaveAttribute('aria-checked', 'false');
  await page.getByRole('searchbox', { name: 'Search' }).focus();
  // Tab from the search box until the zone's switch has focus, then press Space.
  for (let i = 0; i < 20; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(() => document.activeElement?.getAttribute('role') === 'switch')) break;
  }
  const toggle = page.getByRole('listitem').filter({ hasText: zoneId }).getByRole('switch');
  await expect(toggle).toBeFocused();
  await page.keyboard.press('Space');
  await expect(toggle).toHaveAttribute('aria-checked', String(!before.enabled));
  await expect.poll(async () => (await serviceZone(stack, zoneId)).enabled).toBe(!before.enabled);
});

test('a reserved pool grows after the person reads its cost preview', async ({ page }) => {
  const zoneId = stack.service.seeded.reservedDatacenterZoneId;
  const before = await serviceZone(stack, zoneId);
  await openApp(page, stack);
  await openZone(page, zoneId);
  await page.getByRole('button', { name: 'Edit zone' }).click();
  await page.getByLabel('Pool size (IPs)').fill(String(before.pool_size! + 2));
  await page.getByRole('button', { name: 'Review changes' }).click();
  const preview = page.getByRole('region', { name: 'Cost preview' });
  await expect(preview).toContainText('Standing charges go from');
  await expect(preview.getByRole('table')).toContainText(String(before.pool_size! + 2));
  // Nothing is committed by the preview.
  expect((await serviceZone(stack, zoneId)).pool_size).toBe(before.pool_size);
  await preview.getByRole('button', { name: 'Confirm change' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved the changes' })).toBeVisible();
  expect((await serviceZone(stack, zoneId)).pool_size).toBe(before.pool_size! + 2);
  await expect(page.getByText(`Reserved pool of ${before.pool_size! + 2}`)).toBeVisible();
});

test('a zone alert is edited without a cost preview', async ({ page }) => {
  const zoneId = stack.service.seeded.perGigabyteDatacenterZoneId;
  await openApp(page, stack);
  await openZone(page, zoneId);
  await page.getByRole('button', { name: 'Edit zone' }).click();
  const alertOn = page.getByRole('checkbox', { name: 'Alert on this zone' });
  await alertOn.check();
  await page.getByLabel('Alert type').selectOption('gigabytes_per_day');
  await page.getByLabel(/Alert threshold/).fill('42');
  await page.getByLabel('When reached').selectOption('send_notification');
  await page.getByRole('button', { name: 'Review changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved the changes' })).toBeVisible();
  const zone = await serviceZone(stack, zoneId);
  expect(zone.alert).toMatchObject({ type: 'gigabytes_per_day', threshold: 42, action: 'send_notification' });
  await expect(page.getByText('GB per day over 42, then notify the admins')).toBeVisible();
});

test('IPs are refreshed and deleted, and IPs not in the zone are named', async ({ page }) => {
  const zoneId = stack.service.seeded.reservedDatacenterZoneId;
  const ipsOf = async () => (await serviceCall(stack, 'GET', `/_control/zones/${zoneId}/ips`)).ips as string[];
  const [first, second] = await ipsOf();
  const foreign = '203.0.113.254';
  await openApp(page, stack);
  await openZone(page, zoneId);

  await page.getByLabel('IP addresses (paste one or many)').fill(`${first}\n${foreign}`);
  await page.getByRole('button', { name: 'Refresh IPs…' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Refresh' }).click();
  const result = page.locator('.ip-result');
  await expect(result).toContainText(`Refreshed 1 IP: ${first}`);
  await expect(page.getByRole('list', { name: 'IPs not in this zone' })).toHaveText(foreign);
  expect(await ipsOf()).not.toContain(first);

  const sizeBefore = (await serviceZone(stack, zoneId)).pool_size_actual;
  await page.getByLabel('IP addresses (paste one or many)').fill(`${second}, ${foreign}`);
  await page.getByRole('button', { name: 'Delete IPs…' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(result).toContainText(`Deleted 1 IP: ${second}`);
  await expect(page.getByRole('list', { name: 'IPs not in this zone' })).toHaveText(foreign);
  expect(await ipsOf()).not.toContain(second);
  expect((await serviceZone(stack, zoneId)).pool_size_actual).toBe(sizeBefore! - 1);
});

test('service faults show a message while the last good data stays', async ({ page }) => {
  await openApp(page, stack);
  await go(page, 'Zones');
  const rows = page.getByRole('listitem');
  await expect(rows.first()).toBeVisible();
  // The list draws only the rows its room shows, and a notice above it takes some room: the count line says how many zones it holds.
  const countLine = page.locator('.zone-count');
  const count = await countLine.textContent();
  expect(count).toMatch(/^\d[\d,]* zones, /);
  try {
    await serviceCall(stack, 'POST', '/_control/faults', { rate: 1, statuses: [500] });
    await page.getByRole('button', { name: 'Refresh now' }).click();
    await expect(page.getByRole('status').filter({ hasText: /^The service had a problem of its own \(HTTP 500\); the window shows data from / })).toBeVisible();
    await expect(countLine).toHaveText(count!);
    await expect(rows.first()).toBeVisible();

    await serviceCall(stack, 'POST', '/_control/faults', { malformedRate: 1 });
    await page.getByRole('button', { name: 'Refresh now' }).click();
    await expect(page.getByRole('status').filter({ hasText: /does not understand; the window shows data from/ })).toBeVisible();
    await expect(countLine).toHaveText(count!);
    await expect(rows.first()).toBeVisible();
  } finally {
    await serviceCall(stack, 'POST', '/_control/faults', {});
  }
  await page.getByRole('button', { name: 'Refresh now' }).click();
  await expect(page.getByRole('status').filter({ hasText: /the window shows data from/ })).toHaveCount(0);
});
