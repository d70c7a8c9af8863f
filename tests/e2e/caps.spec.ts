import { expect, test } from '@playwright/test';
import type { Zone } from '../../shared/api/zone';
import { DEMO_PROFILE_ID } from '../../shared/settings';
import { expectNoA11yViolations } from './axe';
import { alertText } from '../../shared/caps-text';
import { zoneDisplayName } from '../../shared/zone-name';
import { go, openApp, serviceCall, serviceZone, startPreview, type PreviewStack } from './preview';

let stack: PreviewStack;
test.beforeAll(async () => {
  stack = await startPreview();
});
test.afterAll(async () => {
  await stack?.stop();
});

async function serviceZones(): Promise<Map<string, Zone>> {
  const ids = stack.service.seeded.zoneIds;
  const zones = new Map<string, Zone>();
  for (let i = 0; i < ids.length; i += 10) {
    const body = await serviceCall(stack, 'GET', `/v1/zones/${ids.slice(i, i + 10).join(',')}`);
    for (const zone of body.zones as Zone[]) zones.set(zone.zone_id, zone);
  }
  return zones;
}
const alertOf = (zone: Zone | undefined) => (zone?.alert ? { type: zone.alert.type, threshold: zone.alert.threshold, action: zone.alert.action } : null);

test('caps on every zone of the demo in one action, previewed first, then undone exactly', async ({ page }) => {
  const before = await serviceZones();
  const known = [...Object.keys(stack.core.snapshot(DEMO_PROFILE_ID)!.zones)];
  await openApp(page, stack);
  await go(page, 'Zones');
  await page.getByRole('button', { name: 'Caps…' }).click();
  await expect(page.getByRole('heading', { name: 'Caps', level: 1 })).toBeVisible();
  const capped = known.filter((id) => before.get(id)?.alert).length;
  await expect(page.getByRole('status', { name: 'Cap coverage' })).toContainText(`Caps on ${capped} of ${known.length} zones`);
  await expectNoA11yViolations(page, 'the caps view');

  await page.getByRole('button', { name: 'Set caps…' }).click();
  const form = page.getByRole('form', { name: 'Set caps' });
  await expect(form.getByText(`${known.length} zones picked`)).toBeVisible();
  await form.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('region', { name: 'Caps preview' });
  await expect(preview.getByRole('list', { name: 'Changes' })).toBeVisible();
  await expectNoA11yViolations(page, 'the caps preview');
  // Nothing is sent before the person applies it.
  for (const id of known) expect(alertOf((await serviceZones()).get(id)), id).toEqual(alertOf(before.get(id)));
  const apply = preview.getByRole('button', { name: /^Set caps on \d+ zones$/ });
  const changed = Number((await apply.textContent())!.match(/\d+/)![0]);
  await apply.click();
  await expect(page.getByRole('status', { name: 'Caps report' })).toContainText(`Set the cap on ${changed} zones.`);
  await expect(page.getByRole('status', { name: 'Cap coverage' })).toContainText(`Caps on ${known.length} of ${known.length} zones`);
  const after = await serviceZones();
  for (const id of known) expect(after.get(id)?.alert?.action, id).toBe('disable_and_send_notification');

  await page.getByRole('region', { name: 'Caps set by Zonewatch' }).getByRole('button', { name: `Undo caps on ${changed} zones` }).click();
  await expect(page.getByRole('status', { name: 'Caps report' })).toContainText(`Put back the earlier alert of ${changed} zones.`);
  await expect(page.getByRole('status', { name: 'Cap coverage' })).toContainText(`Caps on ${capped} of ${known.length} zones`);
  const undone = await serviceZones();
  for (const id of known) expect(alertOf(undone.get(id)), id).toEqual(alertOf(before.get(id)));
});

