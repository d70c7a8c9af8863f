// The month-end forecast's backtest (docs/architecture.md › Month-end forecast), for any account's
// per-day record: on every day of the months replayed, at 00:00 UTC, the app's own ledger holds the
// days before it (as the demo's backfill builds it), and the app's forecast, the 24-hour-rate
// projection it replaced and the month-to-date pace are compared with the month's true total.
// Shared by `npm run bench -- forecast` and the calibration test on a second traffic generator.
import { monthEndForecast } from '../../../electron/core/forecast/month-end';
import { createLedger } from '../../../electron/core/ledger/ledger-store';
import type { DemoZoneDay } from '../../../electron/core/ports';
import { projectedMonthEndCents } from '../../../electron/core/readout/spend-forecast';
import { createMemoryStore } from '../../../electron/core/storage/persistence';
import { randomInt } from '../../../electron/service/prng';

const DAY = 86_400_000;
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const dayKey = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** One forecast of a month's total, made at 00:00 UTC on day `dom` of a month of `last` days. */
export type ForecastOutcome = {
  /** The month's 1st, epoch ms. */
  month: number;
  dom: number;
  last: number;
  truth: number;
  expected: number;
  low: number;
  high: number;
  /** The 24-hour projection: yesterday's rate for the hours left. */
  naive: number;
  /** The month-to-date pace: days 1 … d−1 ÷ (d − 1) × the month's days; on the 1st, last month's daily mean × the month's days. */
  pace: number;
};

/**
 * Every day's forecast over `months` (each the UTC epoch ms of a month's 1st) of one account whose
 * zones' whole days are `days` (up to eight months before the first replayed month, so the fit
 * and the pace on the 1st have their history). Pure.
 */
