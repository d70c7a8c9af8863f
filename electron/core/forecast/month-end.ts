import type { ForecastBasis, MonthEndForecast } from '../../../shared/forecast';
import type { DerivedMonth } from '../ledger/ledger-model';
import { DAY_MS, daysInMonth, monthOf, monthStart } from '../ledger/utc-calendar';
import { CALIBRATION_REACH_DAYS, calibrate, pastErrors } from './range-calibration';
import { type DayValue, expectedOn, FIT_WINDOW_DAYS, fitSeries, PATTERN_MIN_DAYS, type SeriesFit } from './series-fit';

// The month-end forecast (docs/architecture.md › Month-end forecast): one function for each zone
// and for the account, from the daily ledger and the latest reading. The account's range is worked
// out on the account's own daily totals, never by adding zones' ends. Pure.

/** z of the 10th and 90th percentiles: the 80 % range. */
const Z80 = 1.2816;
/** Calibration of the spread (tuned on seeds 1–6: the range held the month's total 83 % of the time). */
const SPREAD_SCALE = 0.85;
/** Days the level effectively averages (a 7-day half-life), and how fast a level may drift per day left. */
const LEVEL_DAYS = 10;
const DRIFT_PER_DAY = 0.006;
/** The least spread with too few days for a weekday pattern, and with no whole day at all. */
const FEW_DAYS_SPREAD = 0.3;
const NO_DAYS_SPREAD = 0.6;
/** An off zone's standing charges are known; only a switch back on could change them. */
const OFF_SPREAD = 0.02;

export type ZoneForecastInput = {
  zoneId: string;
  /** `spend_this_month_cents` at the latest reading; null when the service did not say. */
  spentMonthCents: number | null;
  /** `spend_today_cents` at the latest reading (today's partial day); null when unknown. */
  spentTodayCents: number | null;
  /** False when the zone is off: only its standing charges are still to come. */
  running: boolean | null;
  /** The zone's standing charges per day (monthly ÷ 30, docs/api.md › Costs). */
  standingCentsPerDay: number;
};

export type MonthEndInput = {
  months: readonly DerivedMonth[];
  zones: readonly ZoneForecastInput[];
  /**
   * The account's own spend this month (`billing.spend.amount_cents`); null when unknown. What it
   * holds beyond the known zones' (zones the app cannot see) goes on at its month's pace.
   */
  accountSpentCents: number | null;
  now: number;
};

export type AccountMonthEnd = {
  /** Null when no zone's spend is known. */
  account: MonthEndForecast | null;
  zones: ReadonlyMap<string, MonthEndForecast>;
};

/** Each zone's whole days (exact or estimated) the ledger holds, by epoch day. */
function zoneSeries(months: readonly DerivedMonth[]): Map<string, DayValue[]> {
  const out = new Map<string, DayValue[]>();
  for (const month of months) {
    const first = monthStart(month.month) / DAY_MS;
    for (const zone of month.zones) {
      const list = out.get(zone.zoneId) ?? [];
      for (const day of zone.days) {
        if (day.coverage !== 'partial') list.push({ day: first + day.dom - 1, cents: day.spend, estimated: day.coverage === 'estimated' });
      }
      out.set(zone.zoneId, list);
    }
  }
  return out;
}

/** The account's daily totals over the given zones' whole days, by epoch day, oldest first. */
function totalSeries(months: readonly DerivedMonth[], zoneIds: ReadonlySet<string>): DayValue[] {
  const byDay = new Map<number, DayValue>();
  for (const month of months) {
    const first = monthStart(month.month) / DAY_MS;
    for (const zone of month.zones) {
      if (!zoneIds.has(zone.zoneId)) continue;
      for (const d of zone.days) {
        if (d.coverage === 'partial') continue;
        const day = first + d.dom - 1;
        const sum = byDay.get(day) ?? { day, cents: 0, estimated: false };
        sum.cents += d.spend;
        sum.estimated ||= d.coverage === 'estimated';
        byDay.set(day, sum);
      }
    }
  }
  return [...byDay.values()].sort((a, b) => a.day - b.day);
}

