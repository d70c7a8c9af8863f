import { mulberry32, type Random } from './prng';

// The traffic model over weeks and months (docs/service.md › Traffic over weeks): each zone's level
// on a UTC day is its weekday's share × its slow trend × the day's own noise × a runaway day now and
// then; stopped stretches live in the seeded record only. Every figure is a pure function of the
// zone's profile and the day, so the seeded past and the live simulation follow the same model.

const DAY_MS = 86_400_000;

/** The model's parameters, as docs/service.md › Traffic over weeks fixes them (written before the forecast was tuned). */
export const TRAFFIC_MODEL = {
  /** Share of zones busier at the weekend (the others are quieter then). */
  weekendBusyShare: 0.2,
  /** Saturday and Sunday level of a weekday-busy zone: 0.45–0.8 of a weekday's. */
  quietWeekend: [0.45, 0.8],
  /** Saturday and Sunday level of a weekend-busy zone: 1.3–1.7 of a weekday's. */
  busyWeekend: [1.3, 1.7],
  /** Slow growth or decline: −12 % to +18 % a month (30 days), compounding per day. */
  monthlyTrend: [-0.12, 0.18],
  /** Each day's own level: ×(1 ± 0.15), uniform. */
  dayNoise: 0.15,
  /** Chance of a runaway day per zone and day, and how much more traffic it carries (×3 to ×6). */
  runawayChance: 1 / 45,
  runawayFactor: [3, 6],
  /** Share of zones that run in stretches; each month such a zone has a stopped stretch with this chance, of 3–12 days. */
  stretchZoneShare: 0.3,
  stretchChancePerMonth: 0.5,
  stretchDays: [3, 12],
} as const;

/** One zone's place in the model, drawn once from its own seeded PRNG. */
export interface TrafficProfile {
  /** Level by UTC weekday, Sunday first: Monday–Thursday 1, Friday halfway to the weekend's. */
  weekday: number[];
  /** Growth per day (compounding), from the start day on; negative: decline. */
  dailyGrowth: number;
  /** The UTC day number (epoch days) the level is 1 on: the service's start day. */
  startDay: number;
  /** Salt of the per-day draws. */
  salt: number;
  /** Whether the zone runs in stretches (docs/service.md › Traffic over weeks: starts and stops). */
  stretches: boolean;
}

const between = (random: Random, [low, high]: readonly [number, number]) => low + (high - low) * random();

/** The profile of one zone; `stretches` is false for a zone a test relies on to run every day. */
export function trafficProfile(random: Random, startMs: number, stretchesAllowed: boolean): TrafficProfile {
  const busyWeekend = random() < TRAFFIC_MODEL.weekendBusyShare;
  const weekend = between(random, busyWeekend ? TRAFFIC_MODEL.busyWeekend : TRAFFIC_MODEL.quietWeekend);
  const monthly = between(random, TRAFFIC_MODEL.monthlyTrend);
  const salt = Math.floor(random() * 2 ** 31);
  const stretches = stretchesAllowed && random() < TRAFFIC_MODEL.stretchZoneShare;
  return {
    weekday: [weekend, 1, 1, 1, 1, (1 + weekend) / 2, weekend],
    dailyGrowth: (1 + monthly) ** (1 / 30) - 1,
    startDay: Math.floor(startMs / DAY_MS),
    salt,
    stretches,
  };
}

function dayRandom(profile: TrafficProfile, epochDay: number, stream: number): Random {
  return mulberry32((profile.salt ^ Math.imul(epochDay, 0x9e3779b1) ^ Math.imul(stream, 0x85ebca6b)) >>> 0);
}

/** Whether the day is a runaway day for the zone. */
export function isRunawayDay(profile: TrafficProfile, epochDay: number): boolean {
  return dayRandom(profile, epochDay, 2)() < TRAFFIC_MODEL.runawayChance;
}

/**
 * Whether the zone was stopped on that day in the seeded record: one stretch at most per UTC month,
 * drawn per month (a stretch may start on any day of the month and runs past its end no further).
 */
export function isStoppedDay(profile: TrafficProfile, epochDay: number): boolean {
  if (!profile.stretches) return false;
  const date = new Date(epochDay * DAY_MS);
  const monthIndex = date.getUTCFullYear() * 12 + date.getUTCMonth();
  const random = dayRandom(profile, monthIndex, 3);
  if (random() >= TRAFFIC_MODEL.stretchChancePerMonth) return false;
  const first = 1 + Math.floor(random() * 28);
  const length = Math.round(between(random, TRAFFIC_MODEL.stretchDays));
  const dom = date.getUTCDate();
  return dom >= first && dom < first + length;
}

/**
 * The zone's traffic level on a UTC day, relative to its mean (`baseBps` × the daily rhythm) on a
 * weekday of the start day: weekday × trend × the day's noise × a runaway day's factor.
 */
export function dayLevel(profile: TrafficProfile, epochMs: number): number {
  const epochDay = Math.floor(epochMs / DAY_MS);
  const weekday = profile.weekday[new Date(epochDay * DAY_MS).getUTCDay()] ?? 1;
  const trend = (1 + profile.dailyGrowth) ** (epochDay - profile.startDay);
  const random = dayRandom(profile, epochDay, 1);
  const noise = 1 + TRAFFIC_MODEL.dayNoise * (2 * random() - 1);
  const runaway = isRunawayDay(profile, epochDay) ? between(random, TRAFFIC_MODEL.runawayFactor) : 1;
  return weekday * trend * noise * runaway;
}
