import { utcDayKey, utcMonthKey } from '../../shared/units';
import type { ZoneRecord } from './service-model';
import type { ZoneCost } from '../../shared/api/zone';

/** One zone's record of one UTC day, as `/_control/days` and the demo port hand it out. */
export interface ZoneDayRecord {
  zoneId: string;
  name: string;
  /** UTC day, `YYYY-MM-DD`. */
  day: string;
  spendCents: number;
  usageBytes: number;
  /** The zone's cost members at the day's last charge (what a reading at its end would show). */
  cost?: ZoneCost;
}

/** The four figures a zone reports, computed from its per-day record (docs/service.md › Decisions where the spec is open: Spend). */
export interface ZoneFigures {
  spend_today_cents: number;
  spend_this_month_cents: number;
  usage_today_bytes: number;
  usage_this_month_bytes: number;
}

/** Adds charges and traffic to the UTC day `at` falls in; `cost`, the cost members they were charged at, is the day's latest. */
export function addToDay(zone: Pick<ZoneRecord, 'days'>, at: number, cents: number, bytes: number, cost?: ZoneCost): void {
  const key = utcDayKey(new Date(at));
  const day = zone.days.get(key);
  if (day) {
    day.spendCents += cents;
    day.usageBytes += bytes;
    if (cost) day.cost = cost;
  } else {
    zone.days.set(key, { spendCents: cents, usageBytes: bytes, ...(cost ? { cost } : {}) });
  }
}

/**
 * Today's figures are the day `now` falls in; this month's are the sum of the month's days, so the
 * day and month counters can never disagree and both reset at 00:00 UTC by construction.
 */
export function zoneFigures(zone: Pick<ZoneRecord, 'days'>, now: number): ZoneFigures {
  const date = new Date(now);
  const month = utcMonthKey(date);
  const today = zone.days.get(utcDayKey(date));
  let spendMonth = 0;
  let usageMonth = 0;
  for (let dom = 1; dom <= date.getUTCDate(); dom += 1) {
    const day = zone.days.get(`${month}-${String(dom).padStart(2, '0')}`);
    if (!day) continue;
    spendMonth += day.spendCents;
    usageMonth += day.usageBytes;
  }
  return {
    spend_today_cents: today?.spendCents ?? 0,
    spend_this_month_cents: spendMonth,
    usage_today_bytes: today?.usageBytes ?? 0,
    usage_this_month_bytes: usageMonth,
  };
}

/** Every zone's per-day record from `fromDay` on (inclusive), zones in their order, days oldest first. */
export function zoneDayRecords(zones: Iterable<ZoneRecord>, fromDay = ''): ZoneDayRecord[] {
  const out: ZoneDayRecord[] = [];
  for (const zone of zones) {
    const days = [...zone.days.entries()].filter(([day]) => day >= fromDay).sort(([a], [b]) => a.localeCompare(b));
    for (const [day, counters] of days) out.push({ zoneId: zone.zone_id, name: zone.name, day, ...counters });
  }
  return out;
}
