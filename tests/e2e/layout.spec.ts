import { expect, test, type Page } from '@playwright/test';
import { DEMO_PROFILE_ID } from '../../shared/settings';
import { expectNoA11yViolations } from './axe';
import { expectSoundLayout, layoutProblems } from './layout-check';
import { go, openZone, startPreview, type PreviewStack } from './preview';

// The window's real size, its minimum, a large window, and text zoomed to 200 % (WCAG's reflow
// width of 320 CSS px). Every view at every size, light and dark: nothing wider than the window,
// nothing cut off, no rows over one another, and no axe violation of any impact.
const SIZES = [
  { name: 'the window’s 420×640', width: 420, height: 640 },
  { name: 'the minimum 360×480', width: 360, height: 480 },
  { name: '320 px wide (text at 200 %)', width: 320, height: 480 },
  { name: 'a large 1280×800 window', width: 1280, height: 800 },
] as const;
const SECTIONS = ['Overview', 'Zones', 'History', 'Billing', 'Account', 'Plans', 'Users', 'Notifications', 'Settings'] as const;
const SCHEMES = ['light', 'dark'] as const;

let stack: PreviewStack;
test.beforeAll(async () => {
  stack = await startPreview({ firstRun: true });
});
test.afterAll(async () => {
  await stack?.stop();
});

async function settle(page: Page): Promise<void> {
  await expect(page.getByRole('status').filter({ hasText: /^Loading / })).toHaveCount(0);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

async function check(page: Page, what: string): Promise<void> {
  for (const scheme of SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme });
    await settle(page);
    await expectSoundLayout(page, `${what} (${scheme})`);
    await expectNoA11yViolations(page, `${what} (${scheme})`);
  }
}

async function openDemo(page: Page): Promise<void> {
  await page.goto(stack.url);
  const demo = page.getByRole('button', { name: 'Try the demo account' });
  const nav = page.getByRole('navigation', { name: 'Sections' });
  await expect(demo.or(nav)).toBeVisible();
  if (await demo.isVisible()) await demo.click();
  await expect(nav).toBeVisible();
}

test('the layout check finds a piece wider than the window, a cut-off field, rows drawn over one another, a squeezed caption and a head broken inside a word', async ({ page }) => {
  await page.setViewportSize({ width: 420, height: 640 });
  await page.setContent(`
    <main>
      <table><tbody><tr><td style="white-space: nowrap">${'wide '.repeat(40)}</td></tr></tbody></table>
      <input style="width: 80px" value="CommandOrControl+Shift+Z">
      <p style="width: 60px">$10,000.00</p>
      <div role="list"><div role="presentation" style="position: relative; height: 80px">
        <div role="listitem" style="position: absolute; top: 0; height: 40px; width: 100%"><p style="margin: 0; height: 60px">first row, taller than its slot</p></div>
        <div role="listitem" style="position: absolute; top: 40px; height: 40px; width: 100%"><p style="margin: 0">second row</p></div>
      </div></div>
      <table style="display: block; width: 100%"><caption>Costs after the change</caption><tbody><tr><td>1</td></tr></tbody></table>
      <table style="display: block"><thead style="display: block"><tr style="display: grid; grid-template-columns: 45px 60px">
        <th style="display: block; overflow-wrap: break-word">Growth ($2,000/month)</th><th style="display: block">Pay as you go</th>
      </tr></thead></table>
    </main>`);
  const problems = (await layoutProblems(page)).join('\n');
  expect(problems).toMatch(/the page scrolls sideways/);
  expect(problems).toMatch(/<td> “wide wide.*reaches/);
  expect(problems).toMatch(/<input> .*cuts off its content/);
  expect(problems).toMatch(/<p> “\$10,000.00” spills out of its box/);
  expect(problems).toMatch(/<div> “first row, taller than its slot” and <div> “second row” overlap/);
  expect(problems).toMatch(/<caption> “Costs after the change” is narrower than its table/);
  expect(problems).toMatch(/<th> “Growth \(\$2,000\/month\)” breaks the word “[^|”]+\|[^”]+” across lines/);
  // Words wrapped between them are fine, as in the head beside it.
  expect(problems).not.toMatch(/Pay as you go/);
});

test('the first-run screen fits every size', async ({ page }) => {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.goto(stack.url);
    await expect(page.getByRole('heading', { name: 'Welcome to Zonewatch', level: 1 })).toBeVisible();
    await check(page, `first run at ${size.name}`);
  }
});

