import { describe, expect, it } from 'vitest';
import { combinedMonthEnd, monthEndForecast, type ZoneForecastInput } from '../../../../electron/core/forecast/month-end';
import { createLedger } from '../../../../electron/core/ledger/ledger-store';
import { createMemoryStore } from '../../../../electron/core/storage/persistence';
import type { DemoZoneDay } from '../../../../electron/core/ports';

// docs/architecture.md › Month-end forecast. The ledgers here are built by the app's own ledger code
// (the demo's backfill) from per-day spend worked out by a formula, as the service's counters are.

const DAY = 86_400_000;
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const key = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A zone's per-day spend for the `count` days before `now`'s day, `cents(dayStartMs)` each. */
function zoneDays(zoneId: string, now: number, count: number, cents: (day: number) => number): DemoZoneDay[] {
  const today = Math.floor(now / DAY) * DAY;
  return Array.from({ length: count }, (_, i) => today - (count - i) * DAY).map((day) => ({ zoneId, name: zoneId, day: key(day), spendCents: cents(day), usageBytes: 0 }));
}

function monthsOf(days: readonly DemoZoneDay[], now: number) {
  const ledger = createLedger({ profileId: 't', memory: true, factory: createMemoryStore, now: () => now, logger: silent, tell: () => () => undefined });
  ledger.backfill(days);
  return ledger.months();
}

/** What a zone has spent this month before today, from the same days. */
function spentThisMonth(days: readonly DemoZoneDay[], zoneId: string, now: number): number {
  const month = key(now).slice(0, 7);
  return days.filter((d) => d.zoneId === zoneId && d.day.startsWith(month)).reduce((sum, d) => sum + d.spendCents, 0);
}

function zoneInput(days: readonly DemoZoneDay[], zoneId: string, now: number, patch: Partial<ZoneForecastInput> = {}): ZoneForecastInput {
  return { zoneId, spentMonthCents: spentThisMonth(days, zoneId, now), spentTodayCents: 0, running: true, standingCentsPerDay: 0, ...patch };
}

const weekend = (day: number) => [0, 6].includes(new Date(day).getUTCDay());

