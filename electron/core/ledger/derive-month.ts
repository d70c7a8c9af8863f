import { type DayCosts, type DerivedDay, type DerivedZoneMonth, LAST_AT, LAST_COSTS, LAST_SPEND, LAST_USAGE, OPENING_SPEND, OPENING_USAGE, type OpenZone } from './ledger-model';
import { DAY_MS, dayStart, daysInMonth, domOf, monthStart } from './utc-calendar';

// How a month's days follow from its readings (docs/architecture.md › The daily ledger). Every
// figure is month-to-date, so a point in time either has a known total (a reading, the start of a
// day some reading of that day opened, the start of the month) or lies between two that do. Pure.

/** A known month-to-date total at a moment. `boundary`: the start of a day (or of the month). */
type Anchor = { t: number; value: number; boundary: boolean };

/** A month-to-date total at a day boundary, and how it is known. */
type BoundaryValue =
  | { kind: 'exact'; value: number }
  | { kind: 'estimated'; value: number; after: number; before: number | null }
  | { kind: 'partial'; value: number; through: number };

/** For each day the zone's figures of one measure: the day's opening total and its last reading. */
type MeasureReadings = { opening: (number | null)[]; last: ({ t: number; value: number } | null)[] };

function measureReadings(zone: OpenZone, measure: 'spend' | 'usage'): MeasureReadings {
  const openingAt = measure === 'spend' ? OPENING_SPEND : OPENING_USAGE;
  const lastAt = measure === 'spend' ? LAST_SPEND : LAST_USAGE;
  const opening: (number | null)[] = [];
  const last: ({ t: number; value: number } | null)[] = [];
  for (const day of zone.d) {
    opening.push(day?.[openingAt] ?? null);
    const t = day?.[LAST_AT] ?? null;
    const value = day?.[lastAt] ?? null;
    last.push(t !== null && value !== null ? { t, value } : null);
  }
  return { opening, last };
}

function anchorsOf(month: string, readings: MeasureReadings, fromMonthStart: boolean): Anchor[] {
  const anchors: Anchor[] = fromMonthStart ? [{ t: monthStart(month), value: 0, boundary: true }] : [];
  readings.opening.forEach((value, index) => {
    if (value !== null && !(fromMonthStart && index === 0)) anchors.push({ t: dayStart(month, index + 1), value, boundary: true });
    const last = readings.last[index];
    if (last) anchors.push({ t: last.t, value: last.value, boundary: false });
  });
  return anchors.sort((a, b) => a.t - b.t || Number(b.boundary) - Number(a.boundary));
}

/**
 * The pace a month's tail is estimated at: over the last day or more of readings before the last
 * one, so a day's rhythm (quiet nights) does not skew it. 0 with a single anchor.
 */
function tailPace(anchors: readonly Anchor[]): number {
  const last = anchors[anchors.length - 1]!;
  let ref = anchors[0]!;
  for (const anchor of anchors) if (anchor.t <= last.t - DAY_MS) ref = anchor;
  return last.t > ref.t ? Math.max(0, (last.value - ref.value) / (last.t - ref.t)) : 0;
}

function valueAt(anchors: readonly Anchor[], t: number, closed: boolean): BoundaryValue | null {
  let prev: Anchor | null = null;
  let next: Anchor | null = null;
  for (const anchor of anchors) {
    if (anchor.t === t && anchor.boundary) return { kind: 'exact', value: anchor.value };
    if (anchor.t < t) prev = anchor;
    else if (next === null && anchor.t > t) next = anchor;
  }
  if (prev === null) return null;
  if (next !== null) {
    const share = (t - prev.t) / (next.t - prev.t);
    return { kind: 'estimated', value: prev.value + (next.value - prev.value) * share, after: prev.t, before: next.t };
  }
  if (!closed) return { kind: 'partial', value: prev.value, through: prev.t };
  return { kind: 'estimated', value: prev.value + tailPace(anchors) * (t - prev.t), after: prev.t, before: null };
}

type MeasureDays = { days: Map<number, { value: number; start: BoundaryValue; end: BoundaryValue }>; before: number | null };

/**
 * One measure's days: each held day's total is its end's month-to-date total less its start's.
 * The days held run from the 1st (a zone in the ledger before this month) or from the first day a
 * reading opened, to the month's end once closed, or else to the day of the last reading.
 */
function deriveMeasure(month: string, readings: MeasureReadings, fromMonthStart: boolean, closed: boolean): MeasureDays {
  const anchors = anchorsOf(month, readings, fromMonthStart);
  const days: MeasureDays['days'] = new Map();
  if (anchors.length === 0) return { days, before: null };
  const monthDays = daysInMonth(month);
  const first = domOf(anchors[0]!.t);
  const lastAnchor = anchors[anchors.length - 1]!;
  // A last anchor that opens a day (a backfill) ends the day before; a reading belongs to its own day.
  const last = closed ? monthDays : lastAnchor.boundary ? domOf(lastAnchor.t) - 1 : domOf(lastAnchor.t);
  for (let dom = first; dom <= last; dom += 1) {
    const start = valueAt(anchors, dayStart(month, dom), closed);
    const end = valueAt(anchors, dayStart(month, dom + 1), closed);
    if (start === null || start.kind === 'partial' || end === null) continue;
    days.set(dom, { value: Math.max(0, end.value - start.value), start, end });
  }
  const opening = anchors[0]!;
  return { days, before: fromMonthStart || opening.value <= 0 ? null : opening.value };
}

function dayOf(dom: number, spend: { value: number; start: BoundaryValue; end: BoundaryValue }, usage: number | null, costs: DayCosts | null): DerivedDay {
  const { start, end } = spend;
  if (end.kind === 'partial') return { dom, spend: spend.value, usage, coverage: 'partial', estimate: null, through: end.through, ...(costs ? { costs } : {}) };
  const gap = start.kind === 'estimated' ? start : end.kind === 'estimated' ? end : null;
  return {
    dom,
    spend: spend.value,
    usage,
    coverage: gap === null ? 'exact' : 'estimated',
    estimate: gap === null ? null : { after: gap.after, before: gap.before },
    through: null,
    ...(costs ? { costs } : {}),
  };
}

/**
 * One zone's days of `month` from its readings. `closed`: no reading of this month can come any
 * more (a later month has begun), so its last days are estimated at the zone's pace rather than
 * shown "so far". Usage follows the same rules; a day is as exact as its spend.
 */
export function deriveZoneMonth(month: string, zoneId: string, zone: OpenZone, closed: boolean): DerivedZoneMonth {
  const spend = deriveMeasure(month, measureReadings(zone, 'spend'), zone.c, closed);
  const usage = deriveMeasure(month, measureReadings(zone, 'usage'), zone.c, closed);
  const days: DerivedDay[] = [];
  for (const [dom, day] of spend.days) days.push(dayOf(dom, day, usage.days.get(dom)?.value ?? null, zone.d[dom - 1]?.[LAST_COSTS] ?? null));
  return { zoneId, name: zone.n, days, before: spend.before };
}
