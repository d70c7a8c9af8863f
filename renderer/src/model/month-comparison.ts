import type { MonthComparison, MonthSpan } from '../../../shared/ledger';
import { formatBilled } from '../../../shared/money';
import { utcDayShortText } from './ledger-calendar';

export type ComparisonText = { headline: string; detail: string[] };

/** "Nov 1–21: $420.00", or on the 2nd, a span of one day, "Jan 1: $81.90". */
function spanText(span: MonthSpan): string {
  const estimated = span.estimatedDays > 0 ? ` (${span.estimatedDays} ${span.estimatedDays === 1 ? 'day' : 'days'} estimated)` : '';
  const days = span.to === span.from ? utcDayShortText(span.from) : `${utcDayShortText(span.from)}–${utcDayShortText(span.to).replace(/^\w+ /, '')}`;
  return `${days}: ${formatBilled(span.spendCents)}${estimated}`;
}

/** "zone Late (first seen on Oct 20)": a zone by its name, or its id when it has none. */
function leftOutZone(zone: MonthComparison['leftOut'][number]): string {
  return `zone ${zone.name ?? zone.zoneId}`;
}

/**
 * "Leaves out zone Late, first seen on Oct 20", or for several "Leaves out zones A (first seen on
 * Oct 20) and B (first seen on Nov 3)": the zones whose days in a span the ledger does not know.
 */
export function leftOutText(leftOut: MonthComparison['leftOut']): string | null {
  if (leftOut.length === 0) return null;
  if (leftOut.length === 1) return `Leaves out ${leftOutZone(leftOut[0]!)}, first seen on ${utcDayShortText(leftOut[0]!.firstDay)}`;
  const each = leftOut.map((zone) => `${zone.name ?? zone.zoneId} (first seen on ${utcDayShortText(zone.firstDay)})`);
  return `Leaves out zones ${each.slice(0, -1).join(', ')} and ${each.at(-1)!}`;
}

/** "+12 %" over "Dec 1–21: $420.00 · Nov 1–21: $375.00", or why there is nothing to compare yet. Pure. */
export function comparisonText(comparison: MonthComparison): ComparisonText {
  const { thisMonth, lastMonth } = comparison;
  if (thisMonth === null || lastMonth === null) return { headline: '—', detail: [comparison.reason ?? 'Not enough history yet.'] };
  const leftOut = leftOutText(comparison.leftOut);
  const detail = [spanText(thisMonth), spanText(lastMonth), 'UTC days, zones Zonewatch reads', ...(leftOut ? [leftOut] : [])];
  if (lastMonth.spendCents <= 0) return { headline: thisMonth.spendCents > 0 ? 'new spend' : 'no spend', detail };
  const change = Math.round(((thisMonth.spendCents - lastMonth.spendCents) / lastMonth.spendCents) * 100);
  return { headline: `${change > 0 ? '+' : change < 0 ? '−' : '±'}${Math.abs(change)} %`, detail };
}