type Horizon = { today: number; elapsedOfToday: number; futureDays: number[]; daysLeft: number; monthDays: number };

function horizonOf(now: number): Horizon {
  const today = Math.floor(now / DAY_MS);
  const month = monthOf(now);
  const last = monthStart(month) / DAY_MS + daysInMonth(month) - 1;
  const elapsedOfToday = (now - today * DAY_MS) / DAY_MS;
  const futureDays: number[] = [];
  for (let day = today + 1; day <= last; day += 1) futureDays.push(day);
  return { today, elapsedOfToday, futureDays, daysLeft: 1 - elapsedOfToday + futureDays.length, monthDays: daysInMonth(month) };
}

function spreadOf(fit: SeriesFit | null, basis: ForecastBasis, daysLeft: number): number {
  if (daysLeft <= 0) return 0;
  if (basis === 'off') return OFF_SPREAD;
  if (fit === null) return NO_DAYS_SPREAD;
  const spread = SPREAD_SCALE * Math.sqrt(fit.sigma ** 2 / Math.max(1, daysLeft) + fit.sigma ** 2 / LEVEL_DAYS + (DRIFT_PER_DAY * daysLeft) ** 2);
  return basis === 'few_days' ? Math.max(spread, FEW_DAYS_SPREAD) : spread;
}

function basisOf(fit: SeriesFit | null): ForecastBasis {
  if (fit === null) return 'month_so_far';
  return fit.days < PATTERN_MIN_DAYS ? 'few_days' : 'pattern';
}

function wordsOf(basis: ForecastBasis, fit: SeriesFit | null): string {
  const estimated = fit?.estimated ? ' (some of them estimated)' : '';
  switch (basis) {
    case 'pattern':
      return `From ${fit?.days ?? 0} days of history${estimated}: the weekday pattern, the recent level and its trend`;
    case 'few_days':
      return `Only ${fit?.days ?? 0} ${fit?.days === 1 ? 'day' : 'days'} of history${estimated}: no weekday pattern yet, so the range is wide`;
    case 'month_so_far':
      return "No whole day of history yet: this month's pace so far, so the range is wide";
    case 'off':
      return 'The zone is off: only its standing charges are still to come';
  }
}

/** The figure from what is spent, what is still expected and how uncertain that is. */
export function forecastOf(spent: number, remainder: number, spread: number, basis: ForecastBasis, estimated: boolean, words: string, centre = 0): MonthEndForecast {
  const rest = Math.max(0, remainder);
  return {
    expectedCents: spent + rest,
    lowCents: spent + rest * Math.exp(centre - Z80 * spread),
    highCents: spent + rest * Math.exp(centre + Z80 * spread),
    spentCents: spent,
    spread,
    basis,
    estimated,
    words,
  };
}

/** What one zone (or account) fit expects for the rest of the month: today's rest and the days after it. */
function remainderOf(fit: SeriesFit, horizon: Horizon, spentToday: number | null): number {
  const left = 1 - horizon.elapsedOfToday;
  const today = expectedOn(fit, horizon.today);
  // The day so far says something of the day's rest: the later in the day, the more it weighs.
  const restOfToday = spentToday === null ? today * left : left * (left * today + spentToday);
  return restOfToday + horizon.futureDays.reduce((sum, day) => sum + expectedOn(fit, day), 0);
}

/** The fit with the account's runaway allowance in place of the zone's own. */
function pooled(fit: SeriesFit | null, allowance: number): SeriesFit | null {
  if (fit === null || fit.cappedSum === 0) return fit;
  return { ...fit, level: (fit.level / fit.allowance) * allowance, allowance };
}

/** What is still to come for each cent spent so far at this month's pace, the days' weekdays counted (the fit's shares). */
function weekdayRatio(fit: SeriesFit | null, horizon: Horizon): number {
  const shareOf = (day: number) => (fit === null ? 1 : fit.weekday[(((day + 4) % 7) + 7) % 7]!);
  const first = horizon.today - (horizon.monthDays - horizon.futureDays.length - 1);
  let goneShares = horizon.elapsedOfToday * shareOf(horizon.today);
  for (let day = first; day < horizon.today; day += 1) goneShares += shareOf(day);
  const leftShares = (1 - horizon.elapsedOfToday) * shareOf(horizon.today) + horizon.futureDays.reduce((sum, day) => sum + shareOf(day), 0);
  return goneShares > 0 ? leftShares / goneShares : 0;
}

