import { expect, test, type Locator } from '@playwright/test';
import { DEMO_PROFILE_ID } from '../../shared/settings';
import { go, openApp, serviceZone, startPreview, type PreviewStack } from './preview';

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

  // The last zone in the list that runs and carries connections: disabling it asks first.
  await list.evaluate((el) => (el.scrollTop = el.scrollHeight));
  const carrying = new Set(
    Object.values(stack.core.snapshot(DEMO_PROFILE_ID)!.zones)
      .filter(({ zone }) => zone.enabled === true && (zone.open_connections ?? 0) > 0)
      .map(({ zone }) => zone.zone_id),
  );
  const rows = await list.locator('[data-index]').evaluateAll((slots) =>
    slots.map((slot) => ({ index: Number(slot.getAttribute('data-index')), zoneId: slot.querySelector('[data-zone-id]')?.getAttribute('data-zone-id') ?? '' })),
  );
  const last = rows.filter((row) => carrying.has(row.zoneId)).sort((a, b) => b.index - a.index)[0];
  expect(last, 'a running zone with connections near the end of the list').toBeDefined();
  const zoneId = last!.zoneId;
  const row = list.locator(`[data-zone-id="${zoneId}"]`);
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
  expect((await serviceZone(stack, zoneId)).enabled).toBe(true);

  // Confirm with Enter: the zone goes off and the switch keeps the focus.
  await page.keyboard.press('Space');
  await expect(ask.getByRole('button', { name: 'Disable zone' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(ask).toHaveCount(0);
  await expect(toggle).toBeFocused();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect.poll(async () => (await serviceZone(stack, zoneId)).enabled).toBe(false);
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
