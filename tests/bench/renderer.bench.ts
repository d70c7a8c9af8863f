/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// Renderer benchmarks (`npm run bench -- renderer`): what the window loads before its first paint
// and in all, gzipped, against a page built here with the same libraries; then, in Chromium, the
// time to render the zone list with 1,000 zones, the billing view over 10,000 cached entries, and
// a toggle click until the row shows its new state; then the window at 420×640 with 200, 1,000 and
// 5,000 zones (renderer-zones.ts): each update's size and longest task, fast scrolling, typing in
// the search and the worst interaction, against the browser's own instruments. The page runs
// against an in-page stand-in for `window.zonewatch` that answers at once, so the figures are the
// renderer's.
import { snapshotMonthEnd } from '../../electron/core/forecast/account-forecast';
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { startBridge } from '../../electron/web/bridge-server';
import { sampleInvoiceEntry, samplePaymentEntry, sampleZone } from '../fixtures/api-samples';
import { sampleStatus } from '../fixtures/app-samples';
import { Settings } from '../../shared/settings';
import { Snapshot } from '../../shared/snapshot';
import { RUNNING_APP } from '../../shared/app-state';
import { accountReadout, accountsOverview } from '../../electron/core/readout/account-readout';
import type { AccountsOverview } from '../../shared/accounts';
import { measureRenderer, measureSameLibrariesPage } from './renderer-size';
import { measureZones, ZONE_COUNTS, zonesFixture } from './renderer-zones';

const WEB = resolve('out/web');
const ZONES = 1_000;
const ENTRIES = 10_000;
const RUNS = 7;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const DECIMALS: Record<string, number> = { ms: 1, KiB: 1, '×': 2 };
const print = (what: string, value: number, unit: string) => console.log(`bench: ${what} = ${value.toFixed(DECIMALS[unit] ?? 0)} ${unit}`);

const sizes = await measureRenderer();
if (sizes.firstLoadLibraries.length > 0) throw new Error(`the window's first load holds ${sizes.firstLoadLibraries.join(' and ')}: load it with its view`);
const yardstick = await measureSameLibrariesPage();
print('renderer first-load JS gzipped (entry chunk and its static imports)', sizes.firstLoadBytes / 1024, 'KiB');
print('renderer JS gzipped, all chunks', sizes.allBytes / 1024, 'KiB');
print('renderer yardstick: same-libraries page JS gzipped (React, zustand, zod, uPlot, react-virtual)', yardstick / 1024, 'KiB');
print('renderer first-load / same-libraries page', sizes.firstLoadBytes / yardstick, '×');
print('renderer all chunks / same-libraries page', sizes.allBytes / yardstick, '×');

const build = spawnSync('npx', ['vite', 'build', '-c', 'renderer/vite.web.config.ts'], { stdio: 'inherit' });
if (build.status !== 0) throw new Error('the renderer web build failed');

const at = '2026-11-20T12:00:00Z';
// No open connections: the toggle timing measures the one-click path (disabling a zone that carries
// connections asks first, which is a person's time, not the window's).
const zones = Array.from({ length: ZONES }, (_, i) => ({ ...sampleZone(`Z${String(i).padStart(5, '0')}`), name: `Zone ${i}`, enabled: i % 3 !== 0, open_connections: 0 }));
const entries = Array.from({ length: ENTRIES }, (_, i) => {
  const created_on = new Date(Date.parse(at) - i * 3_600_000).toISOString();
  return i % 4 === 0 ? { ...sampleInvoiceEntry(), created_on } : { ...samplePaymentEntry(), created_on };
});
const fixture = {
  snapshot: {
    account: { data: null, fetchedAt: null, error: null },
    plans: { data: null, fetchedAt: null, error: null },
    zonesFetch: { fetchedAt: at, error: null, info: { current: ZONES, allowed: 10_000 } },
    zones: Object.fromEntries(zones.map((z) => [z.zone_id, { zone: z, fetchedAt: at }])),
    discovery: { source: 'users_list', role: 'admin', discoveredIds: [], pinnedIds: [], removedIds: [], notYetKnown: 0, ranAt: at, message: null },
  },
  status: sampleStatus({
    lastSuccessAt: at,
    lastAttemptAt: at,
    keyBackend: 'memory',
    profile: { id: 'bench', label: 'Bench', baseUrl: 'https://api.bytio.com', color: 'blue', demo: false },
  }),
  settings: Settings.parse({}),
  entries,
  app: RUNNING_APP,
  overview: null as unknown,
};
// The one account's read model, as the core derives it from the same status and snapshot.
fixture.overview = accountsOverview([
  accountReadout({
    profile: { id: 'bench', label: 'Bench', color: 'blue', baseUrl: 'https://api.bytio.com' },
    demo: false,
    status: fixture.status,
    app: RUNNING_APP,
    snapshot: Snapshot.parse(fixture.snapshot),
    history: [],
    monthEnd: snapshotMonthEnd(Snapshot.parse(fixture.snapshot), [], Date.parse(at)).account,
    spendStop: null,
    attention: null,
    now: Date.parse(at),
  }),
]);

