// `npm run bench -- history`: what the daily ledger and the per-zone intraday file cost
// (docs/architecture.md › The daily ledger): the ledger's work per poll cycle, its files for 100
// zones over 400 days, the time to read them at start, and writing 48 hours of 1,000 zones' samples.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Zone } from '../../shared/api/zone';
import type { HistoryPoint } from '../../shared/history';
import type { Snapshot } from '../../shared/snapshot';
import { createIntradayStore } from '../../electron/core/intraday/intraday-store';
import { calendarOf } from '../../electron/core/ledger/ledger-views';
import { createLedger } from '../../electron/core/ledger/ledger-store';
import { SnapshotStore } from '../../electron/core/data/snapshot-store';
import { historyPointFrom, HistoryStore } from '../../electron/core/data/history-store';
import { confStoreFactory } from '../../electron/core/storage/persistence';
import { sampleInfo, sampleZone } from '../fixtures/api-samples';

const HOUR = 3_600_000;
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const print = (what: string, value: number, unit: string) => console.log(`bench: history ${what} = ${value.toFixed(value < 10 ? 2 : 1)} ${unit}`);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Zones whose spend and usage run on, hour by hour, with day and month totals that start afresh at
 * 00:00 UTC as the service's do; `snapshotAt` is the snapshot a cycle at that moment leaves.
 */
function zoneFleet(count: number, start: number) {
  const ids = Array.from({ length: count }, (_, i) => `Z${i.toString(36).toUpperCase().padStart(5, '0')}`);
  const rate = ids.map((_, i) => 5.137 + (i % 17) * 3.71);
  const day = ids.map(() => 0);
  const month = ids.map(() => 0);
  let t = start;
  const template = Zone.parse(sampleZone('TEMPLATE'));
  return {
    /** Moves every zone on to `to`, resetting day and month totals at their boundaries. */
    advance(to: number) {
      while (t < to) {
        const next = Math.min(to, Math.floor(t / HOUR) * HOUR + HOUR);
        for (let i = 0; i < count; i += 1) {
          const add = (rate[i]! * (next - t)) / HOUR;
          day[i]! += add;
          month[i]! += add;
        }
        t = next;
        if (t % (24 * HOUR) === 0) {
          day.fill(0);
          if (new Date(t).getUTCDate() === 1) month.fill(0);
        }
      }
    },
    snapshotAt(at: number): Snapshot {
      this.advance(at);
      const store = new SnapshotStore();
      const zones = ids.map((zone_id, i) => ({ ...template, zone_id, name: `Zone ${i}`, spend_today_cents: day[i]!, spend_this_month_cents: month[i]!, usage_today_bytes: Math.round(day[i]! * 1e6), usage_this_month_bytes: Math.round(month[i]! * 1e6), current_thoughput_bps: 1_000_000 + i }));
      store.zonesFetched({ zones, removedIds: [], info: sampleInfo(), error: null, at: new Date(at).toISOString() });
      return store.get();
    },
  };
}

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'zonewatch-bench-history-'));
}

function filesSize(dir: string, prefix: string): number {
  return fs.readdirSync(dir).filter((f) => f.startsWith(prefix)).reduce((sum, f) => sum + fs.statSync(path.join(dir, f)).size, 0);
}

/** The ledger's own work in a poll cycle (the readings folded in), and a save of its open month. */
function perCycle(zones: number): void {
  const start = Date.parse('2026-11-10T09:00:00Z');
  const fleet = zoneFleet(zones, Date.parse('2026-11-01T00:00:00Z'));
  const dir = tempDir();
  try {
    const ledger = createLedger({ profileId: 'bench', memory: false, factory: confStoreFactory(dir), now: () => start, logger: silent, tell: () => () => undefined });
    const snapshots = Array.from({ length: 200 }, (_, i) => fleet.snapshotAt(start + i * 5 * 60_000));
    const record: number[] = [];
    for (const snapshot of snapshots) {
      const t0 = performance.now();
      ledger.record(snapshot);
      record.push(performance.now() - t0);
    }
    print(`record per poll cycle (${zones} zones, median)`, median(record), 'ms');
    const saves: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      ledger.record(fleet.snapshotAt(start + (200 + i) * 5 * 60_000));
      const t0 = performance.now();
      ledger.save();
      saves.push(performance.now() - t0);
    }
    print(`save of the open month (${zones} zones, median of 5)`, median(saves), 'ms');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** 100 zones read every hour for 400 days: the files on disk, and reading them at start. */
function yearOfLedger(): void {
  const end = Date.parse('2026-11-20T12:00:00Z');
  const start = end - 400 * 24 * HOUR;
  const fleet = zoneFleet(100, Date.UTC(new Date(start).getUTCFullYear(), new Date(start).getUTCMonth(), 1));
  const dir = tempDir();
  try {
    let now = start;
    const ledger = createLedger({ profileId: 'bench', memory: false, factory: confStoreFactory(dir), now: () => now, logger: silent, tell: () => () => undefined });
    for (now = start + 17 * 60_000; now < end; now += HOUR) ledger.record(fleet.snapshotAt(now));
    ledger.save();
    const days = ledger.months().reduce((sum, month) => sum + Math.max(0, ...month.zones.map((z) => z.days.length)), 0);
    print('size on disk (100 zones × 400 days read hourly, 13 months kept)', filesSize(dir, 'profile-bench-ledger') / 1024, 'KiB');
    print('days held per zone of those 400', days, 'days');
    const loads: number[] = [];
    const calendars: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const t0 = performance.now();
      const loaded = createLedger({ profileId: 'bench', memory: false, factory: confStoreFactory(dir), now: () => now, logger: silent, tell: () => () => undefined });
      const t1 = performance.now();
      calendarOf(loaded.months(), loaded.lastReadingAt());
      loads.push(t1 - t0);
      calendars.push(performance.now() - t1);
    }
    print('load at start (100 zones × 400 days, median of 5)', median(loads), 'ms');
    print('first calendar after it (100 zones × 400 days, median of 5)', median(calendars), 'ms');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** 48 hours of 1,000 zones' samples as the history keeps them, written as the cache save writes them. */
function intradayAt(zones: number): void {
  const end = Date.parse('2026-11-20T12:00:00Z');
  const fleet = zoneFleet(zones, Date.parse('2026-11-01T00:00:00Z'));
  const history = new HistoryStore();
  for (let t = end - 50 * HOUR; t <= end; t += 5 * 60_000) {
    const point = historyPointFrom(fleet.snapshotAt(t));
    if (point) history.add(point as HistoryPoint);
  }
  const dir = tempDir();
  try {
    const store = createIntradayStore({ profileId: 'bench', memory: false, factory: confStoreFactory(dir), now: () => end, logger: silent, tell: () => () => undefined });
    const writes: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const t0 = performance.now();
      store.save(history.all());
      writes.push(performance.now() - t0);
    }
    print(`intraday write (${zones.toLocaleString('en-US')} zones, 48 h, median of 5)`, median(writes), 'ms');
    print(`intraday file (${zones.toLocaleString('en-US')} zones, 48 h)`, filesSize(dir, 'profile-bench-intraday') / 1024, 'KiB');
    const t0 = performance.now();
    createIntradayStore({ profileId: 'bench', memory: false, factory: confStoreFactory(dir), now: () => end, logger: silent, tell: () => () => undefined }).restore(history.all());
    print(`intraday read at start (${zones.toLocaleString('en-US')} zones)`, performance.now() - t0, 'ms');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

perCycle(100);
perCycle(1_000);
yearOfLedger();
intradayAt(1_000);
