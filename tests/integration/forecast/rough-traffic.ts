// A second traffic generator, written for the forecast's backtest and nothing else, unlike the local
// service's (docs/service.md › Traffic over weeks): heavier-tailed day noise (Student's t on the
// logarithm), level steps that stay, quiet days and quiet stretches, zones that start or end,
// weekday patterns of any shape and strength, slow trends that may turn, and a shock all the
// account's zones share. Written before the forecast was tuned against it; its tuning seeds and the
// seeds the calibration test holds out are kept apart (forecast-calibration.test.ts).
import type { DemoZoneDay } from '../../../electron/core/ports';
import { mulberry32, type Random } from '../../../electron/service/prng';

const DAY = 86_400_000;

/** The generator's parameters, fixed before any tuning. */
export const ROUGH_TRAFFIC = {
  zones: [4, 30],
  /** A zone's mean day: e^N(ln 1500, 1.1) cents. */
  levelLog: [Math.log(1_500), 1.1],
  /** Weekday pattern: a shape scaled by a strength of 0–0.9 on the logarithm. */
  weekdayStrength: [0, 0.9],
  /** Growth or decline per 30 days; a third of zones turn once to a new rate. */
  monthlyTrend: [-0.25, 0.3],
  turnShare: 1 / 3,
  /** A step that stays, per zone-day, of e^(±0.8) at most. */
  stepChance: 1 / 100,
  stepLog: 0.8,
  /** Day noise: scale × t(3) on the logarithm, the scale 0.06–0.4 by zone, kept within ±2.5. */
  noiseScale: [0.06, 0.4],
  noiseLimit: 2.5,
  /** A quiet day (0–25 % of the usual), a quiet stretch of 2–10 days (0–10 %), per zone-day. */
  quietDayChance: 1 / 30,
  quietStretchChance: 1 / 120,
  quietStretchDays: [2, 10],
  /** Standing charges, a share of the mean day that goes on when the zone is quiet. */
  standingShare: [0, 0.3],
  /** A zone in five starts within the history; one in ten ends (then only its standing charges go on). */
  lateStartShare: 0.2,
  endShare: 0.1,
  /** A shock all of an account's zones share each day: N(0, 0.06) on the logarithm. */
  accountShock: 0.06,
} as const;

const between = (random: Random, [low, high]: readonly [number, number]) => low + (high - low) * random();

function normal(random: Random): number {
  const u = Math.max(random(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/** Student's t with 3 degrees of freedom: heavy tails, finite variance. */
function studentT3(random: Random): number {
  const chi = normal(random) ** 2 + normal(random) ** 2 + normal(random) ** 2;
  return normal(random) / Math.sqrt(chi / 3);
}

/** A weekday shape (Sunday first) on the logarithm, before its strength. */
function weekdayShape(random: Random): number[] {
  const kind = Math.floor(random() * 4);
  if (kind === 0) return [-1, 0.1, 0.1, 0.1, 0.1, -0.3, -1];
  if (kind === 1) return [0.8, -0.2, -0.2, -0.2, -0.2, 0.2, 0.8];
  if (kind === 2) return [-0.6, -0.1, 0.4, 0.5, 0.4, -0.1, -0.6];
  return Array.from({ length: 7 }, () => normal(random));
}

type Zone = {
  id: string;
  level: number;
  weekday: number[];
  growth: number[];
  turnDay: number;
  noise: number;
  standing: number;
  firstDay: number;
  lastDay: number;
};

function zoneOf(random: Random, account: number, index: number, from: number, to: number): Zone {
  const strength = between(random, ROUGH_TRAFFIC.weekdayStrength);
  const shape = weekdayShape(random);
  const rate = () => (1 + between(random, ROUGH_TRAFFIC.monthlyTrend)) ** (1 / 30) - 1;
  const first = rate();
  const turns = random() < ROUGH_TRAFFIC.turnShare;
  const level = Math.exp(ROUGH_TRAFFIC.levelLog[0] + ROUGH_TRAFFIC.levelLog[1] * normal(random));
  const span = to - from;
  return {
    id: `R${account}-${index}`,
    level,
    weekday: shape.map((s) => Math.exp(strength * s)),
    growth: [first, turns ? rate() : first],
    turnDay: from + Math.floor(random() * span),
    noise: between(random, ROUGH_TRAFFIC.noiseScale),
    standing: level * between(random, ROUGH_TRAFFIC.standingShare),
    firstDay: random() < ROUGH_TRAFFIC.lateStartShare ? from + Math.floor(random() * span * 0.9) : from,
    lastDay: random() < ROUGH_TRAFFIC.endShare ? from + Math.floor(span * (0.3 + 0.7 * random())) : to,
  };
}

/**
 * One account's per-day record (whole UTC days from `fromMs` up to, not including, `toMs`), drawn
 * from (seed, account) alone. Pure.
 */
export function roughAccountDays(seed: number, account: number, fromMs: number, toMs: number): DemoZoneDay[] {
  const random = mulberry32((seed * 7919 + account * 104_729) >>> 0);
  const from = Math.floor(fromMs / DAY);
  const to = Math.floor(toMs / DAY);
  const count = Math.round(between(random, ROUGH_TRAFFIC.zones));
  const zones = Array.from({ length: count }, (_, i) => zoneOf(random, account, i, from, to));
  const shocks = Array.from({ length: to - from }, () => ROUGH_TRAFFIC.accountShock * normal(random));
  const out: DemoZoneDay[] = [];
  for (const zone of zones) {
    let trend = 1;
    let step = 1;
    let quietLeft = 0;
    for (let day = from; day < to; day += 1) {
      trend *= 1 + zone.growth[day < zone.turnDay ? 0 : 1]!;
      if (random() < ROUGH_TRAFFIC.stepChance) step *= Math.exp(ROUGH_TRAFFIC.stepLog * (2 * random() - 1));
      if (quietLeft === 0 && random() < ROUGH_TRAFFIC.quietStretchChance) quietLeft = Math.round(between(random, ROUGH_TRAFFIC.quietStretchDays));
      const quietDay = random() < ROUGH_TRAFFIC.quietDayChance;
      const noise = Math.max(-ROUGH_TRAFFIC.noiseLimit, Math.min(ROUGH_TRAFFIC.noiseLimit, zone.noise * studentT3(random)));
      const quiet = quietLeft > 0 ? 0.1 * random() : quietDay ? 0.25 * random() : 1;
      if (quietLeft > 0) quietLeft -= 1;
      if (day < zone.firstDay) continue;
      const dayKey = new Date(day * DAY).toISOString().slice(0, 10);
      // A zone that ended stays listed, with its standing charges only.
      if (day >= zone.lastDay) {
        out.push({ zoneId: zone.id, name: zone.id, day: dayKey, spendCents: Math.round(100 * zone.standing) / 100, usageBytes: 0 });
        continue;
      }
      const weekday = zone.weekday[(((day + 4) % 7) + 7) % 7]!;
      const traffic = zone.level * weekday * trend * step * quiet * Math.exp(noise + shocks[day - from]!);
      const spendCents = Math.round(100 * (traffic + zone.standing)) / 100;
      out.push({ zoneId: zone.id, name: zone.id, day: dayKey, spendCents, usageBytes: 0 });
    }
  }
  return out;
}