/** Runs in the page before the app: a `window.zonewatch` answering from the fixture at once. */
function installStandIn(data: typeof fixture) {
  const ok = (value: unknown) => Promise.resolve({ ok: true, value });
  const zonesById = data.snapshot.zones as Record<string, { zone: { enabled: boolean } }>;
  const months = (list: { created_on: string; type: string; total_cents: number }[]) => {
    const byMonth = new Map<string, { month: string; invoicedCents: number; paidCents: number; failedCents: number; count: number }>();
    for (const e of list) {
      const month = e.created_on.slice(0, 7);
      const t = byMonth.get(month) ?? { month, invoicedCents: 0, paidCents: 0, failedCents: 0, count: 0 };
      if (e.type === 'invoice') t.invoicedCents += e.total_cents;
      else t.paidCents += e.total_cents;
      t.count += 1;
      byMonth.set(month, t);
    }
    return [...byMonth.values()];
  };
  const api = {
    accounts: { list: () => ok(data.overview) },
    app: { state: () => ok(data.app) },
    spend: { get: () => ok({ record: null }) },
    snapshot: { get: () => ok({ snapshot: data.snapshot, status: data.status, seq: 0 }) },
    history: { get: () => ok([]) },
    settings: { get: () => ok(data.settings), update: () => ok(data.settings) },
    notifications: { list: () => ok([]) },
    plans: { advisor: () => ok({ basis: { month: null, usageCents: 0, source: 'current_month' }, plans: [] }) },
    billing: {
      sync: () => ok({ page: 1, totalPages: 1, entries: data.entries.length, done: true, error: null }),
      query: (q: { filter: string; search: string; page: number; perPage: number }) => {
        const all = data.entries.filter((e) => q.filter === 'all' || e.type === q.filter);
        const slice = all.slice((q.page - 1) * q.perPage, q.page * q.perPage);
        return ok({ entries: slice, total: all.length, page: q.page, pages: Math.ceil(all.length / q.perPage), months: months(all).filter((m) => slice.some((e) => e.created_on.startsWith(m.month))), asOf: data.status.lastSuccessAt, complete: true, cachedCount: data.entries.length });
      },
    },
    zones: {
      setEnabled: ({ zoneId, enabled }: { zoneId: string; enabled: boolean }) => ok({ ...zonesById[zoneId]!.zone, enabled }),
    },
    // Each push event's listener, for the benchmark to call as the bridge would.
    on: new Proxy(
      {},
      {
        get: (_target, event: string) => (listener: (payload: unknown) => void) => {
          const events = ((window as unknown as { __zwEvents?: Record<string, (payload: unknown) => void> }).__zwEvents ??= {});
          events[event] = listener;
          return () => undefined;
        },
      },
    ),
  };
  (window as unknown as { zonewatch: unknown }).zonewatch = new Proxy(api, {
    get: (target, domain: string) =>
      (target as Record<string, unknown>)[domain] ??
      new Proxy({}, { get: () => () => Promise.resolve({ ok: false, error: { kind: 'unavailable', message: 'not in the benchmark' } }) }),
  });
}

/** Clicks a nav section and times, in the page, until `selector` matches (checked every frame). */
function timeUntil(page: Page, click: string, selector: string): Promise<number> {
  return page.evaluate(
    ({ click, selector }) =>
      new Promise<number>((done) => {
        const button = [...document.querySelectorAll<HTMLButtonElement>('nav button')].find((b) => b.textContent === click)!;
        const t0 = performance.now();
        button.click();
        const check = () => (document.querySelector(selector) ? done(performance.now() - t0) : requestAnimationFrame(check));
        check();
      }),
    { click, selector },
  );
}

