import type { HistoryPoint } from '../../../shared/history';
import { startOfUtcDay } from '../../../shared/units';

const HOUR = 3_600_000;

export type BurnRate = { centsPerHour: number; basis: 'last_hour' | 'today' };

/**
 * Spend per hour: the month's spend counter over the last hour of history (its drops at a month
 * reset are skipped); with too little history, today's spend over the hours since UTC midnight.
 */
export function burnRate(history: readonly HistoryPoint[], spendTodayCents: number, now: number): BurnRate | null {
  const recent = history.filter((p) => p.t >= now - HOUR && p.t <= now).sort((a, b) => a.t - b.t);
  if (recent.length >= 2) {
    const span = recent[recent.length - 1]!.t - recent[0]!.t;
    if (span >= 10 * 60_000) {
      let spent = 0;
      for (let i = 1; i < recent.length; i++) spent += Math.max(0, recent[i]!.spendMonthCents - recent[i - 1]!.spendMonthCents);
      return { centsPerHour: (spent / span) * HOUR, basis: 'last_hour' };
    }
  }
  const hoursToday = (now - startOfUtcDay(new Date(now)).getTime()) / HOUR;
  if (hoursToday < 0.25) return null;
  return { centsPerHour: spendTodayCents / hoursToday, basis: 'today' };
}

/** Hours until the balance is used up at this rate; null when nothing is being spent. */
export function runwayHours(balanceCents: number, centsPerHour: number): number | null {
  if (centsPerHour <= 0) return null;
  return Math.max(0, balanceCents) / centsPerHour;
}

export function runwayText(hours: number | null): string {
  if (hours === null) return 'no spend, so no end in sight';
  if (hours < 1) return `${Math.round(hours * 60)} min`;
  if (hours < 48) return `${Math.round(hours)} h`;
  return `${Math.round(hours / 24)} days`;
}
