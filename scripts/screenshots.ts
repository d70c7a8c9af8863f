/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// `npm run screenshots`: every view in light and dark, over the bridge. The local service's clock
// starts at a pinned time and only moves when this script moves it; the core runs on that clock
// and the page's clock and time zone are pinned too, so the pictures come out the same each run.
// Writes docs/screenshots/<view>-<theme>.png. Not part of `npm test`.
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { startService } from '../electron/service/start-service';
import { startPreviewStack } from '../electron/web/preview-stack';
import { DEMO_PROFILE_ID } from '../shared/settings';

/** The morning the demo account is opened, and the afternoon the pictures are taken. */
const START = '2026-11-20T06:30:00Z';
const NOW = '2026-11-20T14:30:00Z';
/** Simulated seconds between poll cycles while the history builds up (a tray app left open). */
const STEP_SECONDS = 120;
const OUT = resolve('docs/screenshots');
const THEMES = ['light', 'dark'] as const;
/** The window's real size (electron/main/window-size.ts): the pictures show what users get. */
const WINDOW = { width: 420, height: 640 };
/** One picture of a large window, to show how the layout grows. */
const LARGE = { width: 1280, height: 800 };
/** A second account beside the demo, for "All accounts": a local service on the same pinned morning. */
const CLIENT_B = { label: 'Client B', color: 'orange', apiKey: 'screenshots-client-b-0000000000000000' } as const;
const VIEWS: [file: string, section: string][] = [
  ['overview', 'Overview'],
  ['zones', 'Zones'],
  ['history', 'History'],
  ['billing', 'Billing'],
  ['account', 'Account'],
  ['plans', 'Plans'],
  ['users', 'Users'],
  ['notifications', 'Notifications'],
  ['settings', 'Settings'],
];

/** Opens a section from the bar, or from its "More" menu when the window is too narrow to show it. */
async function go(page: Page, section: string): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Sections' });
  const button = nav.getByRole('button', { name: section, exact: true });
  const more = nav.getByRole('button', { name: /^More sections/ });
  await button.or(more).first().waitFor();
  if (!(await button.isVisible())) await more.click();
  await button.click();
  await page.getByRole('heading', { name: section, exact: true, level: 1 }).waitFor();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(400);
}

async function shoot(page: Page, name: string): Promise<void> {
  // In-page stand-ins for native notifications would cover the view.
  await page.evaluate(() => document.getElementById('toasts')?.remove());
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
    await page.waitForTimeout(150);
    await page.screenshot({ path: join(OUT, `${name}-${theme}.png`), fullPage: false, animations: 'disabled' });
  }
}

