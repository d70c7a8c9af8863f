import type { HistoryPoint } from '../../../shared/history';
import type { DemoReading, DemoZoneDay } from '../ports';
import { type ClosedMonth, type ClosedZone, type DayCosts, emptyOpenMonth, type OpenMonth, type ZoneReading } from './ledger-model';
import { dayCostsOf } from './readings';
import { dayOf, daysInMonth, monthOf } from './utc-calendar';

/** The demo's ledger before its first reading: closed months and the open month's day openings. */
export type Backfill = { closed: ClosedMonth[]; open: OpenMonth };

function byZoneAndMonth(days: readonly DemoZoneDay[], today: string): Map<string, Map<string, DemoZoneDay[]>> {
  const out = new Map<string, Map<string, DemoZoneDay[]>>();
  for (const day of days) {
    if (day.day >= today || !Number.isFinite(day.spendCents) || day.spendCents < 0) continue;
    const months = out.get(day.zoneId) ?? new Map<string, DemoZoneDay[]>();
    const month = day.day.slice(0, 7);
    months.set(month, [...(months.get(month) ?? []), day]);
    out.set(day.zoneId, months);
  }
  return out;
}

function closedZone(days: readonly DemoZoneDay[], month: string): ClosedZone {
  const byDom = new Map(days.map((d) => [Number(d.day.slice(8, 10)), d]));
  const first = Math.min(...byDom.keys());
  const s: number[] = [];
  const u: (number | null)[] = [];
  const k: (DayCosts | null)[] = [];
  // A day missing from the record after the zone's first one is a day it spent nothing (docs/service.md › Decisions where the spec is open: Per-day counters).
  for (let dom = first; dom <= daysInMonth(month); dom += 1) {
    s.push(byDom.get(dom)?.spendCents ?? 0);
    u.push(byDom.get(dom)?.usageBytes ?? 0);
    const cost = byDom.get(dom)?.cost;
    k.push(cost ? dayCostsOf(cost) : null);
  }
  return { n: days[0]?.name ?? null, f: first, s, u, e: [], b: null, ...(k.some((day) => day) ? { k } : {}) };
}

/**
 * The demo service's own record of its past whole days (docs/service.md › Decisions where the spec is open: Per-day counters) as the
 * ledger's: earlier months closed, every day exact; this month as the opening totals of each day
 * up to today's, which the first reading continues. Days from today on are not the past and are
 * left out. Only the demo gets this: a real account's ledger starts at its first reading. Pure.
 */
export function demoBackfill(days: readonly DemoZoneDay[], now: number): Backfill {
  const today = dayOf(now);
  const current = monthOf(now);
  const closed = new Map<string, ClosedMonth>();
  const open = emptyOpenMonth(current);
  for (const [zoneId, months] of byZoneAndMonth(days, today)) {
    const earlier = [...months.keys()].filter((month) => month < current);
    for (const month of earlier) {
      const file = closed.get(month) ?? { v: 1 as const, month, zones: {} };
      file.zones[zoneId] = closedZone(months.get(month)!, month);
      closed.set(month, file);
    }
    const thisMonth = (months.get(current) ?? []).sort((a, b) => a.day.localeCompare(b.day));
    if (thisMonth.length === 0 && earlier.length === 0) continue;
    const name = thisMonth.at(-1)?.name ?? months.get(earlier.at(-1)!)?.[0]?.name ?? null;
    const firstDom = thisMonth.length > 0 && earlier.length === 0 ? Number(thisMonth[0]!.day.slice(8, 10)) : 1;
    const todayDom = Number(today.slice(8, 10));
    const byDom = new Map(thisMonth.map((d) => [Number(d.day.slice(8, 10)), d]));
    const d: OpenMonth['zones'][string]['d'] = [];
    let spend = 0;
    let usage = 0;
    for (let dom = 1; dom <= todayDom; dom += 1) {
      const cost = byDom.get(dom)?.cost;
      const costs = cost ? dayCostsOf(cost) : null;
      d.push(dom < firstDom ? null : costs ? [spend, usage, null, null, null, costs] : [spend, usage, null, null, null]);
      spend += byDom.get(dom)?.spendCents ?? 0;
      usage += byDom.get(dom)?.usageBytes ?? 0;
    }
    open.zones[zoneId] = { n: name, c: earlier.length > 0, d };
  }
  return { closed: [...closed.values()].sort((a, b) => a.month.localeCompare(b.month)), open };
}

/** A warm-up reading of the demo service as the ledger takes a cycle's readings. Pure. */
export function demoZoneReadings(reading: DemoReading): ZoneReading[] {
  return reading.zones.map((zone) => ({
    zoneId: zone.zoneId,
    name: zone.name,
    at: reading.at,
    spendToday: zone.spendTodayCents,
    spendMonth: zone.spendMonthCents,
    usageToday: zone.usageTodayBytes,
    usageMonth: zone.usageMonthBytes,
  }));
}

/**
 * A warm-up reading as the history point a cycle at that moment would have added
 * (data/history-store.ts › historyPointFrom): the charts and the spike rules read them alike. Pure.
 */
export function demoHistoryPoint(reading: DemoReading): HistoryPoint {
  const zones: HistoryPoint['zones'] = {};
  let spendTodayCents = 0;
  let spendMonthCents = 0;
  let throughputBps = 0;
  for (const zone of reading.zones) {
    zones[zone.zoneId] = { s: zone.spendTodayCents, m: zone.spendMonthCents, b: zone.throughputBps };
    spendTodayCents += zone.spendTodayCents;
    spendMonthCents += zone.spendMonthCents;
    throughputBps += zone.throughputBps;
  }
  return { t: reading.at, balanceCents: reading.balanceCents, spendTodayCents, spendMonthCents, throughputBps, zones };
}
