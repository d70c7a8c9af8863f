import { expect, test, type Page } from '@playwright/test';
import type { RunningService } from '../../electron/service/start-service';
import type { ZonewatchApi } from '../../shared/ipc';
import type { PaletteZone } from '../../shared/palette';
import { expectNoA11yViolations } from './axe';
import { activeRow, keyCounter, openWithThreeAccounts, paletteField, serviceSays, startThreeAccounts, stopThreeAccounts, type ThreeAccounts } from './palette-keys';
import { expectSoundLayout } from './layout-check';

// Three local services watched as three accounts: the preview's demo, "Client A" and "Client B"
// (docs/desktop.md › The command palette).
let accounts: ThreeAccounts;
let serviceA: RunningService;
let serviceB: RunningService;
test.beforeAll(async () => {
  accounts = await startThreeAccounts(20);
  ({ serviceA, serviceB } = accounts);
});
test.afterAll(() => stopThreeAccounts(accounts));

const withThreeAccounts = (page: Page) => openWithThreeAccounts(page, accounts);

/** A running zone of Client B that the tray does not list (it lists each account's top spenders). */
async function zoneTrayDoesNotList(page: Page, options: { asks?: boolean; not?: string[] } = {}): Promise<PaletteZone> {
  const zone = await page.evaluate(async ({ asks, not }) => {
    const [list, accounts] = await Promise.all([(window as unknown as { zonewatch: ZonewatchApi }).zonewatch.palette.list(), (window as unknown as { zonewatch: ZonewatchApi }).zonewatch.accounts.list()]);
    if (!list.ok || !accounts.ok) return null;
    const b = accounts.value.accounts.find((a) => a.label === 'Client B')!;
    const inTray = new Set(b.topZones.map((z) => z.zoneId));
    const zones = list.value.accounts.find((a) => a.profileId === b.profileId)!.zones;
    return zones.find((z) => z.enabled === true && !inTray.has(z.zoneId) && (asks === null || (z.disableAsks !== null) === asks) && !not.includes(z.zoneId)) ?? null;
  }, { asks: options.asks ?? null, not: options.not ?? [] });
  expect(zone, 'a running zone of Client B the tray does not list').not.toBeNull();
  return zone!;
}

const field = paletteField;
const counter = keyCounter;

/** Whether the first result (the active row once a query changes) is `zone` of Client B. */
async function firstIs(page: Page, zone: PaletteZone): Promise<boolean> {
  const text = (await activeRow(page).textContent()) ?? '';
  return text.includes(zone.zoneId) && text.includes(zone.name) && text.includes('Client B');
}

/**
 * Types the zone's id one character at a time, each counted, and stops as soon as the zone is the
 * first result: the zone's shortest query of that kind. Its id, not its name: the seeded services
 * give the three accounts the same zone names, so a name alone cannot tell Client B's apart.
 * Returns how many characters it took, or null when the whole id never put it first.
 */
async function typeUntilFirst(page: Page, keys: ReturnType<typeof counter>, zone: PaletteZone): Promise<number | null> {
  await expect(page.locator('.palette-message')).toHaveText(/results?$/);
  for (let typed = 1; typed <= zone.zoneId.length; typed++) {
    await keys.type(zone.zoneId[typed - 1]!);
    // The field and the list are drawn from the same store update: once the field shows it, the list does.
    await expect(field(page)).toHaveValue(zone.zoneId.slice(0, typed));
    if (await firstIs(page, zone)) return typed;
  }
  return null;
}

test('a zone of the second account that the tray does not list is found by a few letters of its id and disabled in at most five keys in all', async ({ page }) => {
  await withThreeAccounts(page);
  const target = await zoneTrayDoesNotList(page);
  await page.keyboard.press('Control+k');
  await expect(field(page)).toBeFocused();

  const keys = counter(page);
  const typed = await typeUntilFirst(page, keys, target);
  expect(typed, `typing ${target.zoneId} puts “${target.name}” of Client B first`).not.toBeNull();
  await expect(activeRow(page)).toContainText(/\bon\b/);

  await keys.press('Enter');
  // A zone carrying traffic asks first (the tray's and the list's rule): one more key confirms.
  if (target.disableAsks) {
    await expect(page.getByRole('button', { name: 'Disable zone' })).toBeFocused();
    await keys.press('Enter');
  }
  await expect(page.getByRole('status').filter({ hasText: 'is now off' })).toContainText(`“${target.name}” of Client B is now off.`);
  expect(keys.count - typed!, 'keys that act').toBeLessThanOrEqual(2);
  expect(keys.count, `every key after the shortcut (${typed} typed)`).toBeLessThanOrEqual(5);
  await expect.poll(() => serviceSays(serviceB, target.zoneId)).toBe(false);
  await expect(activeRow(page)).toContainText(target.name);
  await expect(activeRow(page).locator('.palette-state')).toHaveText('off');
});

