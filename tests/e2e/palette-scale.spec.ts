import { expect, test, type Page } from '@playwright/test';
import { mulberry32, pick, type Random } from '../../electron/service/prng';
import type { RunningService } from '../../electron/service/start-service';
import type { ZonewatchApi } from '../../shared/ipc';
import { expectNoA11yViolations } from './axe';
import { expectSoundLayout } from './layout-check';
import { activeRow, keyCounter, openWithThreeAccounts, paletteField, serviceSays, startThreeAccounts, stopThreeAccounts, type ThreeAccounts } from './palette-keys';

// The command palette at the scale the issue measured it (docs/desktop.md › The command palette):
// three local services watched as three accounts, the preview's demo, "Client A" and "Client B",
// about 5,000 zones in all. The services' seeded names repeat in every account, so the zones the
// person looks for are renamed over the service's own API, as anyone could, before the app reads them.
const ZONES_PER_CLIENT = 2_490;
const TARGETS = 10;
/** Names that start with a word none of the seeded names has, each ending in a word some decoys share. */
const FIRST_WORDS = ['Juniper', 'Vireo', 'Tamarind', 'Heron', 'Saffron', 'Nutmeg', 'Quartz', 'Kestrel', 'Walnut', 'Lupine'];
const LAST_WORDS = ['harbor', 'mill', 'relay', 'garden', 'bridge', 'lantern', 'orchard', 'beacon', 'meadow', 'canyon'];

let accounts: ThreeAccounts;
/** What the person looks for in Client B, and what they type for it. */
const targets: { zoneId: string; name: string; typed: string }[] = [];

// Minutes, not seconds: on a loaded machine the three services and 5,000 zones take a while to read.
test.describe.configure({ timeout: 480_000 });

async function rename(service: RunningService, zoneId: string, name: string): Promise<void> {
  const res = await fetch(`${service.url}/v1/zones/${zoneId}`, { method: 'PUT', headers: { 'x-api-key': service.keys.admin, 'content-type': 'application/json' }, body: JSON.stringify({ name }) });
  expect(res.ok, `renaming ${zoneId}`).toBe(true);
}

async function isRunning(service: RunningService, zoneId: string): Promise<boolean> {
  const res = await fetch(`${service.url}/v1/zones/${zoneId}`, { headers: { 'x-api-key': service.keys.admin } });
  const zone = ((await res.json()) as { zones: { enabled: boolean; provisioning_status: string }[] }).zones[0]!;
  return zone.enabled && zone.provisioning_status === 'provisioned';
}

/** Zones of the service that the app discovers, in a seeded order. */
function discoverable(service: RunningService, random: Random): string[] {
  const hidden = new Set(service.seeded.undiscoveredZoneIds);
  const ids = service.seeded.zoneIds.filter((id) => !hidden.has(id));
  for (let i = ids.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [ids[i], ids[j]] = [ids[j]!, ids[i]!];
  }
  return ids;
}

/** The name with two neighbouring letters of its first word swapped, among its first five (later ones are never typed). */
function withSwap(name: string, random: Random): string {
  const word = name.split(' ')[0]!;
  const at = pick(random, [1, 2, 3].filter((i) => i + 1 < word.length && word[i] !== word[i + 1]));
  return name.slice(0, at) + name[at + 1]! + name[at]! + name.slice(at + 2);
}

test.beforeAll(async () => {
  test.setTimeout(480_000);
  accounts = await startThreeAccounts(ZONES_PER_CLIENT);
  const { stack, serviceA, serviceB } = accounts;
  const random = mulberry32(37);
  // Ten running zones of Client B, drawn by the seed; the first five are typed with a slip.
  const pool = discoverable(serviceB, random);
  for (const zoneId of pool) {
    if (targets.length === TARGETS) break;
    const i = targets.length;
    const name = `${FIRST_WORDS[i]} ${LAST_WORDS[i]}`;
    if (!(await isRunning(serviceB, zoneId))) continue;
    await rename(serviceB, zoneId, name);
    targets.push({ zoneId, name, typed: (i < TARGETS / 2 ? withSwap(name, random) : name).toLowerCase() });
  }
  expect(targets).toHaveLength(TARGETS);
  // Decoys in the other two accounts share both words of each name, in another order or after another
  // word: "Harbor juniper" in Client A, "Old juniper harbor" in the demo.
  const decoysA = discoverable(serviceA, random);
  const decoysDemo = discoverable(stack.service, random);
  for (const [i, target] of targets.entries()) {
    const [first, last] = target.name.split(' ') as [string, string];
    await rename(serviceA, decoysA[i]!, `${last.charAt(0).toUpperCase()}${last.slice(1)} ${first.toLowerCase()}`);
    await rename(stack.service, decoysDemo[i]!, `Old ${first.toLowerCase()} ${last}`);
  }
});
test.afterAll(() => stopThreeAccounts(accounts));

