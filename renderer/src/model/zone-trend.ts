import type { ZoneDay, ZoneIntradayPoint } from '../../../shared/ledger';
import { formatBilled } from '../../../shared/money';
import { formatBytes } from '../../../shared/units';
import { utcDayShortText } from './ledger-calendar';

/** The middle of a UTC day in epoch seconds, where its bar stands. */
export function dayX(day: string): number {
  return Date.parse(`${day}T12:00:00Z`) / 1000;
}

/** The zone's daily bars, exact and estimated (or so far) apart, and its usage. Pure. */
export function dailySeries(days: readonly ZoneDay[]) {
  return {
    x: days.map((d) => dayX(d.day)),
    exact: days.map((d) => (d.coverage === 'exact' ? d.spendCents : null)),
    estimated: days.map((d) => (d.coverage === 'exact' ? null : d.spendCents)),
    usage: days.map((d) => d.usageBytes),
  };
}

/** The trend in words: what the chart shows, for everyone who does not read charts. */
export function dailySummary(days: readonly ZoneDay[], shownDays: number): string {
  const whole = days.filter((d) => d.coverage !== 'partial');
  if (whole.length === 0) return 'No whole UTC day in the history yet.';
  const total = whole.reduce((sum, d) => sum + d.spendCents, 0);
  const top = whole.reduce((best, d) => (d.spendCents > best.spendCents ? d : best));
  const usage = whole.reduce((sum, d) => sum + (d.usageBytes ?? 0), 0);
  const estimated = whole.filter((d) => d.coverage === 'estimated').length;
  const span = whole.length < shownDays ? `${whole.length} UTC ${whole.length === 1 ? 'day' : 'days'} held of the last ${shownDays}` : `the last ${shownDays} UTC days`;
  return (
    `Over ${span}: ${formatBilled(total)} and ${formatBytes(usage)}, ${formatBilled(total / whole.length)} a day on average; ` +
    `highest ${formatBilled(top.spendCents)} on ${utcDayShortText(top.day)}` +
    (estimated > 0 ? `; ${estimated} ${estimated === 1 ? 'day' : 'days'} estimated.` : '.')
  );
}

/** The last 48 hours in words. */
export function intradaySummary(points: readonly ZoneIntradayPoint[]): string {
  const rates = points.flatMap((p) => (p.spendCentsPerHour === null ? [] : [p.spendCentsPerHour]));
  if (rates.length === 0) return 'Not enough updates in the last 48 hours to show a rate yet.';
  const hours = (points.at(-1)!.t - points[0]!.t) / 3_600_000;
  return `Over the last ${Math.max(1, Math.round(hours))} hours: ${formatBilled(rates.at(-1)!)}/h now, at most ${formatBilled(Math.max(...rates))}/h.`;
}
