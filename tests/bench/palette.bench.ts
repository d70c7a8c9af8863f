/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// The command palette's bench (`npm run bench -- palette`, docs/desktop.md › The command palette):
// in Chromium, with 5,000 zones across 10 accounts, the time from each keydown in the palette's
// field to the result list drawn and laid out — the work the next frame must fit — p95 over every
// key typed; and, apart, to the frame after the key, which adds the wait for that frame. The
// page runs against an in-page stand-in for `window.zonewatch` that answers at once, with the
// accounts' read models and the palette's list derived by the core's own code.
import { snapshotMonthEnd } from '../../electron/core/forecast/account-forecast';
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { startBridge } from '../../electron/web/bridge-server';
import { accountReadout, accountsOverview } from '../../electron/core/readout/account-readout';
import { paletteAccount } from '../../electron/core/palette/palette-zones';
import { ACCOUNT_COLORS } from '../../shared/accounts';
import { Zone } from '../../shared/api/zone';
import { RUNNING_APP } from '../../shared/app-state';
import { Settings } from '../../shared/settings';
import { emptySnapshot } from '../../shared/snapshot';
import { sampleZone } from '../fixtures/api-samples';
import { sampleStatus } from '../fixtures/app-samples';

const WEB = resolve('out/web');
const ACCOUNTS = 10;
const ZONES_PER_ACCOUNT = 500;
const ZONES = ACCOUNTS * ZONES_PER_ACCOUNT;
/** What a person types, key by key: names, ids, a typo, an account label, words out of order, and backspaces. */
const QUERIES = ['catalog', 'serp trakcer', 'client 7 crawler', 'A3Z0042', 'fares travel', 'mobile app qa'];

const NAMES = ['Price monitor EU', 'SERP tracker', 'Catalog crawler', 'Ad verification', 'Checkout QA pool', 'Sneaker drops', 'Travel fares', 'Review scraper', 'Mobile app QA', 'Social listening'];
const at = '2026-11-20T12:00:00Z';
const now = Date.parse(at);

const accounts = Array.from({ length: ACCOUNTS }, (_, a) => {
  const id = `acct-${a}`;
  const profile = { id, label: `Client ${a}`, color: ACCOUNT_COLORS[a % ACCOUNT_COLORS.length]!, baseUrl: 'https://api.bytio.com' };
  const snapshot = emptySnapshot();
  for (let i = 0; i < ZONES_PER_ACCOUNT; i++) {
    const zoneId = `A${a}Z${String(i).padStart(4, '0')}`;
    const zone = Zone.parse({ ...sampleZone(zoneId), name: `${NAMES[i % NAMES.length]} ${Math.floor(i / NAMES.length)}`, enabled: i % 4 !== 0, open_connections: i % 3 });
    snapshot.zones[zoneId] = { zone, fetchedAt: at };
  }
  snapshot.zonesFetch = { fetchedAt: at, error: null, info: { current: ZONES_PER_ACCOUNT, allowed: 10_000 } };
  snapshot.discovery = { ...snapshot.discovery, source: 'users_list', role: 'admin' };
  const status = sampleStatus({ lastSuccessAt: at, lastAttemptAt: at, keyBackend: 'memory', profile: { ...profile, demo: false } });
  const readout = accountReadout({ profile, demo: false, status, app: RUNNING_APP, snapshot, history: [], monthEnd: snapshotMonthEnd(snapshot, [], now).account, spendStop: null, attention: null, now });
  return { readout, palette: paletteAccount({ profileId: id, offers: readout.offers, snapshot, stopRecord: null, stopping: false }, now), status, snapshot };
});
const fixture = {
  overview: accountsOverview(accounts.map((a) => a.readout)),
  palette: { accounts: accounts.map((a) => a.palette), recent: [] },
  snapshot: accounts[0]!.snapshot,
  status: accounts[0]!.status,
  settings: Settings.parse({}),
  app: RUNNING_APP,
};

