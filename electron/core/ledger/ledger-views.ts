import type { AccountDay, DayCoverage, LedgerCalendar, LedgerDayView, MonthBefore, MonthComparison, MonthSpan, ZoneDay } from '../../../shared/ledger';
import type { DerivedDay, DerivedMonth } from './ledger-model';
import { addDays, addMonths, dayKey, dayOf, daysInMonth, domOf, monthOf } from './utc-calendar';

// What the window reads of the ledger, from the months as derived (ledger-store.ts keeps them). Pure.

const iso = (ms: number) => new Date(ms).toISOString();

export function zoneDay(month: string, day: DerivedDay): ZoneDay {
  return {
    day: dayKey(month, day.dom),
    spendCents: day.spend,
    usageBytes: day.usage,
    coverage: day.coverage,
    estimate: day.estimate ? { after: iso(day.estimate.after), before: day.estimate.before === null ? null : iso(day.estimate.before) } : null,
    through: day.through === null ? null : iso(day.through),
  };
}

const RANK: Record<DayCoverage, number> = { exact: 0, estimated: 1, partial: 2 };

/** Each day's sum over the zones held for it: as exact as its least exact zone. */
export function accountDays(months: readonly DerivedMonth[]): AccountDay[] {
  const out: AccountDay[] = [];
  for (const month of [...months].sort((a, b) => a.month.localeCompare(b.month))) {
    const byDom = new Map<number, AccountDay & { throughMs: number | null }>();
    for (const zone of month.zones) {
      for (const day of zone.days) {
        const sum = byDom.get(day.dom) ?? { day: dayKey(month.month, day.dom), spendCents: 0, usageBytes: null, coverage: 'exact', zones: 0, estimatedZones: 0, through: null, throughMs: null };
        sum.spendCents += day.spend;
        if (day.usage !== null) sum.usageBytes = (sum.usageBytes ?? 0) + day.usage;
        if (RANK[day.coverage] > RANK[sum.coverage]) sum.coverage = day.coverage;
        sum.zones += 1;
        if (day.coverage === 'estimated') sum.estimatedZones += 1;
        if (day.through !== null && (sum.throughMs === null || day.through > sum.throughMs)) sum.throughMs = day.through;
        byDom.set(day.dom, sum);
      }
    }
    for (const dom of [...byDom.keys()].sort((a, b) => a - b)) {
      const { throughMs, ...day } = byDom.get(dom)!;
      out.push({ ...day, through: throughMs === null ? null : iso(throughMs) });
    }
  }
  return out;
}

/** Spend a month held before its first day in the ledger, per month (an account's first month). */
export function monthsBefore(months: readonly DerivedMonth[]): MonthBefore[] {
  const out: MonthBefore[] = [];
  for (const month of [...months].sort((a, b) => a.month.localeCompare(b.month))) {
    let spend = 0;
    let firstDom = Infinity;
    for (const zone of month.zones) {
      if (zone.before === null || zone.days.length === 0) continue;
      spend += zone.before;
      firstDom = Math.min(firstDom, zone.days[0]!.dom);
    }
    if (spend > 0 && Number.isFinite(firstDom)) out.push({ month: month.month, firstDay: dayKey(month.month, firstDom), spendCents: spend });
  }
  return out;
}

export function calendarOf(months: readonly DerivedMonth[], lastReadingAt: number | null): LedgerCalendar {
  return { days: accountDays(months), before: monthsBefore(months), lastReadingAt: lastReadingAt === null ? null : iso(lastReadingAt) };
}

/** One day's zones, highest spend first. */
export function dayView(months: readonly DerivedMonth[], day: string): LedgerDayView {
  const month = months.find((m) => m.month === day.slice(0, 7));
  const dom = Number(day.slice(8, 10));
  const zones = (month?.zones ?? []).flatMap((zone) => {
    const found = zone.days.find((d) => d.dom === dom);
    return found ? [{ ...zoneDay(month!.month, found), zoneId: zone.zoneId, name: zone.name }] : [];
  });
  return { day, zones: zones.sort((a, b) => b.spendCents - a.spendCents || a.zoneId.localeCompare(b.zoneId)) };
}

/** A zone's days from `fromDay` on (oldest first), and its latest name. */
export function zoneDays(months: readonly DerivedMonth[], zoneId: string, fromDay: string): { name: string | null; days: ZoneDay[] } {
  let name: string | null = null;
  const days: ZoneDay[] = [];
  for (const month of [...months].sort((a, b) => a.month.localeCompare(b.month))) {
    const zone = month.zones.find((z) => z.zoneId === zoneId);
    if (!zone) continue;
    name = zone.name ?? name;
    for (const day of zone.days) {
      const shown = zoneDay(month.month, day);
      if (shown.day >= fromDay) days.push(shown);
    }
  }
  return { name, days };
}

/**
 * Days 1 to `lastDom` of a month, or why the ledger cannot say: a zone's spend before its first day
 * held counts as a whole only when that first day falls within the span (or right after it).
 */
function span(months: readonly DerivedMonth[], month: string, lastDom: number): MonthSpan | string {
  const derived = months.find((m) => m.month === month);
  if (!derived || derived.zones.length === 0) return `There is no history of ${monthName(month)} yet.`;
  let lumps = 0;
  for (const zone of derived.zones) {
    const first = zone.days[0]?.dom ?? Infinity;
    if (zone.before !== null && first > lastDom + 1) return `The history of ${monthName(month)} starts on ${shortDay(dayKey(month, first))}.`;
    lumps += zone.before ?? 0;
  }
  const to = dayKey(month, lastDom);
  const days = accountDays([derived]).filter((d) => d.day <= to);
  if (lumps === 0 && (days[0]?.day ?? to) > dayKey(month, 1)) return `The history of ${monthName(month)} starts on ${shortDay(days[0]?.day ?? to)}.`;
  const spendCents = days.reduce((sum, d) => sum + d.spendCents, 0) + lumps;
  return { from: dayKey(month, 1), to, spendCents, estimatedDays: days.filter((d) => d.coverage === 'estimated').length };
}

export function monthName(month: string): string {
  return new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

function shortDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/**
 * This month through yesterday against last month through the same day of the month (its last
 * day if shorter), whole UTC days from the ledger on both sides.
 */
export function monthComparison(months: readonly DerivedMonth[], now: number): MonthComparison {
  const dom = domOf(now);
  if (dom === 1) return { thisMonth: null, lastMonth: null, reason: 'The comparison counts whole UTC days: it starts tomorrow, the 2nd.' };
  const month = monthOf(now);
  const previous = addMonths(month, -1);
  const current = span(months, month, dom - 1);
  const last = span(months, previous, Math.min(dom - 1, daysInMonth(previous)));
  return {
    thisMonth: typeof current === 'string' ? null : current,
    lastMonth: typeof last === 'string' ? null : last,
    reason: typeof current === 'string' ? current : typeof last === 'string' ? last : null,
  };
}

/** The account's last `count` whole UTC days before today that the ledger holds. */
export function recentAccountDays(months: readonly DerivedMonth[], now: number, count: number): Pick<AccountDay, 'day' | 'spendCents' | 'coverage'>[] {
  const today = dayOf(now);
  const from = addDays(today, -count);
  const recent = months.filter((m) => m.month >= from.slice(0, 7));
  return accountDays(recent)
    .filter((d) => d.day >= from && d.day < today)
    .map(({ day, spendCents, coverage }) => ({ day, spendCents, coverage }));
}