const bridge = await startBridge({ core: { invoke: async () => ({ ok: false, error: { kind: 'unavailable', message: 'unused' } }), onEvent: () => () => undefined }, webRoot: WEB });
const browser = await chromium.launch({ executablePath: process.env.ZW_CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
try {
  const page = await browser.newPage({ viewport: { width: 800, height: 900 } });
  page.on('pageerror', (e) => console.error(`page error: ${e.message}`));
  // tsx (esbuild) wraps named functions in `__name(…)`; the page has no such helper.
  await page.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
  await page.addInitScript(installStandIn, fixture);
  await page.goto(bridge.url);
  await page.getByRole('navigation', { name: 'Sections' }).waitFor();

  const zoneTimes: number[] = [];
  const billingTimes: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    // Each switch unmounts the other view, so every run renders from scratch.
    zoneTimes.push(await timeUntil(page, 'Zones', '[data-zone-id]'));
    billingTimes.push(await timeUntil(page, 'Billing', 'table.billing tbody tr'));
  }
  print(`zone list render (${ZONES.toLocaleString('en-US')} zones, median of ${RUNS})`, median(zoneTimes), 'ms');
  print(`billing view render (${ENTRIES.toLocaleString('en-US')} cached entries, page of 50, median of ${RUNS})`, median(billingTimes), 'ms');

  await timeUntil(page, 'Zones', '[data-zone-id]');
  const toggleTimes: number[] = [];
  for (let i = 0; i < RUNS * 2; i++) {
    toggleTimes.push(
      await page.evaluate(
        () =>
          new Promise<number>((done) => {
            const toggle = document.querySelector<HTMLButtonElement>('[data-zone-id] [role="switch"]')!;
            const before = toggle.getAttribute('aria-checked');
            const t0 = performance.now();
            toggle.click();
            const check = () => (toggle.getAttribute('aria-checked') !== before ? done(performance.now() - t0) : requestAnimationFrame(check));
            check();
          }),
      ),
    );
    await page.waitForTimeout(50);
  }
  print(`toggle click to the row's new state (median of ${RUNS * 2})`, median(toggleTimes), 'ms');
  await page.close();

  for (const count of ZONE_COUNTS) {
    const zonesAt = zonesFixture(count, { status: fixture.status, overview: fixture.overview as AccountsOverview });
    const install = async (into: Page, snapshot: typeof zonesAt.snapshot) => {
      await into.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
      await into.addInitScript(installStandIn, { ...fixture, snapshot, entries: [] } as unknown as typeof fixture);
    };
    const figures = await measureZones(browser, bridge.url, count, install, zonesAt);
    const at = `@${count.toLocaleString('en-US')} zones`;
    print(`renderer update size ${at}`, figures.updateBytes, 'bytes');
    print(`renderer update longest task ${at} (median of ${figures.updateLongestTasks.length} updates)`, median(figures.updateLongestTasks), 'ms');
    print(`renderer update longest task ${at} (worst of ${figures.updateLongestTasks.length} updates)`, Math.max(...figures.updateLongestTasks), 'ms');
    print(`renderer update task's CPU ${at} (worst of ${figures.updateLongestTasks.length} updates)`, Math.max(0, ...figures.updateCpu), 'ms');
    print(`renderer fast-scroll longest task ${at}`, figures.scrollLongestTask, 'ms');
    print(`renderer fast-scroll worst frame gap ${at}`, figures.scrollWorstFrame, 'ms');
    print(`renderer fast-scroll main-thread CPU ${at}`, figures.scrollCpu.total, 'ms');
    print(`renderer fast-scroll busiest task's CPU ${at}`, figures.scrollCpu.busiest, 'ms');
    print(`renderer typing in the search worst interaction ${at}`, figures.typingWorstInteraction, 'ms');
    print(`renderer typing in the search longest task ${at}`, figures.typingLongestTask, 'ms');
    print(`renderer worst interaction ${at}`, figures.worstInteraction, 'ms');
  }
} finally {
  await browser.close();
  await bridge.close();
}
