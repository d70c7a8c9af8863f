/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// `npm run screenshots`: every view in light and dark, over the bridge, with the local service's
// clock pinned (and the page's clock with it) so that the pictures come out the same each run.
// Writes docs/screenshots/<view>-<theme>.png. Not part of `npm test`.
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { startPreviewStack } from '../tests/bridge/preview-stack';

const NOW = '2026-11-20T14:30:00Z';
const OUT = resolve('docs/screenshots');
const THEMES = ['light', 'dark'] as const;
const VIEWS: [file: string, section: string, heading: string][] = [
  ['overview', 'Overview', 'Top zones by spend today'],
  ['zones', 'Zones', 'Zones'],
  ['billing', 'Billing', 'Billing'],
  ['account', 'Account', 'Profile'],
  ['plans', 'Plans', 'Plan advisor'],
  ['users', 'Users', 'Users'],
  ['notifications', 'Notifications', 'Notifications'],
  ['settings', 'Settings', 'Alert rules'],
];

async function shoot(page: Page, name: string): Promise<void> {
  // In-page stand-ins for native notifications would cover the view.
  await page.evaluate(() => document.getElementById('toasts')?.remove());
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
    await page.waitForTimeout(150);
    await page.screenshot({ path: join(OUT, `${name}-${theme}.png`), fullPage: true, animations: 'disabled' });
  }
}

await mkdir(OUT, { recursive: true });
const stack = await startPreviewStack({ firstRun: true, service: { now: NOW, zones: 25 } });
const browser = await chromium.launch({ executablePath: process.env.ZW_CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
try {
  const page = await browser.newPage({ viewport: { width: 760, height: 900 }, deviceScaleFactor: 1 });
  await page.clock.setFixedTime(new Date(Date.parse(NOW) + 5 * 60_000));
  await page.goto(stack.url);
  await page.getByRole('heading', { name: 'Welcome to Zonewatch' }).waitFor();
  await shoot(page, 'first-run');

  await page.getByRole('button', { name: 'Try the demo account' }).click();
  await page.getByRole('navigation', { name: 'Sections' }).waitFor();
  // A few updates so that the chart has points to draw.
  for (let i = 0; i < 4; i++) {
    await stack.service.control.advance(300);
    await stack.core.invoke('poll:refresh', undefined);
  }
  await stack.core.invoke('notifications:test', { rule: 'spendToday' });
  for (const [file, section, heading] of VIEWS) {
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: section, exact: true }).click();
    await page.getByRole('heading', { name: heading, exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(400);
    await shoot(page, file);
  }
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Zones', exact: true }).click();
  await page.getByRole('searchbox', { name: 'Search' }).fill(stack.service.seeded.reservedDatacenterZoneId);
  await page.getByRole('list', { name: 'Zones' }).getByRole('listitem').first().getByRole('button').first().click();
  await page.getByRole('button', { name: 'Edit zone' }).waitFor();
  await shoot(page, 'zone');
  console.log(`screenshots: wrote ${(VIEWS.length + 2) * THEMES.length} files to ${OUT}`);
} finally {
  await browser.close();
  await stack.stop();
}