/** Runs in the page before the app: a `window.zonewatch` answering from the fixture at once. */
function installStandIn(data: typeof fixture) {
  const ok = (value: unknown) => Promise.resolve({ ok: true, value });
  const api = {
    accounts: { list: () => ok(data.overview) },
    app: { state: () => ok(data.app) },
    spend: { get: () => ok({ record: null }) },
    snapshot: { get: () => ok({ snapshot: data.snapshot, status: data.status }) },
    history: { get: () => ok([]) },
    settings: { get: () => ok(data.settings) },
    notifications: { list: () => ok([]) },
    palette: { list: () => ok(data.palette), remember: () => ok({ recent: [] }) },
    on: new Proxy({}, { get: () => () => () => undefined }),
  };
  (window as unknown as { zonewatch: unknown }).zonewatch = new Proxy(api, {
    get: (target, domain: string) =>
      (target as Record<string, unknown>)[domain] ??
      new Proxy({}, { get: () => () => Promise.resolve({ ok: false, error: { kind: 'unavailable', message: 'not in the benchmark' } }) }),
  });
  // From each keydown in the palette's field to the new results laid out: the key's events, the
  // search, React's render of the list (flushed in the microtask after React's own listener, before
  // a listener on the window sees the input event bubble) and the style and layout of the new rows,
  // forced. That is the work the next frame has to paint. A task posted from the keydown would
  // measure Chromium's scheduler instead: after an input it holds other tasks back until the next
  // frame, so such a task often waits for vsync however little the key cost. The wait for that
  // frame is timed apart, to the frame after the key.
  const times = { work: [] as number[], frame: [] as number[], drawn: 0 };
  (window as unknown as { paletteTimes: typeof times }).paletteTimes = times;
  let t0 = 0;
  // Proof that the time covers the drawing: the list's DOM changed before the key was timed.
  let changed = false;
  new MutationObserver(() => (changed = true)).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  document.addEventListener(
    'keydown',
    (event) => {
      if (!(event.target instanceof HTMLInputElement) || event.target.getAttribute('role') !== 'combobox') return;
      t0 = performance.now();
      changed = false;
      const start = t0;
      requestAnimationFrame(() => {
        const afterFrame = new MessageChannel();
        afterFrame.port1.onmessage = () => times.frame.push(performance.now() - start);
        afterFrame.port2.postMessage(null);
      });
    },
    true,
  );
  window.addEventListener('input', (event) => {
    if (!(event.target instanceof HTMLInputElement) || event.target.getAttribute('role') !== 'combobox') return;
    document.querySelector('[role="listbox"]')?.getBoundingClientRect();
    times.work.push(performance.now() - t0);
    if (changed) times.drawn += 1;
  });
}

const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(values.length * 0.95) - 1)]!;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const build = spawnSync('npx', ['vite', 'build', '-c', 'renderer/vite.web.config.ts'], { stdio: 'inherit' });
if (build.status !== 0) throw new Error('the renderer web build failed');

const bridge = await startBridge({ core: { invoke: async () => ({ ok: false, error: { kind: 'unavailable', message: 'unused' } }), onEvent: () => () => undefined }, webRoot: WEB });
const browser = await chromium.launch({ executablePath: process.env.ZW_CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
try {
  const page = await browser.newPage({ viewport: { width: 420, height: 640 } });
  page.on('pageerror', (e) => console.error(`page error: ${e.message}`));
  // tsx (esbuild) wraps named functions in `__name(…)`; the page has no such helper.
  await page.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
  await page.addInitScript(installStandIn, fixture);
  await page.goto(bridge.url);
  await page.getByRole('navigation', { name: 'Sections' }).waitFor();
  await page.keyboard.press('Control+k');
  const field = page.getByRole('combobox', { name: 'Find a zone, a view or an action' });
  await field.waitFor();
  await page.getByRole('status').filter({ hasText: /results$/ }).waitFor();

  for (const query of QUERIES) {
    for (const key of query) {
      await page.keyboard.press(key === ' ' ? 'Space' : key);
      await page.waitForTimeout(30);
    }
    for (let i = 0; i < query.length; i++) {
      await page.keyboard.press('Backspace');
      await page.waitForTimeout(30);
    }
  }
  await page.waitForTimeout(100);
  const times = await page.evaluate(() => (window as unknown as { paletteTimes: { work: number[]; frame: number[]; drawn: number } }).paletteTimes);
  const first = await page.locator('[role="option"]').count();
  if (first === 0) throw new Error('the palette listed nothing');
  console.log(`bench: palette keys timed = ${times.work.length} keys`);
  console.log(`bench: palette keys whose results were drawn before they were timed = ${times.drawn} of ${times.work.length}`);
  console.log(`bench: palette filter ${ZONES} zones median = ${median(times.work).toFixed(1)} ms`);
  console.log(`bench: palette filter ${ZONES} zones p95 = ${p95(times.work).toFixed(1)} ms`);
  console.log(`bench: palette keydown to the frame after it, ${ZONES} zones p95 = ${p95(times.frame).toFixed(1)} ms`);
} finally {
  await browser.close();
  await bridge.close();
}