describe('the month-end forecast', () => {
  it('follows the weekday pattern: two weekend days left add what weekend days spend, not an average day', () => {
    const now = Date.parse('2026-05-30T00:00:00Z'); // a Saturday; the month ends on Sunday the 31st
    const days = zoneDays('A', now, 56, (day) => (weekend(day) ? 4_000 : 10_000));
    const { zones, account } = monthEndForecast({ months: monthsOf(days, now), zones: [zoneInput(days, 'A', now)], accountSpentCents: null, now });
    const spent = spentThisMonth(days, 'A', now);
    // An average day is about $82.86: two of them would be $165.71; two weekend days are $80. The
    // weekday shares, shrunk a little towards an average day while there are only eight weekends,
    // would say a little more; the account's past forecasts of its weekends, which ran high by as
    // much, bring it back (docs/architecture.md › Month-end forecast, its 80 % range).
    expect(zones.get('A')!.expectedCents - spent).toBeGreaterThan(7_600);
    expect(zones.get('A')!.expectedCents - spent).toBeLessThan(8_400);
    expect(zones.get('A')!.basis).toBe('pattern');
    expect(account!.expectedCents).toBeCloseTo(zones.get('A')!.expectedCents, 6);
  });

  it('follows a trend: a zone growing 1 % a day is expected to spend more than a steady zone spending what it spent last week, a declining one less', () => {
    const now = Date.parse('2026-11-12T00:00:00Z');
    const growing = zoneDays('G', now, 56, (day) => 10_000 * 1.01 ** ((day - now) / DAY));
    const lastWeek = growing.slice(-7).reduce((sum, d) => sum + d.spendCents, 0) / 7;
    const steady = zoneDays('S', now, 56, () => lastWeek);
    const days = [...growing, ...steady];
    const { zones } = monthEndForecast({ months: monthsOf(days, now), zones: [zoneInput(days, 'G', now), zoneInput(days, 'S', now)], accountSpentCents: null, now });
    const rest = (id: string) => zones.get(id)!.expectedCents - spentThisMonth(days, id, now);
    expect(rest('G')).toBeGreaterThan(rest('S'));
    // And a declining one less than a steady zone that spent as much over the last four weeks.
    const declining = zoneDays('D', now, 56, (day) => 10_000 * 0.99 ** ((day - now) / DAY));
    const flat = zoneDays('F', now, 56, () => declining.slice(-28).reduce((sum, d) => sum + d.spendCents, 0) / 28);
    const both = [...declining, ...flat];
    const down = monthEndForecast({ months: monthsOf(both, now), zones: [zoneInput(both, 'D', now), zoneInput(both, 'F', now)], accountSpentCents: null, now }).zones;
    expect(down.get('D')!.expectedCents - spentThisMonth(both, 'D', now)).toBeLessThan(down.get('F')!.expectedCents - spentThisMonth(both, 'F', now));
  });

  it('with few days, gives a wider range and says so in words; with none, goes on at the month’s pace and says that', () => {
    const now = Date.parse('2026-11-20T00:00:00Z');
    const noisy = (day: number) => 10_000 * (1 + 0.2 * Math.sin(day / DAY));
    const many = zoneDays('A', now, 56, noisy);
    const few = zoneDays('A', now, 5, noisy);
    const width = (f: { lowCents: number; highCents: number; expectedCents: number }) => (f.highCents - f.lowCents) / f.expectedCents;
    const withMany = monthEndForecast({ months: monthsOf(many, now), zones: [zoneInput(many, 'A', now)], accountSpentCents: null, now }).account!;
    const withFew = monthEndForecast({ months: monthsOf(few, now), zones: [zoneInput(few, 'A', now)], accountSpentCents: null, now }).account!;
    expect(withMany.basis).toBe('pattern');
    expect(withFew.basis).toBe('few_days');
    expect(withFew.words).toBe('Only 5 days of history: no weekday pattern yet, so the range is wide');
    expect(width(withFew)).toBeGreaterThan(2 * width(withMany));
    const none = monthEndForecast({ months: [], zones: [{ zoneId: 'A', spentMonthCents: 190_000, spentTodayCents: 0, running: true, standingCentsPerDay: 0 }], accountSpentCents: null, now }).account!;
    expect(none).toMatchObject({ basis: 'month_so_far', words: "No whole day of history yet: this month's pace so far, so the range is wide" });
    // $1,900 over 19 days: $100 a day for the 11 days left.
    expect(none.expectedCents).toBeCloseTo(190_000 + 11 * 10_000, 6);
  });

  it('expects a zone the service says is on, but that has paused for a few days, back after as long again', () => {
    const now = Date.parse('2026-11-10T00:00:00Z');
    // $100 a day until November 7th, then nothing for three days: back from the 13th, 18 days of $100.
    const paused = (day: number) => (day >= Date.parse('2026-11-07T00:00:00Z') ? 0 : 10_000);
    const days = zoneDays('A', now, 56, paused);
    const zone = monthEndForecast({ months: monthsOf(days, now), zones: [zoneInput(days, 'A', now)], accountSpentCents: null, now }).zones.get('A')!;
    expect(zone.expectedCents - spentThisMonth(days, 'A', now)).toBeGreaterThan(17.5 * 10_000);
    expect(zone.expectedCents - spentThisMonth(days, 'A', now)).toBeLessThan(18.5 * 10_000);
    // One that has spent nothing for 25 days is not expected back before December.
    const gone = zoneDays('B', now, 56, (day) => (day >= now - 25 * DAY ? 0 : 10_000));
    const idle = monthEndForecast({ months: monthsOf(gone, now), zones: [zoneInput(gone, 'B', now)], accountSpentCents: null, now }).zones.get('B')!;
    expect(idle.expectedCents - spentThisMonth(gone, 'B', now)).toBeCloseTo(0, 6);
  });

  it('leans on the month’s own pace the more of the month is gone: a last week below the month so far is not taken for the rest of it', () => {
    // $100 a day until this month; November 1st–17th $130 a day, the 18th–24th $70 (a slow week).
    const now = Date.parse('2026-11-25T00:00:00Z');
    const cents = (day: number) => (day < Date.parse('2026-11-01T00:00:00Z') ? 10_000 : day < Date.parse('2026-11-18T00:00:00Z') ? 13_000 : 7_000);
    const days = zoneDays('A', now, 80, cents);
    const zone = monthEndForecast({ months: monthsOf(days, now), zones: [zoneInput(days, 'A', now)], accountSpentCents: null, now }).zones.get('A')!;
    // The fit's level, a week's half-life, reads mostly the slow week; the pace is $112.50 a day
    // over the 24 days gone. With 24 days against the fit's ten, the six days left come to more
    // than $90 a day, and less than the pace.
    const perDayLeft = (zone.expectedCents - spentThisMonth(days, 'A', now)) / 6;
    expect(perDayLeft).toBeGreaterThan(9_000);
    expect(perDayLeft).toBeLessThan(11_250);
  });

  it('forecasts an off zone’s standing charges only, whatever it used to spend', () => {
    const now = Date.parse('2026-11-20T00:00:00Z');
    const days = zoneDays('A', now, 56, () => 10_000);
    const spent = spentThisMonth(days, 'A', now);
    const { zones } = monthEndForecast({ months: monthsOf(days, now), zones: [zoneInput(days, 'A', now, { running: false, standingCentsPerDay: 250 })], accountSpentCents: null, now });
    const off = zones.get('A')!;
    expect(off.basis).toBe('off');
    expect(off.expectedCents).toBeCloseTo(spent + 11 * 250, 6);
    expect(off.words).toBe('The zone is off: only its standing charges are still to come');
  });

  it('works the account’s range out for its total: two zones that swing against each other give a narrow account range, not the sum of their ends', () => {
    const now = Date.parse('2026-11-15T00:00:00Z');
    const swing = (day: number) => (Math.floor(day / DAY) % 2 === 0 ? 1 : -1) * 6_000;
    const days = [...zoneDays('A', now, 56, (day) => 10_000 + swing(day)), ...zoneDays('B', now, 56, (day) => 10_000 - swing(day))];
    const { zones, account } = monthEndForecast({ months: monthsOf(days, now), zones: [zoneInput(days, 'A', now), zoneInput(days, 'B', now)], accountSpentCents: null, now });
    const a = zones.get('A')!;
    const b = zones.get('B')!;
    expect(account!.expectedCents).toBeCloseTo(a.expectedCents + b.expectedCents, 6);
    // The account spends $200 every day: its range is far narrower than the zones' ends added up.
    expect(account!.highCents - account!.lowCents).toBeLessThan((a.highCents + b.highCents - a.lowCents - b.lowCents) / 3);
    expect(account!.lowCents).toBeGreaterThan(a.lowCents + b.lowCents);
    expect(account!.highCents).toBeLessThan(a.highCents + b.highCents);
  });

  it('narrows as the month goes on and closes on its last moments', () => {
    const start = Date.parse('2026-11-01T00:00:00Z');
    const cents = (day: number) => 10_000 * (1 + 0.3 * Math.sin((day / DAY) * 2.1));
    const widthOn = (dom: number) => {
      const now = start + (dom - 1) * DAY;
      const days = zoneDays('A', now, 56 + dom, cents);
      const f = monthEndForecast({ months: monthsOf(days, now), zones: [zoneInput(days, 'A', now)], accountSpentCents: null, now }).account!;
      return f.highCents - f.lowCents;
    };
    const widths = [2, 10, 20, 29].map(widthOn);
    for (let i = 1; i < widths.length; i += 1) expect(widths[i]!).toBeLessThan(widths[i - 1]!);
  });

  it('adds in what the account spent on zones it cannot see, at the month’s pace', () => {
    const now = Date.parse('2026-11-21T00:00:00Z');
    const days = zoneDays('A', now, 56, () => 10_000);
    const known = monthEndForecast({ months: monthsOf(days, now), zones: [zoneInput(days, 'A', now)], accountSpentCents: null, now }).account!;
    const withUnseen = monthEndForecast({ months: monthsOf(days, now), zones: [zoneInput(days, 'A', now)], accountSpentCents: 200_000 + 40_000, now }).account!;
    // $400 more in 20 days: $20 a day more for the 10 days left.
    expect(withUnseen.expectedCents - known.expectedCents).toBeCloseTo(40_000 + 10 * 2_000, 6);
  });
});

