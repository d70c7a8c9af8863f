import type { MonthComparison, MonthSpan } from '../../../shared/ledger';
import { formatBilled } from '../../../shared/money';
import { utcDayShortText } from './ledger-calendar';

export type ComparisonText = { headline: string; detail: string[] };

function spanText(span: MonthSpan): string {
  const estimated = span.estimatedDays > 0 ? ` (${span.estimatedDays} ${span.estimatedDays === 1 ? 'day' : 'days'} estimated)` : '';
  return `${utcDayShortText(span.from)}–${utcDayShortText(span.to).replace(/^\w+ /, '')}: ${formatBilled(span.spendCents)}${estimated}`;
}

/** "+12 %" over "Dec 1–21: $420.00 · Nov 1–21: $375.00", or why there is nothing to compare yet. Pure. */
export function comparisonText(comparison: MonthComparison): ComparisonText {
  const { thisMonth, lastMonth } = comparison;
  if (thisMonth === null || lastMonth === null) return { headline: '—', detail: [comparison.reason ?? 'Not enough history yet.'] };
  const detail = [spanText(thisMonth), spanText(lastMonth), 'UTC days, zones Zonewatch reads'];
  if (lastMonth.spendCents <= 0) return { headline: thisMonth.spendCents > 0 ? 'new spend' : 'no spend', detail };
  const change = Math.round(((thisMonth.spendCents - lastMonth.spendCents) / lastMonth.spendCents) * 100);
  return { headline: `${change > 0 ? '+' : change < 0 ? '−' : '±'}${Math.abs(change)} %`, detail };
}
