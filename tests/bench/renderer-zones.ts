/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// The window at 200, 1,000 and 5,000 zones, at its real 420×640, measured with the browser's own
// instruments: Event Timing for each interaction (input to the next paint), Long Tasks, the gaps
// between frames, and the main thread's CPU time from a browser trace. Updates are built by the
// core's own snapshot store from a poll that moved every running zone's figures, and reach the
// page as the browser shell's do: text parsed in a task of its own. Used by renderer.bench.ts (docs/architecture.md › How updates reach the window).
import type { Browser, Page } from '@playwright/test';
import { Zone } from '../../shared/api/zone';
import type { AccountUpdate } from '../../shared/account-update';
import type { AccountsOverview } from '../../shared/accounts';
import type { Snapshot, SnapshotDelta } from '../../shared/snapshot';
import type { Status } from '../../shared/status';
import { SnapshotStore } from '../../electron/core/data/snapshot-store';
import { sampleZone } from '../fixtures/api-samples';

export const ZONE_COUNTS = [200, 1_000, 5_000] as const;
const UPDATES = 6;
const T0 = Date.parse('2026-11-20T12:00:00Z');

type Instruments = { interactions: number[]; longTasks: { start: number; duration: number }[] };

/** The zones of an account of `count`, a third of them off (as the other renderer figures use). */
function zonesOf(count: number): Zone[] {
  return Array.from({ length: count }, (_, i) =>
    Zone.parse({ ...sampleZone(`Z${String(i).padStart(5, '0')}`), name: `Zone ${i}`, enabled: i % 3 !== 0, open_connections: i % 3 === 0 ? 0 : 10 + (i % 50) }),
  );
}

/** One poll later: every running zone carried traffic, so its spend, usage, throughput and connections moved. */
function polled(zones: Zone[], round: number): Zone[] {
  return zones.map((zone, i) => {
    if (!zone.enabled) return zone;
    const spend = 0.01 * (1 + ((i * 7 + round) % 13));
    return {
      ...zone,
      spend_today_cents: (zone.spend_today_cents ?? 0) + spend,
      spend_this_month_cents: (zone.spend_this_month_cents ?? 0) + spend,
      usage_today_bytes: (zone.usage_today_bytes ?? 0) + 1_000_000 * (1 + (i % 5)),
      usage_this_month_bytes: (zone.usage_this_month_bytes ?? 0) + 1_000_000 * (1 + (i % 5)),
      current_thoughput_bps: 1_000_000 + ((i * 31 + round * 17) % 9_000_000),
      open_connections: 10 + ((i + round) % 50),
    };
  });
}

export type ZonesFixture = { snapshot: Snapshot; updates: string[]; updateBytes: number };

/** The account's snapshot and `UPDATES` updates as the core sends them, each a poll later than the one before. */
export function zonesFixture(count: number, base: { status: Status; overview: AccountsOverview }): ZonesFixture {
  const store = new SnapshotStore();
  let zones = zonesOf(count);
  const first = new Date(T0).toISOString();
  store.zonesFetched({ zones, removedIds: [], info: { current: count, allowed: 10_000 }, error: null, at: first });
  const snapshot = store.get();
  const deltas: SnapshotDelta[] = [];
  store.subscribe((delta) => deltas.push(delta));
  const readout = base.overview.accounts[0]!;
  const updates: string[] = [];
  for (let round = 1; round <= UPDATES; round++) {
    zones = polled(zones, round);
    store.zonesFetched({ zones, removedIds: [], info: { current: count, allowed: 10_000 }, error: null, at: new Date(T0 + round * 60_000).toISOString() });
    const update: AccountUpdate = { profileId: readout.profileId, seq: round, readout, totals: base.overview.totals, status: base.status, snapshot: deltas.at(-1)!, notifications: [], spendStop: null };
    updates.push(JSON.stringify(update));
  }
  return { snapshot, updates, updateBytes: Math.max(...updates.map((text) => Buffer.byteLength(text))) };
}

