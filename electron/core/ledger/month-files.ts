import { BAND_WEEKS, type ZoneDays } from '../anomalies/usual-band';
import { deriveZoneMonth } from './derive-month';
import { type ClosedMonth, type ClosedZone, type DerivedDay, type DerivedMonth, type DerivedZoneMonth, type OpenMonth } from './ledger-model';
import { DAY_MS, dayStart, daysInMonth, monthOf, monthStart } from './utc-calendar';

// A month moves from its readings (open) to its derived days (closed) once, when a later month has
// begun: nothing about it can be read any more (its figures start afresh at 00:00 UTC on the 1st).

/** 1/10,000 of a cent: far below the 0.01 ¢ the ledger answers for, and short in the file. */
function roundCents(cents: number): number {
  return Math.round(cents * 10_000) / 10_000;
}

/** Each zone's days before a month, by day key (derive-month.ts weighs the month's estimated days by them). */
export type EarlierDays = (zoneId: string) => ZoneDays;

const NONE: ZoneDays = new Map();

/**
 * The zones' days of the months before `month` that a usual band reaches back to
 * (anomalies/usual-band.ts › BAND_WEEKS), indexed by zone on the first question only: a month
 * without an estimated day asks none. Pure.
 */
export function earlierDays(months: Iterable<DerivedMonth>, month: string): EarlierDays {
  const from = monthOf(monthStart(month) - BAND_WEEKS * 7 * DAY_MS);
  const reached = [...months].filter((m) => m.month >= from && m.month < month);
  let byZone: Map<string, Map<string, DerivedZoneMonth>> | null = null;
  return (zoneId) => {
    byZone ??= zonesByMonth(reached);
    const held = byZone.get(zoneId);
    if (!held) return NONE;
    return {
      get(day) {
        const days = held.get(day.slice(0, 7))?.days;
        const dom = Number(day.slice(8, 10));
        const guess = days?.[dom - (days[0]?.dom ?? 0)];
        return guess?.dom === dom ? guess : days?.find((d) => d.dom === dom);
      },
    };
  };
}

function zonesByMonth(months: readonly DerivedMonth[]): Map<string, Map<string, DerivedZoneMonth>> {
  const out = new Map<string, Map<string, DerivedZoneMonth>>();
  for (const month of months) {
    for (const zone of month.zones) {
      const held = out.get(zone.zoneId) ?? new Map<string, DerivedZoneMonth>();
      held.set(month.month, zone);
      out.set(zone.zoneId, held);
    }
  }
  return out;
}

/** The open month's days as the views read them; `closed` once the month is over; `earlier`, the zones' days before it. Pure. */
export function deriveOpenMonth(open: OpenMonth, closed: boolean, earlier: EarlierDays = () => NONE): DerivedMonth {
  return {
    month: open.month,
    closed,
    zones: Object.entries(open.zones)
      .map(([zoneId, zone]) => deriveZoneMonth(open.month, zoneId, zone, closed, earlier(zoneId)))
      .filter((zone) => zone.days.length > 0),
  };
}

function closedZone(zone: DerivedZoneMonth, month: string): ClosedZone | null {
  const monthDays = daysInMonth(month);
  const first = zone.days[0]?.dom;
  if (first === undefined) return null;
  const byDom = new Map(zone.days.map((day) => [day.dom, day]));
  const s: number[] = [];
  const u: (number | null)[] = [];
  const e: ClosedZone['e'] = [];
  const k: NonNullable<ClosedZone['k']> = [];
  for (let dom = first; dom <= monthDays; dom += 1) {
    const day = byDom.get(dom);
    s.push(roundCents(day?.spend ?? 0));
    u.push(day?.usage === null || day?.usage === undefined ? null : Math.round(day.usage));
    k.push(day?.costs ?? null);
    // A day the derivation could not place (no total at its start) is not in the file as exact.
    if (!day) e.push([dom, dayStart(month, dom), dayStart(month, dom + 1)]);
    else if (day.coverage !== 'exact' && day.estimate) e.push([dom, day.estimate.after, day.estimate.before]);
  }
  return { n: zone.name, f: first, s, u, e, b: zone.before === null ? null : roundCents(zone.before), ...(k.some((day) => day) ? { k } : {}) };
}

/** The closed month's file: each zone's days from its first, compact. Pure. */
export function closeMonth(open: OpenMonth, earlier?: EarlierDays): ClosedMonth {
  const derived = deriveOpenMonth(open, true, earlier);
  const zones: ClosedMonth['zones'] = {};
  for (const zone of derived.zones) {
    const closed = closedZone(zone, open.month);
    if (closed) zones[zone.zoneId] = closed;
  }
  return { v: 1, month: open.month, zones };
}

/** A closed month's file read back as days. Pure. */
export function closedMonthDays(file: ClosedMonth): DerivedMonth {
  const zones: DerivedZoneMonth[] = Object.entries(file.zones).map(([zoneId, zone]) => {
    const estimated = new Map(zone.e.map(([dom, after, before]) => [dom, { after, before }]));
    const days: DerivedDay[] = zone.s.map((spend, index) => {
      const dom = zone.f + index;
      const estimate = estimated.get(dom) ?? null;
      return { dom, spend, usage: zone.u[index] ?? null, coverage: estimate ? 'estimated' : 'exact', estimate, through: null, ...(zone.k?.[index] ? { costs: zone.k[index] } : {}) };
    });
    return { zoneId, name: zone.n, days, before: zone.b };
  });
  return { month: file.month, closed: true, zones };
}

/**
 * The month after a closed one: every zone the ledger held carries on from its 1st, whether or not
 * it is read on that day (its month figures start at 0 at 00:00 UTC). Pure.
 */
export function nextOpenMonth(previous: OpenMonth, month: string): OpenMonth {
  const zones: OpenMonth['zones'] = {};
  for (const [zoneId, zone] of Object.entries(previous.zones)) zones[zoneId] = { n: zone.n, c: true, d: [] };
  return { v: 1, month, zones };
}