test('a zone whose cap was changed elsewhere after the preview is left by Apply, said so, and previewed again with its new cap', async ({ page }) => {
  const snapshot = stack.core.snapshot(DEMO_PROFILE_ID)!;
  const before = await serviceZones();
  await openApp(page, stack);
  await go(page, 'Zones');
  await page.getByRole('button', { name: 'Caps…' }).click();
  await page.getByRole('button', { name: 'Set caps…' }).click();
  await page.getByRole('form', { name: 'Set caps' }).getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('region', { name: 'Caps preview' });
  const line = preview.getByRole('list', { name: 'Changes' }).getByRole('listitem').first();
  const name = (await line.locator('strong').textContent())!;
  const elsewhere = Object.values(snapshot.zones).find(({ zone }) => zoneDisplayName(zone) === name)!.zone.zone_id;
  const theirs = { type: 'dollars_per_month', threshold: 77, action: 'send_notification' } as const;
  await serviceCall(stack, 'PUT', `/v1/zones/${elsewhere}`, { alert: theirs });

  const apply = preview.getByRole('button', { name: /^Set caps on \d+ zones$/ });
  const changed = Number((await apply.textContent())!.match(/\d+/)![0]);
  await apply.click();
  const report = page.getByRole('status', { name: 'Caps report' });
  await expect(report).toContainText(`Set the cap on ${changed - 1} zones. 1 zone changed since the preview, left as it is.`);
  await expect(report.getByRole('list', { name: 'Zones and why' })).toContainText(`${name}: Its cap was changed since the preview: left as it is.`);
  expect(alertOf(await serviceZone(stack, elsewhere))).toEqual(theirs);
  await expectNoA11yViolations(page, 'a caps report with a zone changed since the preview');

  await report.getByRole('button', { name: 'Preview again' }).click();
  await expect(preview.getByRole('list', { name: 'Changes' }).getByRole('listitem').filter({ hasText: name })).toContainText(`${alertText(theirs)} → `);
  await preview.getByRole('button', { name: 'Set caps on 1 zone' }).click();
  await expect(report).toContainText('Set the cap on 1 zone.');
  await page.getByRole('region', { name: 'Caps set by Zonewatch' }).getByRole('button', { name: `Undo caps on ${changed} zones` }).click();
  await expect(report).toContainText(`Put back the earlier alert of ${changed} zones.`);
  // Undo puts back what each zone held when Zonewatch set its cap: the cap set elsewhere, on that one.
  const undone = await serviceZones();
  for (const id of Object.keys(snapshot.zones)) expect(alertOf(undone.get(id)), id).toEqual(id === elsewhere ? theirs : alertOf(before.get(id)));
  await serviceCall(stack, 'PUT', `/v1/zones/${elsewhere}`, { alert: alertOf(before.get(elsewhere)) });
});

test('the account cap form says it holds only while Zonewatch runs', async ({ page }) => {
  await openApp(page, stack);
  await go(page, 'Zones');
  await page.getByRole('button', { name: 'Caps…' }).click();
  const form = page.getByRole('form', { name: 'Account cap' });
  await expect(form.getByRole('note')).toContainText('This works only while Zonewatch runs');
  await form.getByLabel('Stop all spend when spend today passes ($)').fill('5000');
  await form.getByRole('button', { name: 'Turn on' }).click();
  await expect(form.getByRole('status', { name: 'Account cap state' })).toContainText('On: $5,000.00 a day.');
  await form.getByRole('button', { name: 'Turn off' }).click();
  await expect(form.getByRole('status', { name: 'Account cap state' })).toHaveText('Off.');
});

test.describe('caps of an account with many zones', () => {
  const ZONES = 400;
  let many: PreviewStack;
  test.beforeAll(async () => {
    many = await startPreview({ service: { zones: ZONES } });
  });
  test.afterAll(async () => {
    await many?.stop();
  });

  test('the zones scroll in their own box and the account cap form is in reach without scrolling past them', async ({ page }) => {
    const known = Object.keys(many.core.snapshot(DEMO_PROFILE_ID)!.zones).length;
    await openApp(page, many);
    await go(page, 'Zones');
    await page.getByRole('button', { name: 'Caps…' }).click();
    const table = page.getByRole('table', { name: 'Caps by zone' });
    await expect(table).toHaveAttribute('aria-rowcount', String(known + 1));
    // Only what shows is drawn, however many zones.
    expect(await table.getByRole('rowheader').count()).toBeLessThan(60);
    await expectNoA11yViolations(page, 'the caps view of many zones');

    const list = table.locator('.caps-list');
    const last = table.locator(`[role="row"][aria-rowindex="${known + 1}"]`);
    // Scrolled to its end (rows are measured as they come, so the end may move once), the list
    // shows its last zone inside its own box: the list scrolled, not the page.
    await expect(async () => {
      await list.evaluate((box) => box.scrollTo({ top: box.scrollHeight }));
      const [box, row] = [await list.boundingBox(), await last.boundingBox()];
      expect(row).not.toBeNull();
      expect(row!.y).toBeGreaterThanOrEqual(box!.y);
      expect(row!.y + row!.height).toBeLessThanOrEqual(box!.y + box!.height + 1);
    }).toPass({ timeout: 5_000 });

    await page.getByRole('button', { name: 'Account cap' }).click();
    const form = page.getByRole('form', { name: 'Account cap' });
    await expect(form.getByLabel('Stop all spend when spend today passes ($)')).toBeFocused();
    await expect(form.getByLabel('Stop all spend when spend today passes ($)')).toBeInViewport();
  });
});