/** Runs in the page before the app: records Event Timing interactions and long tasks from the start. */
function installInstruments() {
  const seen: Instruments = { interactions: [], longTasks: [] };
  (window as unknown as { __instruments: Instruments }).__instruments = seen;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEventTiming & { interactionId?: number })[]) if (entry.interactionId) seen.interactions.push(entry.duration);
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) seen.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
}

const instruments = (page: Page) => page.evaluate(() => (window as unknown as { __instruments: Instruments }).__instruments);
const settle = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 50)))));

/** The longest long task that started at or after `since` (0 when none passed the browser's 50 ms). */
async function longestTaskSince(page: Page, since: number): Promise<number> {
  const { longTasks } = await instruments(page);
  return Math.max(0, ...longTasks.filter((task) => task.start >= since).map((task) => task.duration));
}

/**
 * Each update pushed as the browser shell's message would arrive: in a task of its own that parses
 * the text and hands it to the window's listener; returns each update's longest task. The task's
 * own length is measured too, since a task under 50 ms is not a long task and the browser reports
 * nothing of it.
 */
async function pushUpdates(page: Page, updates: string[]): Promise<number[]> {
  const longest: number[] = [];
  for (const text of updates) {
    const since = await page.evaluate(() => performance.now());
    const handled = await page.evaluate(
      (text) =>
        new Promise<number>((done) =>
          setTimeout(() => {
            const t0 = performance.now();
            (window as unknown as { __zwEvents: Record<string, (payload: unknown) => void> }).__zwEvents.account!(JSON.parse(text));
            // React renders what the stores changed in a microtask queued before this one.
            queueMicrotask(() => {
              const ms = performance.now() - t0;
              requestAnimationFrame(() => requestAnimationFrame(() => done(ms)));
            });
          }),
        ),
      text,
    );
    await settle(page);
    longest.push(Math.max(handled, await longestTaskSince(page, since)));
  }
  return longest;
}

type TraceEvent = { name: string; ph: string; pid: number; tid: number; ts: number; dur?: number; tdur?: number; args?: { name?: string } };

/** The events of the window's main thread in a browser trace. */
function mainThreadEvents(trace: Buffer): TraceEvent[] {
  const parsed = JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
  const main = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  return events.filter((e) => main && e.ph === 'X' && e.pid === main.pid && e.tid === main.tid);
}

const taskCpu = (task: TraceEvent) => (task.tdur ?? 0) / 1000;
const isTask = (e: TraceEvent) => e.name === 'ThreadControllerImpl::RunTask';

/**
 * The window's own CPU time, from the browser's trace of its main thread: in all, and in its
 * busiest task, counted from the first frame to the last so the tracer's own messages are left
 * out. On a machine other work shares, a long task may be the window waiting for a core rather
 * than working (its thread time is a fraction of its length); these figures are what it worked.
 */
function framesCpu(trace: Buffer): { total: number; busiest: number } {
  const onMain = mainThreadEvents(trace);
  const frames = onMain.filter((e) => e.name === 'FireAnimationFrame');
  const from = Math.min(...frames.map((e) => e.ts));
  const to = Math.max(...frames.map((e) => e.ts + (e.dur ?? 0)));
  const tasks = onMain.filter((e) => isTask(e) && e.ts >= from && e.ts <= to).map(taskCpu);
  return { total: tasks.reduce((sum, ms) => sum + ms, 0), busiest: Math.max(0, ...tasks) };
}

/** The CPU time of each task that ran a timer: each update's own task as `pushUpdates` sends it (and its waits' few-µs ones). */
function timerTasksCpu(trace: Buffer): number[] {
  const onMain = mainThreadEvents(trace);
  const timers = onMain.filter((e) => e.name === 'TimerFire');
  return onMain.filter((task) => isTask(task) && timers.some((t) => t.ts >= task.ts && t.ts <= task.ts + (task.dur ?? 0))).map(taskCpu);
}

