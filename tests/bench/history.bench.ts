// `npm run bench -- history`: the history database at 100, 1,000 and 5,000 zones × 400 days
// (docs/architecture.md › The history database): 13 months bulk-loaded through the code the app
// runs (readings folded, months closed as the ledger closes them), then the worker measured as
// the app uses it — started, History's first answers, 200 poll cycles, a month's close with its
// pruning, History's queries — with the main thread's event loop watched all along, each phase
// apart, beside the loop delay of an idle main thread on the same machine (its scheduler's floor).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { DayCosts, ZoneReading } from '../../electron/core/ledger/ledger-model';
import { emptyOpenMonth } from '../../electron/core/ledger/ledger-model';
import { closeMonth, deriveOpenMonth, earlierDays } from '../../electron/core/ledger/month-files';
import { foldReadings } from '../../electron/core/ledger/readings';
import { addMonths, DAY_MS, daysInMonth, monthStart } from '../../electron/core/ledger/utc-calendar';
import { openHistoryDatabase } from '../../electron/core/history-db/history-database';
import { closedRows } from '../../electron/core/history-db/closed-rows';
import { openRows } from '../../electron/core/history-db/open-rows';
import type { DerivedMonth } from '../../electron/core/ledger/ledger-model';
import { startHistoryThread } from '../../electron/main/history-worker/history-thread';

const HOUR = 3_600_000;
const MINUTE = 60_000;
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const line = (what: string, zones: number, value: number, unit: string) => console.log(`bench: history ${what} @${zones} zones = ${value.toFixed(value < 10 ? 2 : 1)} ${unit}`);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const gc = () => (globalThis as { gc?: () => void }).gc?.();
const worker = {
  workerFile: path.resolve(import.meta.dirname, '../support/ts-worker.mjs'),
  workerData: { entry: path.resolve(import.meta.dirname, '../../electron/main/history-worker/worker-entry.ts') },
};

/** The open month: Nov 2026, read up to the 20th at noon; the 12 closed months before it. */
const OPEN_MONTH = '2026-11';
const LAST_READ = Date.parse('2026-11-20T12:05:00Z');

/** Zones spending at steady, different rates, as the service counts them (day and month totals from 00:00 UTC). */
function fleet(count: number) {
  const ids = Array.from({ length: count }, (_, i) => `Z${i.toString(36).toUpperCase().padStart(5, '0')}`);
  const rates = ids.map((_, i) => 5.137 + (i % 17) * 3.71);
  const costs = ids.map((_, i): DayCosts => [400 + (i % 5) * 25, i % 3, (i % 3) * 1_500, i % 4, (i % 4) * 3_000.5]);
  return (at: number): ZoneReading[] => {
    const day = Math.floor(at / DAY_MS) * DAY_MS;
    const month = monthStart(new Date(at).toISOString().slice(0, 7));
    return ids.map((zoneId, i) => {
      const spendToday = (rates[i]! * (at - day)) / HOUR;
      const spendMonth = (rates[i]! * (at - month)) / HOUR;
      return { zoneId, name: `Zone ${i}`, at, spendToday, spendMonth, usageToday: Math.round(spendToday * 1e6), usageMonth: Math.round(spendMonth * 1e6), costs: costs[i] };
    });
  };
}

/** 12 closed months (a reading a day, closed by the ledger's own code) and the open month (readings every 6 hours). */
async function bulkLoad(folder: string, zones: number): Promise<void> {
  const database = await openHistoryDatabase({ folder, now: () => LAST_READ, logger: silent, tell: () => () => undefined });
  const readingsAt = fleet(zones);
  const account = openRows(database.db).account('bench').account;
  const closed = closedRows(database.db);
  const held: DerivedMonth[] = [];
  for (let back = 12; back >= 1; back -= 1) {
    const month = addMonths(OPEN_MONTH, -back);
    const open = emptyOpenMonth(month);
    for (let dom = 1; dom <= daysInMonth(month); dom += 1) foldReadings(open, readingsAt(monthStart(month) + (dom - 1) * DAY_MS + 12 * HOUR + 5 * MINUTE));
    if (back < 12) for (const zone of Object.values(open.zones)) zone.c = true;
    const file = closeMonth(open, earlierDays(held, month));
    database.db.transaction(() => closed.write(account, file))();
    held.push(...closed.read(account, { from: month, to: month }));
    if (held.length > 3) held.shift();
  }
  // The open month's readings every 6 hours, folded and written as the ledger writes them, in one go.
  const open = emptyOpenMonth(OPEN_MONTH);
  for (let t = monthStart(OPEN_MONTH) + 6 * HOUR + 5 * MINUTE; t <= LAST_READ; t += 6 * HOUR) foldReadings(open, readingsAt(t));
  for (const zone of Object.values(open.zones)) zone.c = true;
  const rows = openRows(database.db);
  database.db.transaction(() => {
    rows.replace(account, open);
    rows.setAccount(account, OPEN_MONTH, LAST_READ);
    closed.writeTotals(account, deriveOpenMonth(open, false, earlierDays(held, OPEN_MONTH)));
  })();
  database.close();
}