await mkdir(OUT, { recursive: true });
const stack = await startPreviewStack({ firstRun: true, simulatedTime: true, service: { now: START, zones: 25 } });
const clock = stack.clock!;
// Its clock stands still too and moves with the demo's, so its figures are the same each run.
const clientB = await startService({ now: START, autoTick: false, seed: 7, zones: 12, apiKey: CLIENT_B.apiKey });
const browser = await chromium.launch({ executablePath: process.env.ZW_CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
try {
  const context = await browser.newContext({ viewport: WINDOW, deviceScaleFactor: 1, timezoneId: 'UTC', locale: 'en-US' });
  const page = await context.newPage();
  // The page reads its clock once when it mounts (and every 30 s after): it is NOW from the start.
  await page.clock.setFixedTime(new Date(NOW));
  await page.goto(stack.url);
  await page.getByRole('heading', { name: 'Welcome to Zonewatch' }).waitFor();
  await shoot(page, 'first-run');

  await page.getByRole('button', { name: 'Try the demo account' }).click();
  await page.getByRole('navigation', { name: 'Sections' }).waitFor();
  // The demo's first cycle must have ended before time moves, or it could read either side of the move.
  const added = await stack.core.invoke('key:set', { apiKey: CLIENT_B.apiKey, baseUrl: clientB.url, label: CLIENT_B.label, color: CLIENT_B.color });
  if (!added.ok) throw new Error(`Client B was not added: ${added.error.message}`);
  const clientBId = (added.value as { profileId: string }).profileId;
  const accounts = [DEMO_PROFILE_ID, clientBId];
  const settled = () => accounts.every((id) => stack.core.status(id)?.refreshing === false && stack.core.snapshot(id)?.account.data);
  while (!settled()) await new Promise((r) => setTimeout(r, 20));
  // A working day of updates, so that the chart shows hours of spend and throughput. Each step's
  // advance fires the poller's timer; the refresh waits for that cycle to end.
  while (clock.now() < Date.parse(NOW)) {
    const step = Math.min(STEP_SECONDS, (Date.parse(NOW) - clock.now()) / 1000);
    clientB.control.advance(step);
    clock.advance(step);
    for (const profileId of accounts) await stack.core.invoke('poll:refresh', { profileId });
  }
  await stack.core.invoke('notifications:test', { profileId: DEMO_PROFILE_ID, rule: 'spendToday' });
  for (const [file, section] of VIEWS) {
    await go(page, section);
    await shoot(page, file);
  }
  await go(page, 'Zones');
  await page.getByRole('searchbox', { name: 'Search' }).fill(stack.service.seeded.reservedDatacenterZoneId);
  await page.getByRole('list', { name: 'Zones' }).getByRole('listitem').first().getByRole('button').first().click();
  await page.getByRole('button', { name: 'Edit zone' }).waitFor();
  await shoot(page, 'zone');
  // The zone's last 90 UTC days, from the demo's history.
  await page.getByRole('heading', { name: 'Last 90 days (UTC days)' }).scrollIntoViewIfNeeded();
  await page.getByRole('img', { name: /over the last 90 UTC days$/ }).waitFor();
  await page.evaluate(() => document.getElementById('zone-trend-title')?.scrollIntoView({ block: 'start' }));
  await page.waitForTimeout(300);
  await shoot(page, 'zone-trend');
  // Caps: each zone's cap on the service beside its usual daily spend, then a bulk rule's preview.
  await go(page, 'Zones');
  await page.getByRole('button', { name: 'Caps…' }).click();
  await page.getByRole('status', { name: 'Cap coverage' }).waitFor();
  await shoot(page, 'caps');
  await page.getByRole('button', { name: 'Set caps…' }).click();
  await page.getByRole('form', { name: 'Set caps' }).getByRole('button', { name: 'Preview' }).click();
  await page.getByRole('region', { name: 'Caps preview' }).waitFor();
  await page.evaluate(() => document.querySelector('[aria-label="Caps preview"]')?.scrollIntoView({ block: 'start' }));
  await page.waitForTimeout(300);
  await shoot(page, 'caps-preview');
  // A day of the calendar chosen: its zones by spend.
  await go(page, 'History');
  await page.locator('button[data-day="2026-11-17"]').click();
  await page.getByRole('region', { name: /Nov 17, 2026 \(UTC\)$/ }).getByRole('row').nth(1).waitFor();
  await page.locator('button[data-day="2026-11-17"]').focus();
  await page.evaluate(() => document.querySelector('.month-nav')?.scrollIntoView({ block: 'start' }));
  await page.waitForTimeout(300);
  await shoot(page, 'history-day');
  await page.getByRole('combobox', { name: 'Account' }).selectOption({ label: 'All accounts' });
  await page.getByRole('heading', { name: 'All accounts', exact: true, level: 1 }).waitFor();
  await page.waitForLoadState('networkidle');
  await shoot(page, 'accounts');
  // The command palette over both accounts: a few letters find a zone of either (docs/desktop.md › The command palette).
  await page.keyboard.press('Control+k');
  await page.getByRole('combobox', { name: 'Find a zone, a view or an action' }).waitFor();
  await page.keyboard.type('crawler');
  await page.locator('[role="option"][aria-selected="true"]').waitFor();
  await page.getByRole('status').filter({ hasText: /results?$/ }).waitFor();
  await shoot(page, 'palette');
  await page.keyboard.press('Escape');
  await page.getByRole('combobox', { name: 'Account' }).selectOption(DEMO_PROFILE_ID);
  await page.setViewportSize(LARGE);
  await go(page, 'Overview');
  await shoot(page, 'overview-large');
  console.log(`screenshots: wrote ${(VIEWS.length + 9) * THEMES.length} files to ${OUT}`);
} finally {
  await browser.close();
  await stack.stop();
  await clientB.close();
}
