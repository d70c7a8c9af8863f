// `npm run bench -- forecast`: the month-end forecast's backtest (docs/architecture.md › Month-end
// forecast). For seeds never used while tuning (docs/service.md › Traffic over weeks), the local
// service seeds 13 months and more of per-day counters; on every day of 12 months the app's own
// ledger is built from the days before it (as the demo's backfill builds it) and the app's forecast
// and its old 24-hour-rate projection are compared with the month's true total.
// FORECAST_SEEDS=1,2,3,4,5,6 replays the tuning seeds instead.
import { performance } from 'node:perf_hooks';
import { createLedger } from '../../electron/core/ledger/ledger-store';
import { monthEndForecast } from '../../electron/core/forecast/month-end';
import { projectedMonthEndCents } from '../../electron/core/readout/spend-forecast';
import { createMemoryStore } from '../../electron/core/storage/persistence';
import type { ZoneDayRecord } from '../../electron/service/zone-days';
import { replayAnomalies, score } from '../integration/anomalies/anomaly-replay';
import { BACKTEST_SEEDS, DAY_MS as DAY, dayKey, replayedMonths, serviceYear } from '../integration/history/service-year';

const SEEDS = process.env['FORECAST_SEEDS']?.split(',').map(Number) ?? [...BACKTEST_SEEDS];
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

type Outcome = { dom: number; last: number; forecast: number; naive: number; held: boolean };

function replay(seed: number): Outcome[] {
  const { days } = serviceYear(seed);
  const byDay = new Map<string, ZoneDayRecord[]>();
  for (const d of days) byDay.set(d.day, [...(byDay.get(d.day) ?? []), d]);
  const spendOn = (ms: number) => (byDay.get(dayKey(ms)) ?? []).reduce((sum, d) => sum + d.spendCents, 0);
  const zoneIds = [...new Set(days.map((d) => d.zoneId))];
  const out: Outcome[] = [];
  for (const { first, next } of replayedMonths()) {
    let truth = 0;
    for (let t = first; t < next; t += DAY) truth += spendOn(t);
    for (let now = first; now < next; now += DAY) {
      // The ledger as it stood at 00:00 UTC that day: the 13 months it keeps, every day before today.
      const from = dayKey(Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth() - 13, 1));
      const ledger = createLedger({ profileId: 'bench', memory: true, factory: createMemoryStore, now: () => now, logger: silent, tell: () => () => undefined });
      ledger.backfill(days.filter((d) => d.day >= from && d.day < dayKey(now)));
      let spentMonth = 0;
      for (let t = first; t < now; t += DAY) spentMonth += spendOn(t);
      const spentByZone = new Map<string, number>();
      for (const d of days) if (d.day >= dayKey(first) && d.day < dayKey(now)) spentByZone.set(d.zoneId, (spentByZone.get(d.zoneId) ?? 0) + d.spendCents);
      const { account } = monthEndForecast({
        months: ledger.months(),
        zones: zoneIds.map((zoneId) => ({ zoneId, spentMonthCents: spentByZone.get(zoneId) ?? 0, spentTodayCents: 0, running: true, standingCentsPerDay: 0 })),
        accountSpentCents: null,
        now,
      });
      // The projection Zonewatch had: the last 24 hours' rate (yesterday, at midnight) for the hours left.
      const naive = projectedMonthEndCents(spentMonth, spendOn(now - DAY) / 24, now);
      if (account === null || truth <= 0) continue;
      out.push({
        dom: new Date(now).getUTCDate(),
        last: new Date(next - DAY).getUTCDate(),
        forecast: Math.abs(account.expectedCents - truth) / truth,
        naive: Math.abs(naive - truth) / truth,
        held: truth >= account.lowCents && truth <= account.highCents,
      });
    }
  }
  return out;
}

const started = performance.now();
const outcomes = SEEDS.flatMap(replay);
let beaten = true;
for (let dom = 1; dom <= 31; dom += 1) {
  const on = outcomes.filter((o) => o.dom === dom);
  if (on.length === 0) continue;
  const forecast = 100 * median(on.map((o) => o.forecast));
  const naive = 100 * median(on.map((o) => o.naive));
  // Goals: lower than the naive projection from the 1st to the month's last day minus 3, at most 0.5 point worse after.
  const early = on.filter((o) => o.dom <= o.last - 3);
  const late = on.filter((o) => o.dom > o.last - 3);
  const errors = (list: Outcome[], pick: (o: Outcome) => number) => 100 * median(list.map(pick));
  if (early.length > 0 && errors(early, (o) => o.forecast) >= errors(early, (o) => o.naive)) beaten = false;
  if (late.length > 0 && errors(late, (o) => o.forecast) > errors(late, (o) => o.naive) + 0.5) beaten = false;
  console.log(`bench: forecast median absolute error, day ${dom} of the month = ${forecast.toFixed(2)} % (naive ${naive.toFixed(2)} %)`);
}
const held = (100 * outcomes.filter((o) => o.held).length) / outcomes.length;
console.log(`bench: forecast 80 % range held the month total = ${held.toFixed(1)} % of forecasts`);
console.log(`bench: forecast replay = ${outcomes.length} forecasts, seeds ${SEEDS.join(', ')}, ${((performance.now() - started) / 1000).toFixed(1)} s`);
console.log(`bench: forecast goals (error below naive to the last day − 3, within 0.5 point after; range held 70–90 %) = ${beaten && held >= 70 && held <= 90 ? 'met' : 'NOT met'}`);
// docs/architecture.md › Daily anomalies: 90 days with injected anomalies per seed, each day judged as it closed.
const anomalies = score(SEEDS.map(replayAnomalies));
console.log(`bench: anomalies precision = ${anomalies.precision.toFixed(2)}, recall = ${anomalies.recall.toFixed(2)}`);
console.log(`bench: anomalies found = ${anomalies.foundCount} days, injected found with their cause = ${anomalies.injectedFound} of ${anomalies.injectedCount}`);