/** The pace's share of what is still to come (above). Pure. */
function paceShare(fit: SeriesFit | null, horizon: Horizon, elapsedDays: number): number {
  const gone = Math.floor(horizon.monthDays - horizon.daysLeft);
  if (gone === 0 || fit === null || fit.stopped !== undefined || fit.sigma === 0 || horizon.daysLeft <= 0) return 0;
  const bias = Math.log(Math.max(1e-9, weekdayRatio(fit, horizon)) / (horizon.daysLeft / elapsedDays));
  const fitError = fit.sigma ** 2 / LEVEL_DAYS;
  return fitError / (fitError + fit.sigma ** 2 / gone + bias ** 2);
}

function monthSoFarOf(series: readonly DayValue[], now: number, spentToday: number | null): number {
  const first = monthStart(monthOf(now)) / DAY_MS;
  const today = Math.floor(now / DAY_MS);
  return series.filter((d) => d.day >= first && d.day < today).reduce((sum, d) => sum + d.cents, 0) + (spentToday ?? 0);
}

/** The oldest month the forecast at `now` reads: the calibration's reach, before the fit's window. */
export function monthEndReach(now: number): string {
  const horizon = horizonOf(now);
  return monthOf((horizon.today - FIT_WINDOW_DAYS - CALIBRATION_REACH_DAYS - horizon.monthDays) * DAY_MS);
}

/**
 * This month's expected total and 80 % range for each zone and for the account. A zone's comes
 * from its own days; an off zone's from its standing charges; the account's expected total is the
 * sum of its zones', and its range comes from the account's own daily totals. Pure.
 */
