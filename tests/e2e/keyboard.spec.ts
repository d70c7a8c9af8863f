import { expect, test, type Locator } from '@playwright/test';
import { DEMO_PROFILE_ID } from '../../shared/settings';
import { go, openApp, serviceCall, serviceZone, startPreview, type PreviewStack } from './preview';

let stack: PreviewStack;
test.beforeAll(async () => {
  stack = await startPreview();
});
test.afterAll(async () => {
  await stack?.stop();
});

/** Whether the whole of `inner` is drawn inside `outer`'s box. */
async function within(inner: Locator, outer: Locator): Promise<boolean> {
  const [a, b] = [await inner.boundingBox(), await outer.boundingBox()];
  return a !== null && b !== null && a.y >= b.y - 1 && a.y + a.height <= b.y + b.height + 1;
}

test('a zone switch answered by keyboard keeps the focus, even when its row left the list while it asked', async ({ page }) => {
  await openApp(page, stack);
  await go(page, 'Zones');
  // By name, so the order stands still while the demo's spend moves.
  await page.getByRole('combobox', { name: 'Order' }).selectOption({ label: 'Name A–Z' });
  const list = page.getByRole('list', { name: 'Zones' });
  await expect(list.getByRole('switch').first()).toBeVisible();

  // A zone the list does not draw while it is scrolled to the top, that runs and carries
  // connections (so disabling it asks first): one that already does, or one switched on for it.
  const drawn = () =>
    list.locator('[data-index]').evaluateAll((slots) =>
      slots.map((slot) => ({ index: Number(slot.getAttribute('data-index')), zoneId: slot.querySelector('[data-zone-id]')?.getAttribute('data-zone-id') ?? '' })),
    );
  const atTop = new Set((await drawn()).map((row) => row.zoneId));
  await list.evaluate((el) => (el.scrollTop = el.scrollHeight));
  await expect.poll(async () => (await drawn()).some((row) => !atTop.has(row.zoneId))).toBe(true);
  const zones = stack.core.snapshot(DEMO_PROFILE_ID)!.zones;
  const candidates = (await drawn()).filter((row) => !atTop.has(row.zoneId)).sort((a, b) => b.index - a.index);
  const carries = (zoneId: string) => zones[zoneId]?.zone.enabled === true && (zones[zoneId]?.zone.open_connections ?? 0) > 0;
  const zoneId = (candidates.find((row) => carries(row.zoneId)) ?? candidates.find((row) => zones[row.zoneId]?.zone.provisioning_status === 'provisioned'))?.zoneId;
  expect(zoneId, 'a provisioned zone the list does not draw at its top').toBeDefined();
  if (!carries(zoneId!)) {
    await serviceCall(stack, 'PUT', `/v1/zones/${zoneId!}`, { enabled: true });
    await expect
      .poll(async () => {
        await stack.core.invoke('poll:refresh', { profileId: DEMO_PROFILE_ID });
        const zone = stack.core.snapshot(DEMO_PROFILE_ID)!.zones[zoneId!]?.zone;
        return zone?.enabled === true && (zone.open_connections ?? 0) > 0;
      })
      .toBe(true);
  }
  const row = list.locator(`[data-zone-id="${zoneId!}"]`);
  const toggle = row.getByRole('switch');
  const ask = page.getByRole('alertdialog', { name: /^Disable zone “.+”\?$/ });

  // Cancel: the person scrolls the list back to the top while the question waits, so the row is
  // no longer drawn; Escape brings the row back into view and the focus onto its switch.
  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(ask).toBeVisible();
  await expect(ask.getByRole('button', { name: 'Disable zone' })).toBeFocused();
  await list.evaluate((el) => (el.scrollTop = 0));
  await expect(row).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(ask).toHaveCount(0);
  await expect(toggle).toBeFocused();
  expect(await within(toggle, list)).toBe(true);
  expect((await serviceZone(stack, zoneId!)).enabled).toBe(true);

  // Confirm with Enter: the zone goes off and the switch keeps the focus.
  await page.keyboard.press('Space');
  await expect(ask.getByRole('button', { name: 'Disable zone' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(ask).toHaveCount(0);
  await expect(toggle).toBeFocused();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect.poll(async () => (await serviceZone(stack, zoneId!)).enabled).toBe(false);
});

test('deleting a zone cancelled by keyboard gives the focus back to "Delete this zone…"', async ({ page }) => {
  await openApp(page, stack);
  await go(page, 'Zones');
  const zoneId = stack.service.seeded.perGigabyteDatacenterZoneId;
  await page.getByRole('searchbox', { name: 'Search' }).fill(zoneId);
  await page.getByRole('listitem').filter({ hasText: zoneId }).getByRole('button', { name: zoneId }).click();
  const remove = page.getByRole('button', { name: 'Delete this zone…' });
  await remove.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel(/^Type .+ to confirm$/)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(remove).toBeFocused();
  expect((await serviceZone(stack, zoneId)).zone_id).toBe(zoneId);
});
