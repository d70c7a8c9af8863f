/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// `npm run bench -- caps-window`: the Caps view at 200, 1,000 and 5,000 zones, in Chromium at the
// window's 420×640 through the browser bridge, on the real core and the local service (the demo
// account, with its 90 past days in the ledger): how long `caps:get` takes in the core and how
// big its answer is; how long after that answer arrives the view has painted its rows; how long
// after "Preview" the preview of a rule on every zone has painted; and the longest interaction
// the browser's Event Timing saw meanwhile (docs/desktop.md › Caps).
import { spawnSync } from 'node:child_process';
import { chromium, type Page } from '@playwright/test';
import { startPreviewStack } from '../../electron/web/preview-stack';
import { DEMO_PROFILE_ID } from '../../shared/settings';

const SIZES = [200, 1_000, 5_000];
const RUNS = 5;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const DECIMALS: Record<string, number> = { ms: 1, KiB: 1 };
/** `zones` is the account's size on the service; the app finds all but the two zones no collaborator holds. */
const print = (what: string, zones: number, value: number, unit: string) => console.log(`bench: renderer ${what} @${zones} zones = ${value.toFixed(DECIMALS[unit] ?? 0)} ${unit}`);

const build = spawnSync('npx', ['vite', 'build', '-c', 'renderer/vite.web.config.ts', '--logLevel', 'warn'], { stdio: 'inherit' });
if (build.status !== 0) throw new Error('the renderer web build failed');

/** Runs in the page: records when each `caps:get` answer reaches the view, and every interaction Event Timing reports. */
function instrument() {
  const w = window as unknown as { zonewatch: { caps: { get: (input: unknown) => Promise<unknown> } }; __capsArrived: number; __interactions: number[] };
  w.__interactions = [];
  new PerformanceObserver((list) => {
    // `interactionId` (non-zero for a click, a key, a tap) is newer than the DOM types here.
    for (const entry of list.getEntries() as (PerformanceEventTiming & { interactionId?: number })[]) if (entry.interactionId) w.__interactions.push(entry.duration);
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  const get = w.zonewatch.caps.get.bind(w.zonewatch.caps);
  w.zonewatch.caps.get = async (input) => {
    const answer = await get(input);
    w.__capsArrived = performance.now();
    return answer;
  };
}

/** Clicks `button`, then waits in the page until `selector` matches and one more frame has been drawn; answers the time from `from` ('click' or the caps answer). */
function paintAfter(page: Page, button: string, selector: string, from: 'click' | 'caps'): Promise<number> {
  return page.evaluate(
    ({ button, selector, from }) =>
      new Promise<number>((done) => {
        const w = window as unknown as { __capsArrived: number };
        w.__capsArrived = 0;
        const target = [...document.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent?.trim() === button);
        if (!target) throw new Error(`no button ${button}`);
        const t0 = performance.now();
        target.click();
        const check = () => {
          if (!document.querySelector(selector) || (from === 'caps' && w.__capsArrived === 0)) return requestAnimationFrame(check);
          // The frame after the one that drew it: what the person sees.
          requestAnimationFrame(() => done(performance.now() - (from === 'caps' ? w.__capsArrived : t0)));
        };
        check();
      }),
    { button, selector, from },
  );
}

const browser = await chromium.launch({ executablePath: process.env.ZW_CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
try {
  for (const zones of SIZES) {
    const stack = await startPreviewStack({ service: { zones } });
    try {
      const getTimes: number[] = [];
      let bytes = 0;
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        const res = await stack.core.invoke('caps:get', { profileId: DEMO_PROFILE_ID });
        getTimes.push(performance.now() - t0);
        if (!res.ok) throw new Error(`caps:get failed: ${res.error.message}`);
        bytes = Buffer.byteLength(JSON.stringify(res.value));
      }

      const page = await browser.newPage({ viewport: { width: 420, height: 640 } });
      page.on('pageerror', (e) => console.error(`page error: ${e.message}`));
      // tsx (esbuild) wraps named functions in `__name(…)`; the page has no such helper.
      await page.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
      await page.goto(stack.url);
      await page.getByRole('navigation', { name: 'Sections' }).waitFor();
      await page.evaluate(instrument);
      const paints: number[] = [];
      const previews: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Zones' }).click();
        await page.getByRole('button', { name: 'Caps…' }).waitFor();
        paints.push(await paintAfter(page, 'Caps…', '[role="rowheader"]', 'caps'));
        await page.getByRole('button', { name: 'Set caps…' }).click();
        await page.getByRole('form', { name: 'Set caps' }).getByLabel('Cap').selectOption('dollars_per_month');
        previews.push(await paintAfter(page, 'Preview', '[aria-label="Caps preview"] [role="listitem"]', 'click'));
        await page.getByRole('region', { name: 'Caps preview' }).getByRole('button', { name: 'Back' }).click();
      }
      // Event Timing reports an interaction once its frame is drawn.
      await page.waitForTimeout(200);
      const worst = await page.evaluate(() => Math.max(0, ...(window as unknown as { __interactions: number[] }).__interactions));
      await page.close();

      print('caps:get in the core', zones, median(getTimes), 'ms');
      print('caps:get answer size', zones, bytes / 1024, 'KiB');
      print(`Caps painted after its data arrives (median of ${RUNS})`, zones, median(paints), 'ms');
      print(`bulk preview of every zone painted after Preview (median of ${RUNS})`, zones, median(previews), 'ms');
      print('worst interaction in Caps (Event Timing)', zones, worst, 'ms');
    } finally {
      await stack.stop();
    }
  }
} finally {
  await browser.close();
}
