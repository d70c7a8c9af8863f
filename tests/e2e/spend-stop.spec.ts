import { expect, test } from '@playwright/test';
import type { Zone } from '../../shared/api/zone';
import { DEMO_PROFILE_ID } from '../../shared/settings';
import { expectNoA11yViolations } from './axe';
import { go, openApp, serviceCall, startPreview, type PreviewStack } from './preview';

let stack: PreviewStack;
test.beforeAll(async () => {
  stack = await startPreview();
});
test.afterAll(async () => {
  await stack?.stop();
});

/** Every seeded zone as the service holds it now. */
async function serviceZones(): Promise<Map<string, Zone>> {
  const ids = stack.service.seeded.zoneIds;
  const zones = new Map<string, Zone>();
  for (let i = 0; i < ids.length; i += 10) {
    const body = await serviceCall(stack, 'GET', `/v1/zones/${ids.slice(i, i + 10).join(',')}`);
    for (const zone of body.zones as Zone[]) zones.set(zone.zone_id, zone);
  }
  return zones;
}

test('stop all spend from the window, see what still runs, and restore exactly what was stopped', async ({ page }) => {
  const before = await serviceZones();
  const known = new Set(Object.keys(stack.core.snapshot(DEMO_PROFILE_ID)!.zones));
  const running = [...before.values()].filter((z) => z.enabled && known.has(z.zone_id)).map((z) => z.zone_id);
  const failing = running[0]!;
  await serviceCall(stack, 'POST', '/_control/faults', { failZoneIds: [failing] });

  await openApp(page, stack);
  await page.getByRole('button', { name: 'Stop all spend…' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(`disable ${running.length} zones that spent`);
  await expectNoA11yViolations(page, 'the stop confirmation');
  await confirm.getByRole('button', { name: `Disable ${running.length} zones` }).click();

  const report = page.getByRole('status', { name: 'Stop report' });
  await expect(report).toContainText(`Disabled ${running.length - 1} zones.`);
  await expect(report).toContainText('1 zone still running');
  await expect(page.getByText(`1 of ${running.length} zones still running`)).toBeVisible();
  await expectNoA11yViolations(page, 'the stop report and record');
  const stopped = await serviceZones();
  for (const [id, zone] of before) {
    // Zone by zone: every running zone the app knows is off but the failing one; the rest as they were.
    expect(stopped.get(id)?.enabled, id).toBe(running.includes(id) ? id === failing : zone.enabled);
  }

  // The record outlives a reload of the window, and the retry touches only the zone left running.
  await serviceCall(stack, 'POST', '/_control/faults', {});
  await page.reload();
  await expect(page.getByText(`1 of ${running.length} zones still running`)).toBeVisible();
  await page.getByRole('button', { name: 'Retry stopping 1 zone…' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Try again to disable the 1 zone still running?');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Disable 1 zone' }).click();
  await expect(page.getByRole('status', { name: 'Stop report' })).toContainText('Disabled 1 zone.');
  await expect(page.getByText(`Spend stopped — ${running.length} zones off`)).toBeVisible();
  await expect.poll(async () => (await serviceZones()).get(failing)?.enabled).toBe(false);

  // The person turns one zone back on elsewhere; Restore leaves it and turns the others back on.
  const reEnabled = running[1]!;
  await serviceCall(stack, 'PUT', `/v1/zones/${reEnabled}`, { enabled: true });
  await go(page, 'Zones');
  await page.getByRole('button', { name: `Restore ${running.length} zones` }).click();
  await expect(page.getByRole('status', { name: 'Stop report' })).toContainText(`Turned ${running.length - 1} zones back on. 1 zone already back on`);
  await expect(page.getByText(/zones still running|Spend stopped/)).toHaveCount(0);
  const restored = await serviceZones();
  for (const [id, zone] of before) expect(restored.get(id)?.enabled, id).toBe(zone.enabled);
});

test('a zone-spend notification leads to that zone with its switch under the keyboard', async ({ page }) => {
  const zoneId = stack.service.seeded.perGigabyteDatacenterZoneId;
  await serviceCall(stack, 'PUT', `/v1/zones/${zoneId}`, { enabled: true });
  await openApp(page, stack);
  const off = { enabled: false };
  const settings = await stack.core.invoke('settings:update', {
    alerts: {
      spendToday: off, spendMonth: off, spike: off, zoneSpike: off, lowBalance: off, runway: off, trialExpiry: off,
      minimumShortfall: off, zoneState: off, billing: off, connection: off,
      // Only this zone has a threshold it is over.
      zoneSpendToday: { enabled: true, thresholdCents: 1_000_000_000, perZoneCents: { [zoneId]: 0.01 } },
    },
  });
  expect(settings.ok).toBe(true);
  await stack.core.invoke('poll:refresh', { profileId: DEMO_PROFILE_ID });
  const name = stack.core.snapshot(DEMO_PROFILE_ID)!.zones[zoneId]!.zone.name;

  // The browser preview's toast stands in for the native notification, with its action.
  const toast = page.locator('#toasts .toast').filter({ hasText: name });
  await toast.getByRole('button', { name: `Disable ${name}…` }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const toggle = page.getByRole('switch', { name: `Zone ${name} enabled` });
  await expect(toggle).toBeFocused();
  await page.keyboard.press('Space');
  // The zone carries connections, so the window asks first, as the tray does; the keyboard confirms.
  const ask = page.getByRole('alertdialog', { name: `Disable zone “${name}”?` });
  await expect(ask.getByRole('button', { name: 'Disable zone' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await serviceZones()).get(zoneId)?.enabled).toBe(false);

  // The notification list offers the same action.
  await go(page, 'Notifications');
  await expect(page.getByRole('button', { name: `Disable ${name}…` }).first()).toBeVisible();
});