test('disabling a zone with open connections asks inside the palette; Esc cancels, Enter confirms, all by keyboard', async ({ page }) => {
  await withThreeAccounts(page);
  const target = await zoneTrayDoesNotList(page, { asks: true });
  await page.keyboard.press('Control+k');
  await expect(field(page)).toBeFocused();

  const keys = counter(page);
  const typed = await typeUntilFirst(page, keys, target);
  expect(typed).not.toBeNull();
  await keys.press('Enter');
  const confirm = page.getByRole('button', { name: 'Disable zone' });
  await expect(confirm).toBeFocused();
  await expect(page.getByText(/open connections? right now/)).toBeVisible();
  await keys.press('Escape');
  await expect(confirm).toHaveCount(0);
  await expect(field(page)).toBeFocused();
  expect(await serviceSays(serviceB, target.zoneId)).toBe(true);

  await keys.press('Enter');
  await expect(confirm).toBeFocused();
  await keys.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'is now off' })).toContainText(`“${target.name}” of Client B is now off.`);
  await expect.poll(() => serviceSays(serviceB, target.zoneId)).toBe(false);
  await expect(activeRow(page).locator('.palette-state')).toHaveText('off');
  // The typing, the cancelled try (Enter, Esc), then the two that act (Enter, Enter to confirm).
  expect(keys.count).toBe(typed! + 4);
});

test('Set cap… opens Caps of the zone’s account with the form on that zone alone and the keyboard on its amount', async ({ page }) => {
  await withThreeAccounts(page);
  const target = await zoneTrayDoesNotList(page);
  await page.keyboard.press('Control+k');
  await expect(field(page)).toBeFocused();
  expect(await typeUntilFirst(page, counter(page), target)).not.toBeNull();
  await page.keyboard.press('ArrowRight');
  await expect(activeRow(page)).toContainText(`Disable ${target.name}`);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(activeRow(page)).toContainText('Set cap…');
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { name: 'Caps', level: 1 })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Account' }).locator('option:checked')).toHaveText(/^Client B/);
  const form = page.getByRole('form', { name: 'Set caps' });
  await expect(form.getByLabel('Times the usual daily spend')).toBeFocused();
  await expect(form.getByLabel('Zones', { exact: true })).toHaveValue('hand');
  await expect(form.getByText('1 zone picked')).toBeVisible();
  await expect(form.getByRole('checkbox', { name: target.name, exact: true })).toBeChecked();
});

test('"/" opens it, a view of another account opens by Enter, and Esc gives the focus back', async ({ page }) => {
  await withThreeAccounts(page);
  const refresh = page.getByRole('button', { name: /^Refresh/ }).first();
  await refresh.focus();
  await page.keyboard.press('/');
  await expect(field(page)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(field(page)).toHaveCount(0);
  await expect(refresh).toBeFocused();

  await page.keyboard.press('/');
  await expect(field(page)).toBeFocused();
  await page.keyboard.type('billing client a');
  await expect(activeRow(page)).toContainText('Billing of Client A');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Account' }).locator('option:checked')).toHaveText(/^Client A/);

  // A section of Settings: the view opens there, its heading taking the keyboard.
  await page.getByRole('heading', { name: 'Billing', level: 1 }).click();
  await page.keyboard.press('/');
  await expect(field(page)).toBeFocused();
  await page.keyboard.type('help diagnostics');
  await expect(activeRow(page)).toContainText('Settings › Help and diagnostics');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Help and diagnostics', level: 2 })).toBeFocused();
});

test('it is accessible and fits at 420×640 and with text at 200 %, light and dark', async ({ page }) => {
  await withThreeAccounts(page);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const size of [
      { width: 420, height: 640 },
      { width: 320, height: 480 },
    ]) {
      await page.setViewportSize(size);
      await page.keyboard.press('Control+k');
      await expect(field(page)).toBeFocused();
      await page.keyboard.type('scraper');
      await expect(activeRow(page)).toBeVisible();
      await expectNoA11yViolations(page, `the palette, ${scheme}, ${size.width}×${size.height}`);
      await expectSoundLayout(page, `the palette, ${scheme}, ${size.width}×${size.height}`);
      await page.keyboard.press('Escape');
    }
  }
});

// Last: it turns off every running zone of Client A.
test('Stop all spend… asks inside the palette, then stops every running zone of that account through the core and says so', async ({ page }) => {
  await withThreeAccounts(page);
  await page.keyboard.press('Control+k');
  await expect(field(page)).toBeFocused();
  await page.keyboard.type('stop all spend client a');
  await expect(activeRow(page)).toContainText('Stop all spend of Client A…');
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('button', { name: /^Disable \d+ zones?$/ });
  await expect(confirm).toBeFocused();
  await expect(page.locator('.palette-confirm')).toContainText('Stop all spend on Client A: disable');
  await page.keyboard.press('Enter');
  await expect(page.locator('.palette-message')).toContainText(/^Client A: Disabled \d+ zones?/);
  await expect(field(page)).toBeFocused();
  // The service says every zone of Client A that the palette lists is off now.
  const zoneIds = await page.evaluate(async () => {
    const [list, accounts] = await Promise.all([(window as unknown as { zonewatch: ZonewatchApi }).zonewatch.palette.list(), (window as unknown as { zonewatch: ZonewatchApi }).zonewatch.accounts.list()]);
    if (!list.ok || !accounts.ok) return [];
    const a = accounts.value.accounts.find((account) => account.label === 'Client A')!;
    return list.value.accounts.find((account) => account.profileId === a.profileId)!.zones.map((z) => z.zoneId);
  });
  expect(zoneIds.length).toBeGreaterThan(0);
  for (const zoneId of zoneIds) expect(await serviceSays(serviceA, zoneId), zoneId).not.toBe(true);
});