export function replayForecasts(days: readonly DemoZoneDay[], months: readonly number[]): ForecastOutcome[] {
  const byDay = new Map<string, DemoZoneDay[]>();
  for (const d of days) byDay.set(d.day, [...(byDay.get(d.day) ?? []), d]);
  const spendOn = (ms: number) => (byDay.get(dayKey(ms)) ?? []).reduce((sum, d) => sum + d.spendCents, 0);
  const zoneIds = [...new Set(days.map((d) => d.zoneId))];
  const out: ForecastOutcome[] = [];
  for (const first of months) {
    const next = Date.UTC(new Date(first).getUTCFullYear(), new Date(first).getUTCMonth() + 1, 1);
    const previous = Date.UTC(new Date(first).getUTCFullYear(), new Date(first).getUTCMonth() - 1, 1);
    const monthDays = Math.round((next - first) / DAY);
    let truth = 0;
    for (let t = first; t < next; t += DAY) truth += spendOn(t);
    let lastMonth = 0;
    for (let t = previous; t < first; t += DAY) lastMonth += spendOn(t);
    // One ledger per month, as it stands at the month's last midnight: the forecast reads only the
    // whole days before its own `now` (series-fit.ts), so each day sees what it would have seen then.
    const asOf = next - DAY;
    const from = dayKey(Date.UTC(new Date(first).getUTCFullYear(), new Date(first).getUTCMonth() - 8, 1));
    const ledger = createLedger({ profileId: 'replay', memory: true, factory: createMemoryStore, now: () => asOf, logger: silent, tell: () => () => undefined });
    ledger.backfill(days.filter((d) => d.day >= from && d.day < dayKey(asOf)));
    const months = ledger.months();
    const spentByZone = new Map<string, number>();
    let spentMonth = 0;
    for (let now = first; now < next; now += DAY) {
      const { account } = monthEndForecast({
        months,
        zones: zoneIds.map((zoneId) => ({ zoneId, spentMonthCents: spentByZone.get(zoneId) ?? 0, spentTodayCents: 0, running: true, standingCentsPerDay: 0 })),
        accountSpentCents: null,
        now,
      });
      const dom = Math.round((now - first) / DAY) + 1;
      const pace = dom === 1 ? (lastMonth / Math.round((first - previous) / DAY)) * monthDays : (spentMonth / (dom - 1)) * monthDays;
      const naive = projectedMonthEndCents(spentMonth, spendOn(now - DAY) / 24, now);
      if (account !== null && truth > 0) {
        out.push({ month: first, dom, last: monthDays, truth, expected: account.expectedCents, low: account.lowCents, high: account.highCents, naive, pace });
      }
      for (const d of byDay.get(dayKey(now)) ?? []) spentByZone.set(d.zoneId, (spentByZone.get(d.zoneId) ?? 0) + d.spendCents);
      spentMonth += spendOn(now);
    }
  }
  return out;
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const error = (value: number, o: ForecastOutcome) => Math.abs(value - o.truth) / o.truth;

/** The thirds of the month the range must hold in, each on its own. */
export const THIRDS = [
  { name: 'days 1–10', has: (o: ForecastOutcome) => o.dom <= 10 },
  { name: 'days 11–20', has: (o: ForecastOutcome) => o.dom >= 11 && o.dom <= 20 },
  { name: 'days 21–end', has: (o: ForecastOutcome) => o.dom >= 21 },
] as const;

export type DayScore = { dom: number; forecast: number; naive: number; pace: number; count: number };

export type ReplayScore = {
  /** Median absolute errors (fractions of the truth) by day of the month. */
  days: DayScore[];
  /** Share of forecasts whose range held the truth: all, and in each third. */
  held: number;
  heldByThird: { name: string; held: number }[];
  above: number;
  below: number;
  /** Days from the 1st to the month's last minus 3 on which the forecast's median error is not below both yardsticks'. */
  beatenOn: number[];
  count: number;
};

/** The backtest's figures over a set of forecasts. Pure. */
export function scoreForecasts(outcomes: readonly ForecastOutcome[]): ReplayScore {
  const days: DayScore[] = [];
  const beatenOn: number[] = [];
  for (let dom = 1; dom <= 31; dom += 1) {
    const on = outcomes.filter((o) => o.dom === dom);
    if (on.length === 0) continue;
    days.push({ dom, forecast: median(on.map((o) => error(o.expected, o))), naive: median(on.map((o) => error(o.naive, o))), pace: median(on.map((o) => error(o.pace, o))), count: on.length });
    const early = on.filter((o) => o.dom <= o.last - 3);
    if (early.length === 0) continue;
    const forecast = median(early.map((o) => error(o.expected, o)));
    if (forecast >= median(early.map((o) => error(o.naive, o))) || forecast >= median(early.map((o) => error(o.pace, o)))) beatenOn.push(dom);
  }
  const heldShare = (list: readonly ForecastOutcome[]) => list.filter((o) => o.truth >= o.low && o.truth <= o.high).length / Math.max(1, list.length);
  return {
    days,
    held: heldShare(outcomes),
    heldByThird: THIRDS.map((third) => ({ name: third.name, held: heldShare(outcomes.filter(third.has)) })),
    above: outcomes.filter((o) => o.truth > o.high).length,
    below: outcomes.filter((o) => o.truth < o.low).length,
    beatenOn,
    count: outcomes.length,
  };
}

/** Whether the score meets docs/architecture.md › Month-end forecast's goals: each third held 70–90 %, misses balanced within × 2, both yardsticks beaten. */
export function goalsMet(score: ReplayScore): boolean {
  const balanced = Math.max(score.above, score.below) <= 2 * Math.min(score.above, score.below);
  return score.heldByThird.every((t) => t.held >= 0.7 && t.held <= 0.9) && balanced && score.beatenOn.length === 0;
}

/**
 * The share of `draws` resamples in which the error goal (below both yardsticks on every day to
 * the last − 3) holds, each resample as many whole months drawn from `months` with replacement:
 * how much a pass or a miss owes to which months happened to be replayed. Pure for a seeded `random`.
 */
export function errorGoalResampled(months: readonly (readonly ForecastOutcome[])[], draws: number, random: () => number): number {
  let met = 0;
  for (let draw = 0; draw < draws; draw += 1) {
    const drawn = months.flatMap(() => months[randomInt(random, 0, months.length - 1)]!);
    if (scoreForecasts(drawn).beatenOn.length === 0) met += 1;
  }
  return met / draws;
}

/** One replay's forecasts, month by month. */
export function byMonth(outcomes: readonly ForecastOutcome[]): ForecastOutcome[][] {
  const months = new Map<number, ForecastOutcome[]>();
  for (const o of outcomes) {
    const list = months.get(o.month) ?? [];
    list.push(o);
    months.set(o.month, list);
  }
  return [...months.values()];
}
