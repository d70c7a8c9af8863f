import { describe, expect, it } from 'vitest';
import { dailyAnomalies } from '../../../electron/core/anomalies/daily-anomalies';
import { digestKey, dueDigests, type DigestClock } from '../../../electron/core/digest/digest-schedule';
import { accountPeriodSpend, periodOf, periodSummary, previousPeriod, summaryCsv, summaryLines } from '../../../electron/core/digest/period-summary';
import { createLedger } from '../../../electron/core/ledger/ledger-store';
import type { DemoZoneDay } from '../../../electron/core/ports';
import { createMemoryStore } from '../../../electron/core/storage/persistence';

const DAY = 86_400_000;
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const key = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Berlin in winter: local time is UTC + 1 h. No quiet hours unless said. */
const clock = (iso: string, quiet = false): DigestClock => ({ now: Date.parse(iso), offsetMinutes: () => 60, quiet: () => quiet });
const choice = { daily: true, weekly: true, at: '08:00' };

describe('when a digest is due', () => {
  it('sends a UTC day once it is over, at the local time picked, once — also across a restart', () => {
    const daily = { ...choice, weekly: false };
    expect(dueDigests(daily, clock('2026-11-26T06:59:00Z'), new Set())).toEqual([{ kind: 'day', from: '2026-11-24', to: '2026-11-24' }]);
    const due = dueDigests(daily, clock('2026-11-26T07:00:00Z'), new Set(['digest:day:2026-11-24']));
    expect(due).toEqual([{ kind: 'day', from: '2026-11-25', to: '2026-11-25' }]);
    // The sent keys are what a restart reads back.
    const kept = new Set(JSON.parse(JSON.stringify(['digest:day:2026-11-24', ...due.map(digestKey)])) as string[]);
    expect(dueDigests(daily, clock('2026-11-26T15:00:00Z'), kept)).toEqual([]);
  });

  it('sends a week from Monday once it is over, and after days not running only the latest period', () => {
    const due = dueDigests(choice, clock('2026-11-30T09:00:00Z'), new Set(['digest:day:2026-11-28']));
    expect(due).toEqual([
      { kind: 'day', from: '2026-11-29', to: '2026-11-29' },
      { kind: 'week', from: '2026-11-23', to: '2026-11-29' },
    ]);
  });

  it('waits out quiet hours, and sends nothing not chosen', () => {
    expect(dueDigests(choice, clock('2026-11-26T07:30:00Z', true), new Set())).toEqual([]);
    expect(dueDigests({ ...choice, daily: false, weekly: false }, clock('2026-11-30T09:00:00Z'), new Set())).toEqual([]);
  });
});

function ledgerMonths() {
  const days: DemoZoneDay[] = [];
  for (let t = Date.parse('2026-10-01T00:00:00Z'); t < Date.parse('2026-11-30T00:00:00Z'); t += DAY) {
    const day = key(t);
    days.push({ zoneId: 'CRAWL1', name: 'Catalog crawler', day, spendCents: day === '2026-11-25' ? 4000 : 1000, usageBytes: 1e9 });
    days.push({ zoneId: 'PRICE2', name: 'Price monitor', day, spendCents: day >= '2026-11-23' ? 2500 : 2000, usageBytes: 2e9 });
  }
  const ledger = createLedger({ profileId: 'p', memory: true, factory: createMemoryStore, now: () => Date.parse('2026-11-30T09:00:00Z'), logger: silent, tell: () => () => undefined });
  ledger.backfill(days);
  return ledger.months();
}

describe("a period's summary", () => {
  it('sets spend against the period before, names the top movers and the unusual days, and says the same in the notification and the CSV', () => {
    const months = ledgerMonths();
    const week = { kind: 'week' as const, from: '2026-11-23', to: '2026-11-29' };
    expect(previousPeriod(week)).toEqual({ kind: 'week', from: '2026-11-16', to: '2026-11-22' });
    expect(previousPeriod({ kind: 'month', from: '2026-11-01', to: '2026-11-30' })).toEqual({ kind: 'month', from: '2026-10-01', to: '2026-10-31' });
    const summary = periodSummary(week, [{ label: 'Northwind', spend: accountPeriodSpend(months, week), anomalies: dailyAnomalies(months), monthEnd: null, runwayHours: 24 * 30 }]);
    const [account] = summary.accounts;
    expect(account).toMatchObject({ spendCents: 7 * 1000 + 3000 + 7 * 2500, previousCents: 7 * 1000 + 7 * 2000 });
    expect(account!.movers.map((m) => [m.name, m.spendCents - m.previousCents])).toEqual([
      ['Price monitor', 3500],
      ['Catalog crawler', 3000],
    ]);
    expect(account!.anomalies.map((a) => [a.day, a.name])).toEqual([['2026-11-25', 'Catalog crawler']]);
    expect(summaryLines(summary)).toEqual(['Northwind: $275.00 against $210.00 (+31 %); most moved Price monitor +$35.00; 1 unusual day; balance lasts about 30 days']);
    const csv = summaryCsv(summary);
    expect(csv.split('\r\n')[1]).toBe('Northwind,2026-11-23,2026-11-29,total,,,,275,210,');
    expect(csv).toContain('unusual day,CRAWL1,Catalog crawler,2026-11-25,40,,');
    expect(csv).toContain('+$30.00 (+300 %)');
  });
});