export function monthEndForecast(input: MonthEndInput): AccountMonthEnd {
  const { now } = input;
  const horizon = horizonOf(now);
  // A zone's fit reads the last FIT_WINDOW_DAYS only; the account's range is calibrated on its
  // totals as far back again as its past forecasts reach: the months before need not be walked.
  const oldest = monthOf((horizon.today - FIT_WINDOW_DAYS) * DAY_MS);
  const series = zoneSeries(input.months.filter((month) => month.month >= oldest));
  const reach = monthEndReach(now);
  const accountSeries = totalSeries(
    input.months.filter((month) => month.month >= reach),
    new Set(input.zones.map((zone) => zone.zoneId)),
  );
  const zones = new Map<string, MonthEndForecast>();
  let spentTotal = 0;
  let remainderTotal = 0;
  let known = 0;
  const fits = new Map(input.zones.map((zone) => [zone.zoneId, fitSeries(series.get(zone.zoneId) ?? [], horizon.today)]));
  // Runaway days are rare for one zone: how much they add is learnt from all the account's zones together.
  let rawSum = 0;
  let cappedSum = 0;
  for (const fit of fits.values()) {
    rawSum += fit?.rawSum ?? 0;
    cappedSum += fit?.cappedSum ?? 0;
  }
  const pooledAllowance = cappedSum > 0 ? rawSum / cappedSum : 1;
  const accountFit = fitSeries(accountSeries, horizon.today);
  const accountBasis = basisOf(accountFit);
  const prior = spreadOf(accountFit, accountBasis, horizon.daysLeft);
  const calibration =
    accountBasis === 'pattern' && horizon.daysLeft > 0 ? calibrate(prior, Z80, pastErrors(accountSeries, horizon.today, Math.ceil(horizon.daysLeft))) : { shift: 0, centre: 0, spread: prior };
  const elapsedDays = Math.max(1 / 24, horizon.monthDays - horizon.daysLeft);
  const parts: { zoneId: string; spent: number; remainder: number; fit: SeriesFit | null; basis: ForecastBasis }[] = [];
  let fitRemainder = 0;
  let fitSpent = 0;
  for (const zone of input.zones) {
    const own = series.get(zone.zoneId) ?? [];
    const spent = zone.spentMonthCents ?? monthSoFarOf(own, now, zone.spentTodayCents);
    if (!Number.isFinite(spent) || spent < 0) continue;
    const fit = pooled(fits.get(zone.zoneId) ?? null, pooledAllowance);
    let basis: ForecastBasis = zone.running === false ? 'off' : basisOf(fit);
    let remainder: number;
    if (basis === 'off') remainder = zone.standingCentsPerDay * horizon.daysLeft;
    else if (fit !== null) {
      remainder = Math.max(0, remainderOf(fit, horizon, zone.spentTodayCents));
      fitRemainder += remainder;
      fitSpent += spent;
    } else {
      remainder = (spent / elapsedDays) * horizon.daysLeft;
      basis = 'month_so_far';
    }
    parts.push({ zoneId: zone.zoneId, spent, remainder: Math.max(0, remainder), fit, basis });
  }
  // What the running zones' fits expect (moved by the past forecasts' shift), weighed against their
  // month-to-date pace, each as the inverse of its expected squared error: the fit's level rests on
  // about LEVEL_DAYS days (σ²/LEVEL_DAYS), the pace's on the whole days gone (σ²/days gone) plus the
  // square of its bias, the days left being other weekdays than the days gone (the fit's shares).
  // A paused account's σ is not a day's noise: its fit alone. Every zone moves by the same factor,
  // so the zones still add up to the account.
  const pace = (fitSpent / elapsedDays) * horizon.daysLeft;
  const share = paceShare(accountFit, horizon, elapsedDays);
  const lifted = Math.exp(calibration.shift) * fitRemainder;
  const factor = fitRemainder > 0 ? ((1 - share) * lifted + share * pace) / fitRemainder : 1;
  for (const { zoneId, spent, remainder: own, fit, basis } of parts) {
    const remainder = basis === 'off' || basis === 'month_so_far' ? own : own * factor;
    zones.set(zoneId, forecastOf(spent, remainder, spreadOf(fit, basis, horizon.daysLeft), basis, fit?.estimated ?? false, wordsOf(basis, fit)));
    spentTotal += spent;
    remainderTotal += remainder;
    known += 1;
  }
  const unseen = input.accountSpentCents !== null && Number.isFinite(input.accountSpentCents) ? Math.max(0, input.accountSpentCents - spentTotal) : 0;
  if (known === 0 && input.accountSpentCents === null) return { account: null, zones };
  spentTotal += unseen;
  remainderTotal += (unseen / elapsedDays) * horizon.daysLeft;
  const account = forecastOf(spentTotal, remainderTotal, calibration.spread, accountBasis, accountFit?.estimated ?? false, wordsOf(accountBasis, accountFit), calibration.centre);
  return { account, zones };
}

/**
 * Several accounts' month end together (All accounts): the sum of their expected totals, and a
 * range for that sum with the accounts' uncertainties counted as independent (separate businesses
 * spend separately), never the sum of their ends. Null without any. Pure.
 */
export function combinedMonthEnd(forecasts: readonly MonthEndForecast[]): MonthEndForecast | null {
  if (forecasts.length === 0) return null;
  const spent = forecasts.reduce((sum, f) => sum + f.spentCents, 0);
  const remainder = forecasts.reduce((sum, f) => sum + (f.expectedCents - f.spentCents), 0);
  const sd = Math.sqrt(forecasts.reduce((sum, f) => sum + ((f.expectedCents - f.spentCents) * f.spread) ** 2, 0));
  const weakest = forecasts.find((f) => f.basis === 'month_so_far') ?? forecasts.find((f) => f.basis === 'few_days');
  const basis = weakest?.basis ?? 'pattern';
  const words =
    weakest === undefined
      ? `The ${forecasts.length} accounts' forecasts together: each account's days, its uncertainty counted apart`
      : `The ${forecasts.length} accounts' forecasts together; one rests on little history, so the range is wide`;
  return forecastOf(spent, remainder, remainder > 0 ? sd / remainder : 0, basis, forecasts.some((f) => f.estimated), words);
}