function onDisk(folder: string): number {
  return ['', '-wal', '-shm'].reduce((sum, suffix) => sum + (fs.statSync(path.join(folder, `history.sqlite${suffix}`), { throwIfNoEntry: false })?.size ?? 0), 0);
}

/**
 * The main thread's event-loop delay, each phase apart (start and first answers, the cycles, the
 * month close, the queries), so that a long task can be told to its phase.
 */
function watchLoop() {
  const done: { name: string; ms: number }[] = [];
  let name = 'start';
  let histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  const end = () => {
    histogram.disable();
    done.push({ name, ms: histogram.max / 1e6 });
  };
  return {
    phase(next: string) {
      end();
      name = next;
      histogram = monitorEventLoopDelay({ resolution: 1 });
      histogram.enable();
    },
    stop() {
      end();
      return done;
    },
  };
}

async function measure(zones: number): Promise<void> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'zonewatch-bench-history-'));
  try {
    const loadStart = performance.now();
    await bulkLoad(folder, zones);
    console.log(`(bulk load of ${zones} zones × 400 days: ${((performance.now() - loadStart) / 1000).toFixed(1)} s)`);
    const readingsAt = fleet(zones);
    const closing = readingsAt(Date.parse('2026-12-01T00:07:00Z'));

    gc();
    // The worker's clock stands an hour after the last reading held, as after a restart that day.
    const history = startHistoryThread({ folder, logger: silent, tell: () => () => undefined, deadlineMs: 600_000, ...worker, workerData: { ...worker.workerData, clockOffsetMs: LAST_READ + HOUR - Date.now() } });
    await history.call('heap', { gc: false });
    gc();
    const heapBefore = process.memoryUsage().heapUsed + (await history.call('heap', { gc: true }));

    const loop = watchLoop();
    const t0 = performance.now();
    await history.call('lastReadingAt', { profileId: 'bench' });
    const t1 = performance.now();
    await history.call('query', { profileId: 'bench', name: 'calendar' });
    const t2 = performance.now();
    line('ready after start', zones, t2 - t0, 'ms');
    line('first calendar', zones, t2 - t1, 'ms');
    loop.phase('cycles');

    const posts: number[] = [];
    const trips: number[] = [];
    for (let i = 0; i < 200; i += 1) {
      // Made as a cycle makes them (the app takes them from its snapshot), not held all at once.
      const readings = readingsAt(LAST_READ + (i + 1) * 5 * MINUTE);
      const start = performance.now();
      const reply = history.call('record', { profileId: 'bench', readings });
      posts.push(performance.now() - start);
      await reply;
      trips.push(performance.now() - start);
    }
    line('cycle write', zones, median(posts), 'ms');
    console.log(`(worst cycle write on the main thread @${zones} zones: ${Math.max(...posts).toFixed(1)} ms)`);
    line('cycle write in the worker (round trip, FULL sync)', zones, median(trips), 'ms');
    loop.phase('month close');
    const closeStart = performance.now();
    await history.call('record', { profileId: 'bench', readings: closing });
    line('month close and pruning in the worker', zones, performance.now() - closeStart, 'ms');
    loop.phase('queries');
    for (const [name, args] of [['calendar', {}], ['day', { day: '2026-11-14' }], ['months', { zoneId: 'Z00007' }], ['months', { from: '2026-11', to: '2026-11', zoneId: 'Z00007' }]] as const) {
      const start = performance.now();
      await history.call('query', { profileId: 'bench', name, args });
      line(`query ${name}${'zoneId' in args ? ' of a zone' : ''}${'from' in args ? ' (a month)' : ''}`, zones, performance.now() - start, 'ms');
    }
    const phases = loop.stop();

    gc();
    const heapAfter = process.memoryUsage().heapUsed + (await history.call('heap', { gc: true }));
    await history.call('checkpoint', { mode: 'TRUNCATE' });
    line('on disk', zones, onDisk(folder) / 1e6, 'MB');
    line('heap growth', zones, (heapAfter - heapBefore) / 1e6, 'MB');
    line('longest main-thread storage task', zones, Math.max(...phases.map((p) => p.ms)), 'ms');
    console.log(`(longest main-thread task by phase @${zones} zones: ${phases.map((p) => `${p.name} ${p.ms.toFixed(1)} ms`).join(', ')})`);
    await history.close();
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

/** The machine's own floor: the longest event-loop delay of a main thread with nothing to do (the scheduler's, not the app's). */
async function idleFloor(ms: number): Promise<number> {
  const loop = watchLoop();
  await new Promise((resolve) => setTimeout(resolve, ms));
  return loop.stop()[0]!.ms;
}

console.log(`(longest event-loop delay of an idle main thread on this machine over 10 s: ${(await idleFloor(10_000)).toFixed(1)} ms)`);
for (const zones of (process.env.ZW_BENCH_ZONES ?? "100,1000,5000").split(",").map(Number)) await measure(zones);
