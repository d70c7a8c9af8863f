import type { BillingEntry } from '../../../shared/api/billing';
import { utcMonthKey } from '../../../shared/units';
import type { MonthTotal } from '../../../shared/views';

export type MonthGroup = { month: string; label: string; total: MonthTotal | null; entries: BillingEntry[] };

const monthLabel = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** Entries of a page grouped by the UTC month of `created_on` (DESIGN.md › CSV export), in page order. */
export function groupByMonth(entries: readonly BillingEntry[], totals: readonly MonthTotal[]): MonthGroup[] {
  const groups: MonthGroup[] = [];
  for (const entry of entries) {
    const month = utcMonthKey(new Date(entry.created_on));
    let group = groups.find((g) => g.month === month);
    if (!group) {
      group = { month, label: monthLabel.format(new Date(`${month}-01T00:00:00Z`)), total: totals.find((t) => t.month === month) ?? null, entries: [] };
      groups.push(group);
    }
    group.entries.push(entry);
  }
  return groups;
}
