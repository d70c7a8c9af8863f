/**
 * Share of its peak throughput a zone runs at, by UTC time of day: a quiet night around 03:00 UTC
 * and a peak around 15:00 UTC (Europe's afternoon, America's morning).
 */
export function dailyRhythm(epochMs: number): number {
  const hours = (epochMs / 3_600_000) % 24;
  return 0.35 + 0.65 * (0.5 - 0.5 * Math.cos((2 * Math.PI * (hours - 3)) / 24));
}

/** The rhythm's mean over a whole day (used to seed plausible counters). */
export const MEAN_DAILY_RHYTHM = 0.675;

/** A spike multiplies one zone's traffic by 10 for 30 simulated minutes (issue 3 › Control). */
export const SPIKE_FACTOR = 10;
export const SPIKE_MS = 30 * 60_000;
