// One daily series (a zone's, an account's) fitted as docs/architecture.md › Month-end forecast
// says: a weekday pattern, a recent level and a slow trend, and how far its days stray from them.
// The constants were tuned on the local service's seeds 1–6 only (docs/service.md › Traffic over weeks).

/** A whole UTC day of spend: `day` in epoch days (ms ÷ 86,400,000). */
export type DayValue = { day: number; cents: number; estimated: boolean };

/** How far back the fit looks: eight weeks. */
export const FIT_WINDOW_DAYS = 56;
/** The level's half-life in days: recent days weigh most, a week ago half as much. */
const LEVEL_HALF_LIFE_DAYS = 7;
/** Days the trend is measured over, and the fewest it needs. */
const TREND_DAYS = 28;
const TREND_MIN_DAYS = 14;
/** Ahead of today the trend is shrunk to a quarter (a slope over four weeks of noisy days overshoots); any trend is kept within ±2 % a day. */
const TREND_SHRINK = 0.25;
/** Bringing the average forward to today uses the trend halved. */
const SEEN_SHRINK = 0.5;
const TREND_LIMIT = 0.02;
/** The fewest whole days for a weekday pattern; each weekday's share is shrunk towards 1 by this many pseudo-days. */
export const PATTERN_MIN_DAYS = 14;
const WEEKDAY_PRIOR_DAYS = 2;
/** A day more than this many times the window's median is a runaway: it counts at this cap in the level, and in the runaway allowance. */
const RUNAWAY_CAP = 2.5;

/** A day below this share of the window's median is a stopped day. */
const IDLE_SHARE = 0.15;
/** A stopped zone may start again any day: its spread. */
const STOPPED_SIGMA = 1;

export type SeriesFit = {
  /** Expected spend of a weekday-1 day at `today` (cents). */
  level: number;
  /** Share of the level by UTC weekday, Sunday first. */
  weekday: number[];
  /** Growth per day. */
  growth: number;
  /** Log-scale spread of a single day around the fit. */
  sigma: number;
  /** The window's runaway days as a factor on the level (all days ÷ days with runaways capped), and the two sums. */
  allowance: number;
  rawSum: number;
  cappedSum: number;
  /** Whole days the fit rests on. */
  days: number;
  estimated: boolean;
  today: number;
  /** A zone in a stopped stretch: its level until `until` (epoch day), the fit's own from then on. */
  stopped?: { level: number; until: number };
};

const weekdayOf = (day: number) => (((day + 4) % 7) + 7) % 7; // 1970-01-01 was a Thursday

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function weekdayShares(days: readonly DayValue[], capped: readonly number[]): number[] {
  const shares = [1, 1, 1, 1, 1, 1, 1];
  if (days.length < PATTERN_MIN_DAYS) return shares;
  const mean = capped.reduce((a, b) => a + b, 0) / capped.length;
  if (mean <= 0) return shares;
  const sums = [0, 0, 0, 0, 0, 0, 0];
  const counts = [0, 0, 0, 0, 0, 0, 0];
  capped.forEach((value, i) => {
    const wd = weekdayOf(days[i]!.day);
    sums[wd]! += value;
    counts[wd]! += 1;
  });
  for (let wd = 0; wd < 7; wd += 1) {
    const n = counts[wd]!;
    const ratio = n === 0 ? 1 : sums[wd]! / n / mean;
    shares[wd] = (n * ratio + WEEKDAY_PRIOR_DAYS) / (n + WEEKDAY_PRIOR_DAYS);
  }
  return shares;
}

/** The slope of the logarithm of the last TREND_DAYS days (per day); 0 with fewer than TREND_MIN_DAYS. */
function trendOf(days: readonly DayValue[], level: readonly number[], today: number, floor: number): number {
  const recent = days.map((d, i) => ({ x: d.day - today, y: Math.log(level[i]! + floor) })).filter((p) => p.x >= -TREND_DAYS);
  if (recent.length < TREND_MIN_DAYS) return 0;
  const mx = recent.reduce((a, p) => a + p.x, 0) / recent.length;
  const my = recent.reduce((a, p) => a + p.y, 0) / recent.length;
  const sxx = recent.reduce((a, p) => a + (p.x - mx) ** 2, 0);
  const sxy = recent.reduce((a, p) => a + (p.x - mx) * (p.y - my), 0);
  const slope = sxx > 0 ? sxy / sxx : 0;
  return slope;
}