/** The three accounts, once the palette's list holds every zone of each, renamed. */
async function withThreeAccounts(page: Page): Promise<void> {
  await openWithThreeAccounts(page, accounts);
  await expect
    .poll(
      async () =>
        page.evaluate(async (names) => {
          const api = (window as unknown as { zonewatch: ZonewatchApi }).zonewatch;
          // The demo read its zones before they were renamed: each poll asks again.
          await api.poll.refreshAll();
          const list = await api.palette.list();
          if (!list.ok) return 'unread';
          const zones = list.value.accounts.flatMap((a) => a.zones);
          const known = new Set(zones.map((z) => z.name));
          return zones.length > 4_900 && names.every((name) => known.has(name)) ? 'ready' : `${zones.length} zones`;
        }, [...targets.map((t) => t.name), 'Old juniper harbor', 'Harbor juniper']),
      { timeout: 120_000, intervals: [2_000] },
    )
    .toBe('ready');
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Sections' })).toBeVisible();
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;

/*
 * The typing policy (docs/desktop.md › The command palette): after the shortcut, the person types
 * the zone's name as they remember it, one key at a time — for five of the ten with two neighbouring
 * letters swapped, a slip they do not go back to fix. After each key they look at the active row:
 * once it is the zone (its name, its id and Client B), they press Enter; if the palette asks (the
 * zone has open connections), Enter again. Every key after the shortcut counts, up to the zone
 * turned off as the service reads it.
 */
test('ten zones of the third account among 5,000, five typed with a swap, are each turned off in at most 7 keys, 5 at the median', async ({ page }) => {
  await withThreeAccounts(page);
  const counts: number[] = [];
  for (const target of targets) {
    await page.keyboard.press('Control+k');
    await expect(paletteField(page)).toBeFocused();
    await expect(page.locator('.palette-message')).toHaveText(/results?$/);
    const keys = keyCounter(page);
    let found = false;
    for (let typed = 1; typed <= target.typed.length && !found; typed++) {
      await keys.type(target.typed[typed - 1]!);
      // The field and the list are drawn from the same store update: once the field shows it, the list does.
      await expect(paletteField(page)).toHaveValue(target.typed.slice(0, typed));
      // Nothing found has no active row: read what there is without waiting for one.
      const row = (await activeRow(page).allTextContents()).join('');
      found = row.includes(target.name) && row.includes(target.zoneId) && row.includes('Client B');
    }
    expect(found, `“${target.typed}” typed key by key makes “${target.name}” of Client B the active row`).toBe(true);
    await keys.press('Enter');
    const confirm = page.getByRole('button', { name: 'Disable zone' });
    const done = page.getByRole('status').filter({ hasText: 'is now off' });
    // How long the service takes is not a key: on a loaded machine a toggle took past the 10 s default.
    await expect(confirm.or(done)).toBeVisible({ timeout: 60_000 });
    if (await confirm.isVisible()) {
      await expect(confirm).toBeFocused();
      await keys.press('Enter');
    }
    await expect(done).toContainText(`“${target.name}” of Client B is now off.`, { timeout: 60_000 });
    await expect.poll(() => serviceSays(accounts.serviceB, target.zoneId), { message: `${target.zoneId} off on the service` }).toBe(false);
    counts.push(keys.count);
    await page.keyboard.press('Escape');
    await expect(paletteField(page)).toHaveCount(0);
  }
  const summary = targets.map((t, i) => `${t.typed}: ${counts[i]}`).join(', ');
  console.log(`palette keys per zone, after the shortcut: ${summary}; median ${median(counts)}, most ${Math.max(...counts)}`);
  expect(Math.max(...counts), `the most keys for one zone (${summary})`).toBeLessThanOrEqual(7);
  expect(median(counts), `the median keys per zone (${summary})`).toBeLessThanOrEqual(5);
});

test('with thousands of results scrolled, the palette is accessible, light and dark, at 420×640 and 320×480, and its list is a Tab stop with the field’s keys', async ({ page }) => {
  await withThreeAccounts(page);
  const list = page.getByRole('listbox', { name: 'Results' });
  const scroller = page.locator('.palette-scroller');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const size of [
      { width: 420, height: 640 },
      { width: 320, height: 480 },
    ]) {
      const what = `the palette with thousands of results scrolled, ${scheme}, ${size.width}×${size.height}`;
      await page.setViewportSize(size);
      await page.keyboard.press('Control+k');
      await expect(paletteField(page)).toBeFocused();
      // Every zone of Client A and Client B names its account.
      await page.keyboard.type('client');
      await expect(page.locator('.palette-message')).toHaveText(/^[\d,]+ results$/);
      const count = Number((await page.locator('.palette-message').textContent())!.replace(/\D/g, ''));
      expect(count, what).toBeGreaterThan(4_000);
      for (let i = 0; i < 6; i++) await page.keyboard.press('PageDown');
      await expect(activeRow(page)).toBeVisible();
      expect(await scroller.evaluate((el) => el.scrollTop), what).toBeGreaterThan(0);
      await expectNoA11yViolations(page, what);
      await expectSoundLayout(page, what);

      // Tab reaches the list (past the Close button); ↓ there moves the active row, a letter goes on in the field.
      const before = (await activeRow(page).getAttribute('id'))!;
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await expect(list).toBeFocused();
      await expect(list).toHaveAttribute('aria-activedescendant', before);
      await page.keyboard.press('ArrowDown');
      await expect(activeRow(page)).not.toHaveAttribute('id', before);
      await expect(list).toHaveAttribute('aria-activedescendant', (await activeRow(page).getAttribute('id'))!);
      await page.keyboard.type(' b');
      await expect(paletteField(page)).toBeFocused();
      await expect(paletteField(page)).toHaveValue('client b');
      await page.keyboard.press('Escape');
      await expect(paletteField(page)).toHaveCount(0);
    }
  }
});