describe('All accounts’ month end', () => {
  it('adds the expected totals and works the range out for the sum, narrower than the ends added up', () => {
    const now = Date.parse('2026-11-15T00:00:00Z');
    const one = (id: string) => {
      const days = zoneDays(id, now, 56, (day) => 10_000 * (1 + 0.25 * Math.sin(day / DAY + id.length)));
      return monthEndForecast({ months: monthsOf(days, now), zones: [zoneInput(days, id, now)], accountSpentCents: null, now }).account!;
    };
    const a = one('A');
    const b = one('BB');
    const both = combinedMonthEnd([a, b])!;
    expect(both.expectedCents).toBeCloseTo(a.expectedCents + b.expectedCents, 6);
    expect(both.highCents).toBeLessThan(a.highCents + b.highCents);
    expect(both.lowCents).toBeGreaterThan(a.lowCents + b.lowCents);
    expect(combinedMonthEnd([])).toBeNull();
  });
});

// Month and year edges: a zone spending a steady $100 a day ends any month at $100 × its days, on
// whichever day it is asked — the 1st with nothing spent yet, the 2nd and 3rd with a day or two
// of the month held, a month's last day, February's 28th and 29th.
describe.each([
  { now: '2026-11-01T00:00:00Z', days: 30 },
  { now: '2026-11-01T12:00:00Z', days: 30 },
  { now: '2026-11-02T00:00:00Z', days: 30 },
  { now: '2026-11-03T06:00:00Z', days: 30 },
  { now: '2026-12-31T00:00:00Z', days: 31 },
  { now: '2026-12-31T18:00:00Z', days: 31 },
  { now: '2027-01-01T00:00:00Z', days: 31 },
  { now: '2027-02-28T12:00:00Z', days: 28 },
  { now: '2028-02-28T12:00:00Z', days: 29 },
  { now: '2028-02-29T00:00:00Z', days: 29 },
  { now: '2028-03-01T00:00:00Z', days: 31 },
])('the month-end forecast on $now', ({ now: iso, days }) => {
  it(`of a steady $100 a day is $${days * 100}, inside its range, and its low end is at least what is spent`, () => {
    const now = Date.parse(iso);
    const history = zoneDays('A', now, 56, () => 10_000);
    const today = ((now % DAY) / DAY) * 10_000;
    const { zones, account } = monthEndForecast({ months: monthsOf(history, now), zones: [zoneInput(history, 'A', now, { spentMonthCents: spentThisMonth(history, 'A', now) + today, spentTodayCents: today })], accountSpentCents: null, now });
    const forecast = zones.get('A')!;
    expect(forecast.basis).toBe('pattern');
    expect(forecast.spentCents).toBeCloseTo((new Date(now).getUTCDate() - 1) * 10_000 + today, 6);
    expect(forecast.expectedCents / (days * 10_000)).toBeCloseTo(1, 2);
    expect(forecast.lowCents).toBeLessThanOrEqual(forecast.expectedCents);
    expect(forecast.highCents).toBeGreaterThanOrEqual(forecast.expectedCents);
    expect(forecast.lowCents).toBeGreaterThanOrEqual(forecast.spentCents);
    expect(account!.expectedCents).toBeCloseTo(forecast.expectedCents, 6);
  });
});
