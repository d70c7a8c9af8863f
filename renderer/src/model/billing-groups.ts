import type { BillingEntry } from '../../../shared/api/billing';
import { utcMonthKey } from '../../../shared/units';
import type { MonthTotal } from '../../../shared/views';
import { monthText } from './time-text';

export type MonthGroup = { month: string; label: string; total: MonthTotal | null; entries: BillingEntry[] };

/** Entries of a page grouped by the UTC month of `created_on`, the month the service bills in, in page order. */
export function groupByMonth(entries: readonly BillingEntry[], totals: readonly MonthTotal[]): MonthGroup[] {
  const groups: MonthGroup[] = [];
  for (const entry of entries) {
    const month = utcMonthKey(new Date(entry.created_on));
    let group = groups.find((g) => g.month === month);
    if (!group) {
      group = { month, label: monthText(month), total: totals.find((t) => t.month === month) ?? null, entries: [] };
      groups.push(group);
    }
    group.entries.push(entry);
  }
  return groups;
}
