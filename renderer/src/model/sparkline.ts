import type { RecentDays } from '../../../shared/ledger';
import { formatBilled } from '../../../shared/money';
import { utcDayShortText } from './ledger-calendar';

export type SparklineShape = { path: string; label: string };

/**
 * A small line of an account's last days in a `width`×`height` box: one point per UTC day from
 * the first to the last day asked, a gap where the ledger holds none. Pure.
 */
export function sparkline(days: RecentDays[number]['days'], fromDay: string, count: number, width: number, height: number): SparklineShape | null {
  if (days.length === 0) return null;
  const start = Date.parse(`${fromDay}T00:00:00Z`);
  const max = Math.max(...days.map((d) => d.spendCents), 1);
  const step = count > 1 ? width / (count - 1) : 0;
  let path = '';
  let previous = -2;
  for (const day of days) {
    const index = Math.round((Date.parse(`${day.day}T00:00:00Z`) - start) / 86_400_000);
    const x = (index * step).toFixed(1);
    const y = (height - 1 - (day.spendCents / max) * (height - 2)).toFixed(1);
    path += `${index === previous + 1 ? 'L' : 'M'}${x} ${y} `;
    previous = index;
  }
  const total = days.reduce((sum, d) => sum + d.spendCents, 0);
  const top = days.reduce((best, d) => (d.spendCents > best.spendCents ? d : best));
  const estimated = days.filter((d) => d.coverage === 'estimated').length;
  const label =
    `Last ${count} UTC days: ${formatBilled(total)} over the ${days.length} held, highest ${formatBilled(top.spendCents)} on ${utcDayShortText(top.day)}` +
    (estimated > 0 ? `, ${estimated} estimated` : '');
  return { path: path.trim(), label };
}
