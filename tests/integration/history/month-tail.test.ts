// Days nobody read, weighed by the zones' usual days (docs/architecture.md › A zone's usual day): on
// the local service's traffic (docs/service.md › Traffic over weeks) for the backtest's seeds, every
// month of a year is read late each day but for four days in its middle and its last three; the app
// is started again on the 1st. The ledger is the app's own: the months before from the service's
// record (as the demo's backfill builds them), then each get-zones answer recorded as a poll cycle
// records it. A day with an anomaly — injected (docs/service.md › Injected anomalies) or a runaway
// day of the traffic model — is one no estimate can foresee, and is left out of both sides.
import { describe, expect, it } from 'vitest';
import { Zone } from '../../../shared/api/zone';
import { SnapshotStore } from '../../../electron/core/data/snapshot-store';
import type { DerivedMonth } from '../../../electron/core/ledger/ledger-model';
import { createLedger } from '../../../electron/core/ledger/ledger-store';
import { dayKey as dayOfMonth, monthOf } from '../../../electron/core/ledger/utc-calendar';
import { createMemoryStore } from '../../../electron/core/storage/persistence';
import { BACKTEST_SEEDS, DAY_MS, dayKey, type ReplayedMonth, replayedMonths, serviceYear, type ServiceYear } from './service-year';

const HOUR = 3_600_000;
/** The days at the month's end the app is off. */
const TAIL_DAYS = 3;
/** The days in the month's middle it is off: from the 12th to the 15th, whatever their weekdays. */
const GAP = { from: 12, days: 4 };
/** Anomalies injected over the replayed year, as often as the anomaly backtest injects them (24 in 90 days). */
const INJECTED = 96;
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** The account's zones as a poll cycle at `at` fetches them, in the snapshot it leaves. */
function snapshotAt(year: ServiceYear, at: number) {
  const store = new SnapshotStore();
  const { zones, info } = year.zonesAt(at);
  store.zonesFetched({ zones: zones.map((zone) => Zone.parse(zone)), removedIds: [], info, error: null, at: new Date(at).toISOString() });
  return store.get();
}

const unread = (dom: number, last: number) => (dom >= GAP.from && dom < GAP.from + GAP.days) || dom > last - TAIL_DAYS;

/** The ledger's closed month after the app read each day of it at 23:57 but the unread ones, and was started again at 09:00 on the 1st of the next. */
function replayMonth(year: ServiceYear, { first, next }: ReplayedMonth): DerivedMonth {
  let now = first + HOUR / 2;
  const ledger = createLedger({ profileId: 'tail', memory: true, factory: createMemoryStore, now: () => now, logger: silent, tell: () => () => undefined });
  const start = new Date(first);
  const kept = dayKey(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() - 13, 1));
  ledger.backfill(year.days.filter((d) => d.day >= kept && d.day < dayKey(first)));
  const last = (next - first) / DAY_MS;
  for (let dom = 1; dom <= last; dom += 1) {
    if (unread(dom, last)) continue;
    now = first + dom * DAY_MS - 3 * 60_000;
    ledger.record(snapshotAt(year, now));
  }
  now = next + 9 * HOUR;
  ledger.record(snapshotAt(year, now));
  return ledger.months().find((m) => m.month === monthOf(first))!;
}

/** Unread days of one account, summed over its zones as the ledger shows them and as they were. */
type Stretch = { label: string; shown: number; truth: number; error: number; estimated: boolean };

function stretch(label: string, derived: DerivedMonth, year: ServiceYear, doms: readonly number[], counts: (zoneId: string) => boolean): Stretch {
  let shown = 0;
  let truth = 0;
  let estimated = true;
  const days = new Set(doms.map((dom) => dayOfMonth(derived.month, dom)));
  const record = new Map(year.days.filter((d) => days.has(d.day)).map((d) => [`${d.zoneId} ${d.day}`, d.spendCents]));
  for (const zone of derived.zones) {
    if (!counts(zone.zoneId)) continue;
    for (const day of zone.days) {
      const key = dayOfMonth(derived.month, day.dom);
      if (!days.has(key)) continue;
      shown += day.spend;
      truth += record.get(`${zone.zoneId} ${key}`) ?? 0;
      estimated &&= day.coverage === 'estimated';
    }
  }
  return { label, shown, truth, error: Math.abs(shown - truth) / truth, estimated };
}