/**
 * The fit of a series' whole days before `today` (epoch days, oldest first; days outside the last
 * FIT_WINDOW_DAYS are ignored). Null without a single day. Pure.
 */
export function fitSeries(series: readonly DayValue[], today: number): SeriesFit | null {
  const held = series.filter((d) => d.day < today && d.day >= today - FIT_WINDOW_DAYS && Number.isFinite(d.cents) && d.cents >= 0);
  if (held.length === 0) return null;
  // A stopped stretch (days far below the usual, e.g. standing charges only) says nothing of the
  // level once the zone runs again; while it lasts, the stretch itself is the level.
  const idleBelow = IDLE_SHARE * median(held.map((d) => d.cents));
  const idle = (d: DayValue) => d.cents < idleBelow;
  const trailingIdle = held.length - 1 - held.findLastIndex((d) => !idle(d));
  if (trailingIdle > 0) {
    const stretch = held.slice(held.length - trailingIdle);
    const level = stretch.reduce((sum, d) => sum + d.cents, 0) / stretch.length;
    const stopped = { level, weekday: [1, 1, 1, 1, 1, 1, 1], growth: 0, sigma: STOPPED_SIGMA, allowance: 1, rawSum: 0, cappedSum: 0, days: held.length, estimated: held.some((d) => d.estimated), today };
    // A pause is expected to last as long again as it has so far, then the zone to run as it did.
    const running = held.slice(0, held.length - trailingIdle).filter((d) => !idle(d));
    if (running.length === 0) return stopped;
    return { ...activeFit(running, held, today), sigma: STOPPED_SIGMA, stopped: { level, until: today + trailingIdle } };
  }
  return activeFit(held.filter((d) => !idle(d)), held, today);
}

/** The fit of a zone's running days (`days`, none of them idle) out of all it held. */
function activeFit(days: readonly DayValue[], held: readonly DayValue[], today: number): SeriesFit {
  const cap = RUNAWAY_CAP * Math.max(median(days.map((d) => d.cents)), 1e-9);
  const capped = days.map((d) => Math.min(d.cents, cap));
  const weekday = weekdayShares(days, capped);
  const plain = capped.map((c, i) => c / weekday[weekdayOf(days[i]!.day)]!);
  const raw = days.map((d, i) => d.cents / weekday[weekdayOf(days[i]!.day)]!);
  let weightSum = 0;
  let levelSum = 0;
  let lagSum = 0;
  plain.forEach((value, i) => {
    const age = today - days[i]!.day;
    const weight = 0.5 ** (age / LEVEL_HALF_LIFE_DAYS);
    weightSum += weight;
    levelSum += weight * value;
    lagSum += weight * age;
  });
  // Runaway days are left out of the level but not forgotten: the window's share of them is added back.
  const cappedSum = plain.reduce((a, b) => a + b, 0);
  const rawSum = raw.reduce((a, b) => a + b, 0);
  const allowance = cappedSum > 0 ? rawSum / cappedSum : 1;
  const floor = Math.max(1, 0.02 * (levelSum / weightSum));
  const slope = trendOf(days, plain, today, floor);
  const limit = (rate: number) => Math.max(-TREND_LIMIT, Math.min(TREND_LIMIT, rate));
  // The average lags the days it averages: the trend as seen brings it to today; only what lies
  // ahead is extrapolated with the trend shrunk.
  const seen = limit(Math.expm1(slope * SEEN_SHRINK));
  const growth = limit(Math.expm1(slope * TREND_SHRINK));
  const level = (levelSum / weightSum) * allowance * (1 + seen) ** (lagSum / weightSum);
  const residuals = days.map((d, i) => Math.log((raw[i]! + floor) / (level * (1 + seen) ** (d.day - today) + floor)));
  const sigma = Math.sqrt(residuals.reduce((a, r) => a + r * r, 0) / residuals.length);
  return { level, weekday, growth, sigma, allowance, rawSum, cappedSum, days: held.length, estimated: held.some((d) => d.estimated), today };
}

/** The fit's expected spend on a day (epoch days). Pure. */
export function expectedOn(fit: SeriesFit, day: number): number {
  if (fit.stopped !== undefined && day < fit.stopped.until) return fit.stopped.level;
  return fit.level * fit.weekday[weekdayOf(day)]! * (1 + fit.growth) ** (day - fit.today);
}
