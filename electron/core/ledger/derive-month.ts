import { type DayCosts, type DerivedDay, type DerivedZoneMonth, LAST_AT, LAST_COSTS, LAST_SPEND, LAST_USAGE, OPENING_SPEND, OPENING_USAGE, type OpenZone } from './ledger-model';
import { recentLevel, STOPPED_SHARE, usualDays, type ZoneDays } from '../anomalies/usual-band';
import { DAY_MS, dayKey, daysInMonth, domOf, monthStart } from './utc-calendar';

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

function anchorsOf(start: number, readings: MeasureReadings, fromMonthStart: boolean): Anchor[] {
  const anchors: Anchor[] = fromMonthStart ? [{ t: start, value: 0, boundary: true }] : [];
  readings.opening.forEach((value, index) => {
    if (value !== null && !(fromMonthStart && index === 0)) anchors.push({ t: start + index * DAY_MS, value, boundary: true });
    const last = readings.last[index];
    if (last) anchors.push({ t: last.t, value: last.value, boundary: false });
  });
  return anchors.sort((a, b) => a.t - b.t || Number(b.boundary) - Number(a.boundary));
}

/** The zone's usual spend on each day of the month (anomalies/usual-band.ts › usualDays), by day of the month; null where it has none. */
export type UsualByDom = (dom: number) => number | null;

/**
 * How a measure's stretches nobody read are weighed: the zone's usual days, and, past a closed
 * month's last reading, the level the zone ran at against them over its last days read
 * (usual-band.ts › recentLevel); null where it has none.
 */
type Weights = { month: string; start: number; usual: UsualByDom; tailLevel: number | null };

/**
 * The usual spend between two moments of the month: each day's usual × the share of it they span.
 * Null when a day they touch has no usual (or none above 0): then nothing can be weighed by it.
 */
function usualBetween({ start, usual }: Weights, from: number, to: number): number | null {
  let sum = 0;
  for (let t = from; t < to; ) {
    const dom = Math.floor((t - start) / DAY_MS) + 1;
    const end = Math.min(to, start + dom * DAY_MS);
    const day = usual(dom);
    if (day === null || !(day > 0)) return null;
    sum += (day * (end - t)) / DAY_MS;
    t = end;
  }
  return sum;
}

/**
 * Where a closed month's total stands at `t`, past its last reading: its usual days at the
 * zone's recent level. A zone that ran under STOPPED_SHARE of that over the day before its last
 * reading has stopped, and one without a usual or a level is not weighed: both go on at their
 * flat pace over that day (so a day's rhythm, quiet nights, does not skew it). 0 with a single anchor.
 */
function tailValue(anchors: readonly Anchor[], t: number, weights: Weights): number {
  const last = anchors[anchors.length - 1]!;
  let ref = anchors[0]!;
  for (const anchor of anchors) if (anchor.t <= last.t - DAY_MS) ref = anchor;
  if (last.t <= ref.t) return last.value;
  const read = Math.max(0, last.value - ref.value);
  const usualRead = usualBetween(weights, ref.t, last.t);
  const usualAfter = usualBetween(weights, last.t, t);
  const level = weights.tailLevel;
  if (level !== null && usualRead !== null && usualAfter !== null && read >= STOPPED_SHARE * level * usualRead) return last.value + level * usualAfter;
  return last.value + (read / (last.t - ref.t)) * (t - last.t);
}

/** The index of the first anchor at or after `t` (anchors are in time order). */
function firstFrom(anchors: readonly Anchor[], t: number): number {
  let low = 0;
  let high = anchors.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (anchors[mid]!.t < t) low = mid + 1;
    else high = mid;
  }
  return low;
}

function valueAt(anchors: readonly Anchor[], t: number, closed: boolean, weights: Weights): BoundaryValue | null {
  let index = firstFrom(anchors, t);
  const prev = anchors[index - 1] ?? null;
  // A boundary sorts before a reading at the same moment.
  if (anchors[index]?.t === t && anchors[index]!.boundary) return { kind: 'exact', value: anchors[index]!.value };
  while (anchors[index]?.t === t) index += 1;
  const next = anchors[index] ?? null;
  if (prev === null) return null;
  if (next !== null) {
    // A stretch nobody read holds a known total: spread by the zone's usual days, or evenly over its time without them.
    const part = usualBetween(weights, prev.t, t);
    const whole = usualBetween(weights, prev.t, next.t);
    const share = part !== null && whole !== null && whole > 0 ? part / whole : (t - prev.t) / (next.t - prev.t);
    return { kind: 'estimated', value: prev.value + (next.value - prev.value) * share, after: prev.t, before: next.t };
  }
  if (!closed) return { kind: 'partial', value: prev.value, through: prev.t };
  return { kind: 'estimated', value: tailValue(anchors, t, weights), after: prev.t, before: null };
}