/** `gapTotal`: the stretch between the two readings, the last read day's few minutes after its reading included. */
type MonthReplay = { tail: Stretch; tailBoundless: boolean; gapDays: Stretch[]; gapTotal: Stretch };

function replay(seed: number, year: ServiceYear, month: ReplayedMonth): MonthReplay {
  const derived = replayMonth(year, month);
  const last = (month.next - month.first) / DAY_MS;
  const injected = new Set(year.injected.map((a) => `${a.zoneId} ${a.day}`));
  const anomalyOn = (zoneId: string, doms: readonly number[]) => doms.some((dom) => injected.has(`${zoneId} ${dayOfMonth(derived.month, dom)}`) || year.runaway(zoneId, dayOfMonth(derived.month, dom)));
  const label = `${derived.month} of seed ${seed}`;
  const tailDoms = Array.from({ length: TAIL_DAYS }, (_, i) => last - i);
  // An anomaly within a stretch between two readings moves the stretch's known total, which is spread over its days: the zone is left out of all of them.
  const gapDoms = Array.from({ length: GAP.days }, (_, i) => GAP.from + i);
  return {
    tail: { ...stretch(label, derived, year, tailDoms, () => true), ...sumWithout(derived, year, tailDoms, anomalyOn, label) },
    tailBoundless: derived.zones.every((zone) => zone.days.filter((d) => d.dom > last - TAIL_DAYS).every((d) => d.coverage === 'estimated' && d.estimate?.before === null)),
    gapDays: gapDoms.map((dom) => stretch(`${dayOfMonth(derived.month, dom)} of seed ${seed}`, derived, year, [dom], (zoneId) => !anomalyOn(zoneId, gapDoms))),
    gapTotal: stretch(label, derived, year, [GAP.from - 1, ...gapDoms], () => true),
  };
}

/** The tail over its zone-days without an anomaly, each left out on both sides. */
function sumWithout(derived: DerivedMonth, year: ServiceYear, doms: readonly number[], anomalyOn: (zoneId: string, doms: readonly number[]) => boolean, label: string): Stretch {
  const parts = doms.map((dom) => stretch(label, derived, year, [dom], (zoneId) => !anomalyOn(zoneId, [dom])));
  const shown = parts.reduce((sum, p) => sum + p.shown, 0);
  const truth = parts.reduce((sum, p) => sum + p.truth, 0);
  return { label, shown, truth, error: Math.abs(shown - truth) / truth, estimated: parts.every((p) => p.estimated) };
}

describe('days the app did not read, on a year of the local service for seeds 11–13', () => {
  const months = replayedMonths();
  const replays = BACKTEST_SEEDS.flatMap((seed) => {
    const year = serviceYear(seed, { count: INJECTED, fromDay: dayKey(months[0]!.first), toDay: dayKey(months.at(-1)!.next - DAY_MS) });
    return months.map((month) => replay(seed, year, month));
  });
  const percent = (x: number) => `${(100 * x).toFixed(1)} %`;

  it('estimates the last three days of a month the app missed within 10 % in the median month and 25 % in every one', () => {
    const tails = replays.map((r) => r.tail);
    console.log(`month tails: median error ${percent(median(tails.map((t) => t.error)))}, worst ${percent(Math.max(...tails.map((t) => t.error)))} over ${tails.length}`);
    expect(tails).toHaveLength(BACKTEST_SEEDS.length * 12);
    expect(median(tails.map((t) => t.error))).toBeLessThanOrEqual(0.1);
    for (const t of tails) expect(t.error, `${t.label}: shown ${(t.shown / 100).toFixed(2)} $, true ${(t.truth / 100).toFixed(2)} $`).toBeLessThanOrEqual(0.25);
  });

  it('still says those days are estimated, after the last reading and bounded by none', () => {
    for (const r of replays) expect(r.tail.estimated && r.tailBoundless, r.tail.label).toBe(true);
  });

  it('spreads four days between two readings by the zones\' usual weekdays, keeping their total', () => {
    const days = replays.flatMap((r) => r.gapDays);
    console.log(`days between readings: median error ${percent(median(days.map((d) => d.error)))}, worst ${percent(Math.max(...days.map((d) => d.error)))} over ${days.length}`);
    for (const d of days) expect(d.estimated, d.label).toBe(true);
    expect(median(days.map((d) => d.error))).toBeLessThanOrEqual(0.04);
    for (const { gapTotal: t } of replays) expect(Math.abs(t.shown - t.truth), t.label).toBeLessThan(0.01);
  });
});
