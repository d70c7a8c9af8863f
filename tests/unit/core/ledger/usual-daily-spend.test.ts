import { describe, expect, it } from 'vitest';
import { createLedger } from '../../../../electron/core/ledger/ledger-store';
import { zoneDays } from '../../../../electron/core/ledger/ledger-views';
import { addDays, dayOf } from '../../../../electron/core/ledger/utc-calendar';
import { ledgerUsualSpend, usualDailySpend, usualFromLedger, type UsualDailySpendInput } from '../../../../electron/core/ledger/usual-daily-spend';
import { createMemoryStore } from '../../../../electron/core/storage/persistence';
import { syntheticZone } from './synthetic-zone';

const HOUR = 3_600_000;
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const at = (iso: string) => Date.parse(iso);

// A zone whose hourly rate changes with the day of the month, so each day's spend differs.
const zone = syntheticZone('AAA1', (hour) => 10 + new Date(hour).getUTCDate());

/** The ledger as the app keeps it, after readings every 6 hours (and 17 minutes) from `from` to `to`. */
function ledgerRead(from: number, to: number) {
  const clock = { now: from };
  const ledger = createLedger({ profileId: 'p1', memory: true, factory: (name) => createMemoryStore(name), now: () => clock.now, logger: silent, tell: () => () => undefined });
  for (let t = from + 17 * 60_000; t < to; t += 6 * HOUR) {
    clock.now = t;
    ledger.recordReadings([zone.readingAt(t)]);
  }
  return { months: ledger.months(), now: to, spendThisMonthCents: zone.readingAt(to).spendMonth };
}

const ledgerDay = (months: ReturnType<typeof ledgerRead>['months'], day: string) => zoneDays(months, 'AAA1', day).days.find((d) => d.day === day)!;

/**
 * The answer for one zone, which the history's query over every zone at once (the ledger's part,
 * what the caps and the spike rule read) with the snapshot's pace added must give too.
 */
function usualOf(input: UsualDailySpendInput) {
  const alone = usualDailySpend(input);
  expect(usualFromLedger(ledgerUsualSpend(input.months, input.now)[input.zoneId] ?? null, input.spendThisMonthCents, input.now)).toEqual(alone);
  return alone;
}

describe("a zone's usual daily spend", () => {
  it('is the mean of its whole days in the ledger over the last four weeks, today left out', () => {
    const read = ledgerRead(at('2026-10-01T00:00:00Z'), at('2026-11-20T09:00:00Z'));
    const usual = usualOf({ ...read, zoneId: 'AAA1' });
    // Oct 23 to Nov 19: 28 whole days, October's last one estimated (no reading shows a month's end),
    // so that one counts as the ledger holds it; every other is the zone's true day.
    const days = Array.from({ length: 28 }, (_, i) => addDays('2026-10-23', i));
    const oct31 = ledgerDay(read.months, '2026-10-31');
    expect(oct31.coverage).toBe('estimated');
    const truth = days.reduce((sum, day) => sum + (day === '2026-10-31' ? oct31.spendCents : zone.daySpend(day)), 0) / 28;
    expect(usual).toMatchObject({ basis: 'ledger', days: 28, estimated: true });
    expect(usual!.cents).toBeCloseTo(truth, 4);
    // Today's spend so far (9 hours of it) is no whole day: counting it would pull the mean down.
    expect(ledgerDay(read.months, '2026-11-20').coverage).toBe('partial');
  });

  it('counts the four weeks before today and no day from today on, even when the ledger holds later whole days', () => {
    // The clock set back five days: the ledger already holds Nov 15 to 19 as whole days.
    const read = ledgerRead(at('2026-10-01T00:00:00Z'), at('2026-11-20T09:00:00Z'));
    const now = at('2026-11-15T09:00:00Z');
    expect(ledgerDay(read.months, '2026-11-15').coverage).not.toBe('partial');
    const usual = usualOf({ ...read, now, zoneId: 'AAA1' });
    const days = Array.from({ length: 28 }, (_, i) => addDays('2026-10-18', i));
    const truth = days.reduce((sum, day) => sum + (day === '2026-10-31' ? ledgerDay(read.months, day).spendCents : zone.daySpend(day)), 0) / 28;
    expect(usual).toMatchObject({ basis: 'ledger', days: 28 });
    expect(usual!.cents).toBeCloseTo(truth, 4);
  });

  it('reads exact days as exact', () => {
    const read = ledgerRead(at('2026-11-01T00:00:00Z'), at('2026-11-20T09:00:00Z'));
    const usual = usualOf({ ...read, zoneId: 'AAA1' });
    expect(usual).toMatchObject({ basis: 'ledger', days: 19, estimated: false });
    expect(usual!.cents).toBeCloseTo(Array.from({ length: 19 }, (_, i) => zone.daySpend(addDays('2026-11-01', i))).reduce((a, b) => a + b, 0) / 19, 4);
  });

  it('without a week of days, is this month’s spend over the UTC days gone by, today’s fraction counted', () => {
    const read = ledgerRead(at('2026-11-17T08:00:00Z'), at('2026-11-20T06:00:00Z'));
    const usual = usualOf({ ...read, zoneId: 'AAA1' });
    expect(usual).toEqual({ cents: read.spendThisMonthCents / 19.25, basis: 'this_month', days: 19.25, estimated: true });
  });

  it("in a month's first seven days, is last month's daily mean, the spend it held before its first day included", () => {
    // First read on Nov 28: November is known as its days from the 28th and the spend before them.
    const read = ledgerRead(at('2026-11-28T08:00:00Z'), at('2026-12-03T10:00:00Z'));
    const usual = usualOf({ ...read, zoneId: 'AAA1' });
    const nov30 = ledgerDay(read.months, '2026-11-30');
    expect(nov30.coverage).toBe('estimated');
    const november = Array.from({ length: 29 }, (_, i) => zone.daySpend(addDays('2026-11-01', i))).reduce((a, b) => a + b, 0) + nov30.spendCents;
    expect(usual).toMatchObject({ basis: 'last_month', days: 30, estimated: true });
    expect(usual!.cents).toBeCloseTo(november / 30, 4);
    // From the 8th on, this month's own days count instead.
    const later = usualOf({ ...read, now: at('2026-12-08T10:00:00Z'), zoneId: 'AAA1' });
    expect(later).toMatchObject({ basis: 'this_month', days: 7 + 10 / 24 });
  });

  it('counts at least one day at the start of a month without last month, and says nothing without figures', () => {
    const now = at('2026-11-01T06:00:00Z');
    expect(usualOf({ months: [], zoneId: 'AAA1', spendThisMonthCents: 120, now })).toEqual({ cents: 120, basis: 'this_month', days: 1, estimated: true });
    expect(usualOf({ months: [], zoneId: 'AAA1', spendThisMonthCents: 120, now: at('2026-11-03T12:00:00Z') })!.cents).toBeCloseTo(120 / 2.5, 10);
    expect(usualOf({ months: [], zoneId: 'AAA1', spendThisMonthCents: null, now })).toBeNull();
    expect(usualOf({ months: [], zoneId: 'AAA1', spendThisMonthCents: Number.NaN, now })).toBeNull();
    expect(dayOf(now)).toBe('2026-11-01');
  });

  it("reads only its own zone's days", () => {
    const read = ledgerRead(at('2026-11-01T00:00:00Z'), at('2026-11-20T09:00:00Z'));
    expect(usualOf({ ...read, zoneId: 'OTHER', spendThisMonthCents: 0 })).toMatchObject({ basis: 'this_month', cents: 0 });
  });
});