type MeasureDays = { days: Map<number, { value: number; start: BoundaryValue; end: BoundaryValue }>; before: number | null };

/**
 * One measure's days: each held day's total is its end's month-to-date total less its start's.
 * The days held run from the 1st (a zone in the ledger before this month) or from the first day a
 * reading opened, to the month's end once closed, or else to the day of the last reading.
 */
function deriveMeasure(anchors: readonly Anchor[], fromMonthStart: boolean, closed: boolean, weights: Weights): MeasureDays {
  const { month, start: monthStarts } = weights;
  const days: MeasureDays['days'] = new Map();
  if (anchors.length === 0) return { days, before: null };
  const monthDays = daysInMonth(month);
  const first = domOf(anchors[0]!.t);
  const lastAnchor = anchors[anchors.length - 1]!;
  // A last anchor that opens a day (a backfill) ends the day before; a reading belongs to its own day.
  const last = closed ? monthDays : lastAnchor.boundary ? domOf(lastAnchor.t) - 1 : domOf(lastAnchor.t);
  for (let dom = first; dom <= last; dom += 1) {
    const start = valueAt(anchors, monthStarts + (dom - 1) * DAY_MS, closed, weights);
    const end = valueAt(anchors, monthStarts + dom * DAY_MS, closed, weights);
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

type Weighing = { usual: UsualByDom; spendLevel: number | null; usageLevel: number | null };

/** A zone's known totals of the month, in time order, per measure. */
type ZoneAnchors = { month: string; start: number; spend: Anchor[]; usage: Anchor[] };

function deriveWith(zoneId: string, zone: OpenZone, anchors: ZoneAnchors, closed: boolean, { usual, spendLevel, usageLevel }: Weighing): DerivedZoneMonth {
  const { month, start } = anchors;
  const spend = deriveMeasure(anchors.spend, zone.c, closed, { month, start, usual, tailLevel: spendLevel });
  const usage = deriveMeasure(anchors.usage, zone.c, closed, { month, start, usual, tailLevel: usageLevel });
  const days: DerivedDay[] = [];
  for (const [dom, day] of spend.days) days.push(dayOf(dom, day, usage.days.get(dom)?.value ?? null, zone.d[dom - 1]?.[LAST_COSTS] ?? null));
  return { zoneId, name: zone.n, days, before: spend.before };
}

const EVENLY: Weighing = { usual: () => null, spendLevel: null, usageLevel: null };

/** The day of the month's last reading, or null without one. */
function lastReadDom(zone: OpenZone): number | null {
  let last: number | null = null;
  zone.d.forEach((day, index) => {
    if (day?.[LAST_AT] != null) last = index + 1;
  });
  return last;
}

/**
 * One zone's days of `month` from its readings. `closed`: no reading of this month can come any
 * more (a later month has begun), so its last days are estimated rather than shown "so far".
 * `earlier`: the zone's days before this month. A stretch nobody read is weighed by the zone's
 * usual days (docs/architecture.md › A zone's usual day), from those days and this month's: the
 * days are worked out once evenly, and again by their usual when some are estimated. Usage
 * follows the same rules, weighed by the same usual spend; a day is as exact as its spend.
 */
export function deriveZoneMonth(month: string, zoneId: string, zone: OpenZone, closed: boolean, earlier: ZoneDays = new Map()): DerivedZoneMonth {
  const start = monthStart(month);
  const anchors: ZoneAnchors = { month, start, spend: anchorsOf(start, measureReadings(zone, 'spend'), zone.c), usage: anchorsOf(start, measureReadings(zone, 'usage'), zone.c) };
  const even = deriveWith(zoneId, zone, anchors, closed, EVENLY);
  if (!even.days.some((day) => day.coverage === 'estimated')) return even;
  const thisMonth = new Map(even.days.map((day) => [dayKey(month, day.dom), day]));
  const days: ZoneDays = { get: (day) => (day.startsWith(month) ? thisMonth.get(day) : earlier.get(day)) };
  const usualOf = usualDays(days);
  const lastRead = closed ? lastReadDom(zone) : null;
  const level = (measure: 'spend' | 'usage') => (lastRead === null ? null : recentLevel(days, dayKey(month, lastRead), usualOf, measure));
  return deriveWith(zoneId, zone, anchors, closed, { usual: (dom) => usualOf(dayKey(month, dom)), spendLevel: level('spend'), usageLevel: level('usage') });
}
