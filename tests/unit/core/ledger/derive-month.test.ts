import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyOpenMonth, type DerivedZoneMonth, type OpenMonth } from '../../../../electron/core/ledger/ledger-model';
import { deriveOpenMonth } from '../../../../electron/core/ledger/month-files';
import { foldReadings, MIDNIGHT_GUARD_MS, nearMidnight } from '../../../../electron/core/ledger/readings';
import { syntheticZone } from './synthetic-zone';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOV = Date.parse('2026-11-01T00:00:00Z');
const at = (day: number, hour: number, minute = 0) => NOV + (day - 1) * DAY + hour * HOUR + minute * 60_000;
const key = (dom: number) => `2026-11-${String(dom).padStart(2, '0')}`;

/** A zone spending 10 ¢ an hour at night and 60 ¢ by day, more on odd days. */
const zone = syntheticZone('Z1', (hour) => {
  const h = new Date(hour).getUTCHours();
  const odd = new Date(hour).getUTCDate() % 2 === 1;
  return (h >= 8 && h < 20 ? 60 : 10) * (odd ? 1.5 : 1);
});

function ledgerOf(times: readonly number[], continues = false): OpenMonth {
  const open = emptyOpenMonth('2026-11');
  for (const t of times) foldReadings(open, [zone.readingAt(t)]);
  if (continues) open.zones.Z1!.c = true;
  return open;
}

function daysOf(open: OpenMonth, closed: boolean): DerivedZoneMonth {
  return deriveOpenMonth(open, closed).zones[0]!;
}

const hourly = (fromDay: number, toDay: number, offsetMinutes = 17) => {
  const times: number[] = [];
  for (let t = at(fromDay, 0, offsetMinutes); t < at(toDay + 1, 0); t += HOUR) times.push(t);
  return times;
};