for (const size of SIZES) {
  test(`every view fits ${size.name}, light and dark`, async ({ page }) => {
    test.setTimeout(360_000);
    await page.setViewportSize(size);
    await openDemo(page);
    for (const section of SECTIONS) {
      await go(page, section);
      await expect(page.getByRole('heading', { name: section, level: 1 })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await check(page, `${section} at ${size.name}`);
    }

    // Settings › Channels with its form open, and the delivery log it leads to (not in the section bar).
    await go(page, 'Settings');
    await page.getByRole('button', { name: 'Add a channel…' }).click();
    await page.getByRole('form', { name: 'Add a channel' }).getByLabel('Service').selectOption('ntfy');
    await check(page, `Settings › Channels adding ntfy at ${size.name}`);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Delivery log' }).click();
    await expect(page.getByRole('heading', { name: 'Delivery log', level: 1 })).toBeVisible();
    await check(page, `Delivery log at ${size.name}`);

    await go(page, 'Zones');
    await page.getByRole('button', { name: /^Filters/ }).click();
    await check(page, `Zones with the filters open at ${size.name}`);

    await go(page, 'History');
    await page.getByRole('table', { name: /UTC days: spend per day$/ }).locator('button:not([aria-disabled])').first().click();
    await expect(page.getByRole('region', { name: /\(UTC\)$/ }).getByRole('row').nth(1)).toBeVisible();
    await check(page, `History with a day's zones at ${size.name}`);

    const more = page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: /^More sections/ });
    if (await more.isVisible()) {
      await more.click();
      await expectSoundLayout(page, `the More menu at ${size.name}`);
      await expectNoA11yViolations(page, `the More menu at ${size.name}`);
      await page.keyboard.press('Escape');
    }

    await openZone(page, stack.service.seeded.reservedDatacenterZoneId);
    await page.getByText('Show the days as a table').click();
    await check(page, `a zone with its 90 days as a table at ${size.name}`);
    await page.getByRole('button', { name: 'Edit zone' }).click();
    await check(page, `a zone with its edit form at ${size.name}`);
    const pool = page.getByLabel('Pool size (IPs)');
    await pool.fill(String(Number(await pool.inputValue()) + 2));
    await page.getByRole('button', { name: 'Review changes' }).click();
    await expect(page.getByRole('region', { name: 'Cost preview' })).toBeVisible();
    await check(page, `a zone change's cost preview at ${size.name}`);

    const switcher = page.getByRole('combobox', { name: 'Account' });
    await switcher.selectOption({ label: 'All accounts' });
    await expect(page.getByRole('heading', { name: 'All accounts', level: 1 })).toBeVisible();
    await check(page, `All accounts at ${size.name}`);
    await switcher.selectOption({ label: 'Add account…' });
    await expect(page.getByRole('heading', { name: 'Add an account', level: 1 })).toBeVisible();
    await check(page, `Add an account at ${size.name}`);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await switcher.selectOption(DEMO_PROFILE_ID);
    await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  });
}

test('zone rows are as tall as their content, so none runs into the next', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 480 });
  await openDemo(page);
  await go(page, 'Zones');
  const rows = page.getByRole('list', { name: 'Zones' }).getByRole('listitem');
  await expect(rows.first()).toBeVisible();
  const boxes = await rows.evaluateAll((items) =>
    items.map((item) => {
      const row = item.firstElementChild!.getBoundingClientRect();
      const slot = item.getBoundingClientRect();
      return { slotTop: slot.top, slotBottom: slot.bottom, rowBottom: row.bottom };
    }),
  );
  expect(boxes.length).toBeGreaterThan(2);
  boxes.sort((a, b) => a.slotTop - b.slotTop);
  for (let i = 0; i < boxes.length; i++) {
    expect(boxes[i]!.rowBottom).toBeLessThanOrEqual(boxes[i]!.slotBottom + 0.5);
    if (i > 0) expect(boxes[i]!.slotTop).toBeGreaterThanOrEqual(boxes[i - 1]!.slotBottom - 0.5);
  }
});

test('the Zones list ends inside the window at every size, and scrolling it to its end leaves the page where it is', async ({ page }) => {
  await openDemo(page);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await go(page, 'Zones');
    const list = page.getByRole('list', { name: 'Zones' });
    await expect(list.getByRole('listitem').first()).toBeVisible();
    await settle(page);
    const fit = await list.evaluate((el) => {
      window.scrollTo(0, 0);
      const frame = el.closest('.zone-table')!.getBoundingClientRect();
      return { bottom: frame.bottom, room: window.innerHeight, listHeight: el.clientHeight, scrolls: el.scrollHeight > el.clientHeight };
    });
    expect(fit.bottom, `the list's frame at ${size.name}`).toBeLessThanOrEqual(fit.room);
    expect(fit.scrolls, `25 zones overflow the list at ${size.name}`).toBe(true);
    const box = (await list.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + Math.min(box.height, size.height - box.y) / 2);
    for (let i = 0; i < 12; i++) await page.mouse.wheel(0, 800);
    await expect.poll(() => list.evaluate((el) => el.scrollTop + el.clientHeight >= el.scrollHeight - 1)).toBe(true);
    await page.mouse.wheel(0, 800);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await page.evaluate(() => window.scrollY), `the page under the list at ${size.name}`).toBe(0);
    await list.evaluate((el) => (el.scrollTop = 0));
  }
});
