import { COST_CONNECTIONS_MONTHLY, COST_IPS_MONTHLY, type DerivedDay } from '../ledger/ledger-model';
import { addDays, DAY_MS, dayOf } from '../ledger/utc-calendar';

// A zone's usual band for a weekday (docs/architecture.md › Daily anomalies), and the one
// expectation of a zone's day read by the anomalies and the ledger's estimated days
// (docs/architecture.md › A zone's usual day). Pure.

/** Same-weekday days a zone needs before its day is judged. */
export const MIN_SAME_WEEKDAYS = 4;
/** How many weeks back the band looks. */
export const BAND_WEEKS = 8;
/** The band's half-width in robust standard deviations of the days' logarithms. */
export const BAND_WIDTH = 3;
/** The least spread the band assumes (a day's own noise): ±~45 % at the band's edges. */
export const MIN_SPREAD = 0.125;
/** A day under this share of the usual is a stopped day: not part of anyone's usual. */
export const STOPPED_SHARE = 0.15;

/** A zone's days by UTC day key (a map, or anything that looks a day up by its key). */
export type ZoneDays = Pick<ReadonlyMap<string, DerivedDay>, 'get'>;

export type UsualBand = { usual: number; low: number; high: number; days: DerivedDay[] };

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** docs/api.md › Costs: a day of a monthly charge is the monthly amount ÷ 30. */
const DAYS_PER_BILLING_MONTH = 30;

/** A day's standing charges (billed connections and reserved IPs) from its breakdown; 0 without one. */
function standing(day: DerivedDay): number {
  return day.costs ? (day.costs[COST_CONNECTIONS_MONTHLY] + day.costs[COST_IPS_MONTHLY]) / DAYS_PER_BILLING_MONTH : 0;
}

/**
 * The band for `day` from the same weekday of the `BAND_WEEKS` weeks before it: whole days (exact
 * or estimated: an estimated day holds its stretch's share, close enough for a usual), stopped days
 * left out. Its middle is their median; its width BAND_WIDTH robust standard deviations of their
 * logarithms (at least MIN_SPREAD), taken of the traffic's part only: the standing charges the
 * breakdown shows (billed connections, reserved IPs) are a fixed amount added to both ends. Null with fewer than MIN_SAME_WEEKDAYS days or a usual of 0.
 */
export function usualBand(days: ZoneDays, day: string): UsualBand | null {
  const usual = usualOfWeekday(days, day);
  if (usual === null) return null;
  const { fixed, logs, center, running } = usual;
  const spread = Math.max(MIN_SPREAD, 1.4826 * median(logs.map((v) => Math.abs(v - center))));
  const traffic = (width: number) => Math.exp(center + width * spread);
  return { usual: fixed + traffic(0), low: fixed + traffic(-BAND_WIDTH), high: fixed + traffic(BAND_WIDTH), days: running };
}

/** The band's running days and its middle: their median standing charges and the median logarithm of their traffic's part. */
function usualOfWeekday(days: ZoneDays, day: string): { fixed: number; logs: number[]; center: number; running: DerivedDay[] } | null {
  const held: DerivedDay[] = [];
  const at = Date.parse(`${day}T00:00:00Z`);
  for (let week = 1; week <= BAND_WEEKS; week += 1) {
    const found = days.get(dayOf(at - 7 * week * DAY_MS));
    if (found && found.coverage !== 'partial') held.push(found);
  }
  if (held.length < MIN_SAME_WEEKDAYS) return null;
  const top = median(held.map((d) => d.spend));
  const running = held.filter((d) => d.spend > 0 && d.spend >= STOPPED_SHARE * top);
  if (running.length < MIN_SAME_WEEKDAYS) return null;
  // Standing charges do not vary with traffic: the spread is the traffic's, around the usual standing charges.
  const fixed = median(running.map(standing));
  const logs = running.map((d) => Math.log(Math.max(d.spend - standing(d), 0.01)));
  return { fixed, logs, center: median(logs), running };
}

/** What a zone usually spends on a day, by its key; null where it has no usual band. */
export type UsualOf = (day: string) => number | null;

/**
 * What a zone usually spends on each day: its usual band's middle, the same weekday of the weeks
 * before it. The one expectation of a zone's day (docs/architecture.md › A zone's usual day): the
 * anomalies judge a day against it and the ledger weighs the days nobody read by it
 * (ledger/derive-month.ts). Each day worked out once.
 */
export function usualDays(days: ZoneDays): UsualOf {
  const memo = new Map<string, number | null>();
  return (day) => {
    if (!memo.has(day)) {
      const usual = usualOfWeekday(days, day);
      memo.set(day, usual === null ? null : usual.fixed + Math.exp(usual.center));
    }
    return memo.get(day)!;
  };
}

/** The days before a reading whose spend against their usual says the level a zone runs at: one of each weekday. */
export const LEVEL_DAYS = 7;

/**
 * How a zone ran against its usual days lately: over the LEVEL_DAYS whole days read (exact) before
 * `day`, the median of each day's spend (or usage) ÷ its usual spend — a trend the 8 weeks' usual
 * lags behind, without a runaway day's weight. Stopped days (under STOPPED_SHARE of the usual)
 * are left out: they are no level the zone runs at. Null without such a day.
 */
export function recentLevel(days: ZoneDays, day: string, usualOf: UsualOf, measure: 'spend' | 'usage'): number | null {
  const ratios: number[] = [];
  for (let back = 1; back <= LEVEL_DAYS; back += 1) {
    const key = addDays(day, -back);
    const found = days.get(key);
    const usual = usualOf(key);
    const value = found?.[measure];
    if (!found || found.coverage !== 'exact' || usual === null || !(usual > 0) || value == null || found.spend < STOPPED_SHARE * usual) continue;
    ratios.push(value / usual);
  }
  return ratios.length === 0 ? null : median(ratios);
}