describe('the days of a month, from month-to-date readings', () => {
  it('are exact when readings fall on the day and the day after, whatever the hour', () => {
    const { days } = daysOf(ledgerOf(hourly(3, 10)), false);
    expect(days.map((d) => d.dom)).toEqual([3, 4, 5, 6, 7, 8, 9, 10]);
    for (const day of days.slice(0, -1)) {
      expect(day.coverage).toBe('exact');
      expect(day.spend).toBeCloseTo(zone.daySpend(key(day.dom)), 9);
      expect(Math.abs(day.usage! - zone.daySpend(key(day.dom)) * 1000)).toBeLessThanOrEqual(2);
    }
  });

  it('shows the day of the last reading so far, up to that reading, while the month is open', () => {
    const times = hourly(3, 10);
    const last = daysOf(ledgerOf(times), false).days.at(-1)!;
    expect(last).toMatchObject({ dom: 10, coverage: 'partial', through: times.at(-1) });
    expect(last.spend).toBeCloseTo(zone.readingAt(times.at(-1)!).spendToday, 3);
  });

  it('needs only one reading a day: a day is exact from a reading on it and one on the next', () => {
    const { days } = daysOf(ledgerOf([at(5, 9), at(6, 23), at(7, 3)]), false);
    expect(days.slice(0, 2).map((d) => [d.dom, d.coverage])).toEqual([[5, 'exact'], [6, 'exact']]);
    expect(days[0]!.spend).toBeCloseTo(zone.daySpend(key(5)), 9);
    expect(days[1]!.spend).toBeCloseTo(zone.daySpend(key(6)), 9);
  });

  it('spreads the spend of a stretch without readings evenly over it while the zone has no usual days yet, marks those days, and keeps their total', () => {
    // Readings to 14:00 on the 5th, then none until 16:00 on the 8th.
    const times = [...hourly(3, 5).filter((t) => t <= at(5, 14)), ...hourly(8, 12).filter((t) => t >= at(8, 16))];
    const { days } = daysOf(ledgerOf(times), false);
    const byDom = new Map(days.map((d) => [d.dom, d]));
    for (const dom of [5, 6, 7]) {
      expect(byDom.get(dom)).toMatchObject({ coverage: 'estimated', estimate: { after: at(5, 13, 17), before: at(8, 0) } });
    }
    for (const dom of [3, 4, 8, 9, 10, 11]) expect(byDom.get(dom)!.coverage).toBe('exact');
    const estimated = [5, 6, 7].reduce((sum, dom) => sum + byDom.get(dom)!.spend, 0);
    expect(estimated).toBeCloseTo([5, 6, 7].reduce((sum, dom) => sum + zone.daySpend(key(dom)), 0), 9);
    // Evenly: the 6th, wholly in the gap, carries a full day at the gap's mean pace.
    const gapSpend = zone.readingAt(at(8, 16)).spendMonth - zone.readingAt(at(8, 16)).spendToday - zone.readingAt(at(5, 13, 17)).spendMonth;
    expect(byDom.get(6)!.spend).toBeCloseTo((gapSpend * DAY) / (at(8, 0) - at(5, 13, 17)), 9);
  });

  it('runs a zone the ledger held last month from the 1st, from 0 at midnight, even before its first reading', () => {
    const { days, before } = daysOf(ledgerOf(hourly(4, 8), true), false);
    expect(days[0]).toMatchObject({ dom: 1, coverage: 'estimated', estimate: { after: NOV, before: at(4, 0) } });
    expect(days.slice(0, 3).reduce((sum, d) => sum + d.spend, 0)).toBeCloseTo([1, 2, 3].reduce((sum, dom) => sum + zone.daySpend(key(dom)), 0), 9);
    expect(before).toBeNull();
  });

  it('starts a new zone at its first reading and keeps what the month held before it apart, not split by day', () => {
    const { days, before } = daysOf(ledgerOf(hourly(4, 8)), false);
    expect(days[0]!.dom).toBe(4);
    expect(before).toBeCloseTo([1, 2, 3].reduce((sum, dom) => sum + zone.daySpend(key(dom)), 0), 9);
  });

  it('estimates a closed month past its last reading at the zone pace over its last day while it has no usual days yet, never calling it exact', () => {
    const times = hourly(25, 30).filter((t) => t <= at(30, 23, 59) - MIDNIGHT_GUARD_MS);
    const { days } = daysOf(ledgerOf(times), true);
    const lastDay = days.at(-1)!;
    expect(lastDay).toMatchObject({ dom: 30, coverage: 'estimated', estimate: { after: times.at(-1), before: null } });
    // The reading at 23:17 holds all but the last 43 minutes; the estimate adds them at the zone's
    // mean pace over the day before it (24 ¢/h here), not at the night's 10 ¢/h: close, not the truth.
    const read = zone.readingAt(times.at(-1)!).spendToday;
    expect(lastDay.spend).toBeGreaterThan(read);
    expect(lastDay.spend - read).toBeLessThan((43 / 60) * 40);
    expect(zone.daySpend(key(30)) - read).toBeCloseTo((43 / 60) * 10, 6);
    expect(days.slice(0, -1).every((d) => d.coverage === 'exact')).toBe(true);
  });

  it('does not use a reading taken within two minutes of midnight, when the service may still be on the other day', () => {
    const open = ledgerOf([at(5, 10), at(6, 0, 1), at(5, 23, 59)]);
    expect(open.zones.Z1!.d.filter((d) => d !== null)).toHaveLength(1);
  });

  it('ignores a reading older than what the day already holds', () => {
    const open = ledgerOf([at(5, 10), at(5, 9)]);
    expect(open.zones.Z1!.d[4]![2]).toBe(at(5, 10));
  });
});

describe('the days of a month, for any readings', () => {
  it('are exact within 0.01 ¢ where readings bound them, and add up to the month-to-date total through the day before the last reading', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: at(1, 0), max: at(30, 23, 59) }), { minLength: 1, maxLength: 80 }), fc.boolean(), (raw, closed) => {
        const times = [...new Set(raw)].filter((t) => !nearMidnight(t)).sort((a, b) => a - b);
        fc.pre(times.length > 0);
        const { days } = daysOf(ledgerOf(times, true), closed);
        for (const day of days) {
          if (day.coverage === 'exact') expect(Math.abs(day.spend - zone.daySpend(key(day.dom)))).toBeLessThan(0.01);
          else expect(day.coverage === 'estimated' ? day.estimate : day.through).not.toBeNull();
        }
        const bounded = new Date(times.at(-1)!).getUTCDate() - 1;
        const sum = days.filter((d) => d.dom <= bounded).reduce((total, d) => total + d.spend, 0);
        let truth = 0;
        for (let dom = 1; dom <= bounded; dom += 1) truth += zone.daySpend(key(dom));
        expect(Math.abs(sum - truth)).toBeLessThan(0.01);
        expect(days.map((d) => d.dom)).toEqual(Array.from({ length: closed ? 30 : bounded + 1 }, (_, i) => i + 1));
      }),
      { numRuns: 150 },
    );
  });
});