// Month and year edges (docs/architecture.md › Digest): the periods are UTC days and weeks from
// Monday, whatever month or year they fall in.
describe.each([
  { now: '2027-03-01T07:00:00Z', day: '2027-02-28', week: ['2027-02-22', '2027-02-28'] },
  { now: '2028-03-01T07:00:00Z', day: '2028-02-29', week: ['2028-02-21', '2028-02-27'] },
  { now: '2028-02-29T07:00:00Z', day: '2028-02-28', week: ['2028-02-21', '2028-02-27'] },
  { now: '2027-01-01T07:00:00Z', day: '2026-12-31', week: ['2026-12-21', '2026-12-27'] },
  { now: '2027-01-02T07:00:00Z', day: '2027-01-01', week: ['2026-12-21', '2026-12-27'] },
  { now: '2027-01-04T07:00:00Z', day: '2027-01-03', week: ['2026-12-28', '2027-01-03'] },
  { now: '2026-11-03T07:00:00Z', day: '2026-11-02', week: ['2026-10-26', '2026-11-01'] },
  { now: '2026-08-01T07:00:00Z', day: '2026-07-31', week: ['2026-07-20', '2026-07-26'] },
])('the digests due at 08:00 Berlin time on $now', ({ now, day, week }) => {
  it(`are the day ${day} and the week ${week[0]} to ${week[1]}`, () => {
    expect(dueDigests(choice, { now: Date.parse(now), offsetMinutes: () => 60, quiet: () => false }, new Set())).toEqual([
      { kind: 'day', from: day, to: day },
      { kind: 'week', from: week[0], to: week[1] },
    ]);
  });
});

describe.each([
  { month: '2027-02', days: 28, before: '2027-01', beforeDays: 31 },
  { month: '2028-02', days: 29, before: '2028-01', beforeDays: 31 },
  { month: '2028-03', days: 31, before: '2028-02', beforeDays: 29 },
  { month: '2027-01', days: 31, before: '2026-12', beforeDays: 31 },
  { month: '2026-12', days: 31, before: '2026-11', beforeDays: 30 },
])("$month's summary", ({ month, days, before, beforeDays }) => {
  it(`counts its ${days} days against the ${beforeDays} of ${before}, a week across the months too`, () => {
    // One zone at $10 a day from the month before's 1st through the month after's 5th.
    const zoneDays: DemoZoneDay[] = [];
    const end = Date.parse(`${month}-01T00:00:00Z`) + (days + 5) * DAY;
    for (let t = Date.parse(`${before}-01T00:00:00Z`); t < end; t += DAY) zoneDays.push({ zoneId: 'CRAWL1', name: 'Catalog crawler', day: key(t), spendCents: 1000, usageBytes: 1e9 });
    const ledger = createLedger({ profileId: 'p', memory: true, factory: createMemoryStore, now: () => end + 9 * 3_600_000, logger: silent, tell: () => () => undefined });
    ledger.backfill(zoneDays);
    const months = ledger.months();
    const period = periodOf({ kind: 'month', from: `${month}-01` });
    expect(period).toEqual({ kind: 'month', from: `${month}-01`, to: `${month}-${days}` });
    const summary = periodSummary(period, [{ label: 'Northwind', spend: accountPeriodSpend(months, period), anomalies: [], monthEnd: null, runwayHours: null }]);
    expect(summary.previous).toEqual({ kind: 'month', from: `${before}-01`, to: `${before}-${beforeDays}` });
    expect(summary.accounts[0]).toMatchObject({ spendCents: days * 1000, previousCents: beforeDays * 1000, estimatedDays: 0 });
    // The week that holds the month's last day and the next month's first.
    const last = Date.parse(`${month}-${days}T00:00:00Z`);
    const monday = key(last - ((new Date(last).getUTCDay() + 6) % 7) * DAY);
    const week = periodOf({ kind: 'week', from: monday });
    const weekly = periodSummary(week, [{ label: 'Northwind', spend: accountPeriodSpend(months, week), anomalies: [], monthEnd: null, runwayHours: null }]);
    expect(weekly.accounts[0]).toMatchObject({ spendCents: 7 * 1000, previousCents: 7 * 1000 });
  });
});