/** Scrolls the list from top to bottom as a flick would, one step a frame; returns the worst frame gap, the longest task and the CPU the window spent. */
async function fastScroll(page: Page): Promise<{ worstFrame: number; longestTask: number; cpu: { total: number; busiest: number } }> {
  const since = await page.evaluate(() => performance.now());
  const browser = page.context().browser()!;
  await browser.startTracing(page, { categories: ['devtools.timeline', 'toplevel'] });
  const worstFrame = await page.evaluate(
    () =>
      new Promise<number>((done) => {
        const list = document.querySelector<HTMLElement>('.zone-list')!;
        const step = Math.max(400, list.scrollHeight / 120);
        let last = performance.now();
        let worst = 0;
        const frame = (now: number) => {
          worst = Math.max(worst, now - last);
          last = now;
          if (list.scrollTop + list.clientHeight >= list.scrollHeight - 1) return done(worst);
          list.scrollTop += step;
          requestAnimationFrame(frame);
        };
        requestAnimationFrame((now) => {
          last = now;
          list.scrollTop += step;
          requestAnimationFrame(frame);
        });
      }),
  );
  const cpu = framesCpu(await browser.stopTracing());
  await settle(page);
  return { worstFrame, longestTask: await longestTaskSince(page, since), cpu };
}

export type ZonesFigures = {
  count: number;
  updateBytes: number;
  /** Each update's longest task, the first one (the code not yet optimised by the engine) included. */
  updateLongestTasks: number[];
  /** Each update's task's CPU time (ms): what the window worked, whatever else the machine ran. */
  updateCpu: number[];
  scrollWorstFrame: number;
  scrollLongestTask: number;
  /** The main thread's CPU time during the scroll, in all and in its busiest task (ms). */
  scrollCpu: { total: number; busiest: number };
  typingWorstInteraction: number;
  typingLongestTask: number;
  worstInteraction: number;
};

/** Opens the window on `fixture`'s account and measures what a person would feel, in the order they would do it. */
export async function measureZones(browser: Browser, url: string, count: number, install: (page: Page, snapshot: Snapshot) => Promise<void>, fixture: ZonesFixture): Promise<ZonesFigures> {
  const page = await browser.newPage({ viewport: { width: 420, height: 640 } });
  try {
    page.on('pageerror', (e) => console.error(`page error: ${e.message}`));
    await page.addInitScript(installInstruments);
    await install(page, fixture.snapshot);
    await page.goto(url);
    const nav = page.getByRole('navigation', { name: 'Sections' });
    await nav.waitFor();
    await nav.getByRole('button', { name: 'Zones', exact: true }).click();
    await page.locator('[data-zone-id]').first().waitFor();
    await settle(page);

    await page.context().browser()!.startTracing(page, { categories: ['devtools.timeline', 'toplevel'] });
    const update = await pushUpdates(page, fixture.updates);
    const updateCpu = timerTasksCpu(await page.context().browser()!.stopTracing());
    const scroll = await fastScroll(page);
    await page.locator('.zone-list').evaluate((el) => (el.scrollTop = 0));

    const typingSince = await page.evaluate(() => performance.now());
    const before = (await instruments(page)).interactions.length;
    const search = page.getByRole('searchbox', { name: 'Search' });
    await search.click();
    await search.pressSequentially('zone 12', { delay: 60 });
    for (let i = 0; i < 7; i++) await search.press('Backspace', { delay: 60 });
    await settle(page);
    const typing = (await instruments(page)).interactions.slice(before);
    const typingLongestTask = await longestTaskSince(page, typingSince);

    await page.locator('[data-zone-id] [role="switch"]').first().click();
    await settle(page);
    await nav.getByRole('button', { name: 'Overview', exact: true }).click();
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    await settle(page);
    await nav.getByRole('button', { name: 'Zones', exact: true }).click();
    await page.locator('[data-zone-id]').first().waitFor();
    await settle(page);
    const all = (await instruments(page)).interactions;
    return {
      count,
      updateBytes: fixture.updateBytes,
      updateLongestTasks: update,
      updateCpu,
      scrollWorstFrame: scroll.worstFrame,
      scrollLongestTask: scroll.longestTask,
      scrollCpu: scroll.cpu,
      typingWorstInteraction: Math.max(0, ...typing),
      typingLongestTask,
      worstInteraction: Math.max(0, ...all),
    };
  } finally {
    await page.close();
  }
}
