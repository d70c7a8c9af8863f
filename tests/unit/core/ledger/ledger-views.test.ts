import { describe, expect, it } from 'vitest';
import type { DerivedDay, DerivedMonth } from '../../../../electron/core/ledger/ledger-model';
import { ledgerCsv, ledgerCsvRows } from '../../../../electron/core/ledger/ledger-csv';
import { accountDays, dayView, monthComparison, recentAccountDays } from '../../../../electron/core/ledger/ledger-views';
import { formulasIn, HOSTILE_CELLS } from '../csv/spreadsheet-reading';

const exact = (dom: number, spend: number): DerivedDay => ({ dom, spend, usage: spend * 10, coverage: 'exact', estimate: null, through: null });
const estimated = (dom: number, spend: number): DerivedDay => ({ ...exact(dom, spend), coverage: 'estimated', estimate: { after: 1, before: 2 } });
const days = (from: number, to: number, spend: (dom: number) => number) => Array.from({ length: to - from + 1 }, (_, i) => exact(from + i, spend(from + i)));

const october: DerivedMonth = {
  month: '2026-10',
  closed: true,
  zones: [
    { zoneId: 'A', name: 'Alpha', days: days(1, 31, () => 100), before: null },
    { zoneId: 'B', name: '=cmd|calc', days: days(6, 31, () => 10), before: 55 },
  ],
};
const november: DerivedMonth = {
  month: '2026-11',
  closed: false,
  zones: [
    { zoneId: 'A', name: 'Alpha', days: [...days(1, 4, () => 200), estimated(5, 50), { ...exact(6, 7), coverage: 'partial', through: 9 }], before: null },
    { zoneId: 'B', name: '=cmd|calc', days: days(1, 5, () => 20), before: null },
  ],
};
const at = (day: string, hour = 12) => Date.parse(`${day}T${String(hour).padStart(2, '0')}:00:00Z`);

describe('the views of the ledger', () => {
  it('add a day up over its zones, as exact as its least exact zone', () => {
    const sum = accountDays([november]);
    expect(sum.find((d) => d.day === '2026-11-05')).toMatchObject({ spendCents: 70, usageBytes: 700, coverage: 'estimated', zones: 2, estimatedZones: 1 });
    expect(sum.find((d) => d.day === '2026-11-06')).toMatchObject({ spendCents: 7, coverage: 'partial', zones: 1, through: new Date(9).toISOString() });
  });

  it("list a day's zones by spend", () => {
    expect(dayView([october, november], '2026-11-03').zones.map((z) => [z.zoneId, z.spendCents])).toEqual([['A', 200], ['B', 20]]);
    expect(dayView([october], '2026-12-01').zones).toEqual([]);
  });

  it('compare this month with last month to the same day, counting what a month held before its first day', () => {
    expect(monthComparison([october, november], at('2026-11-06'))).toEqual({
      thisMonth: { from: '2026-11-01', to: '2026-11-05', spendCents: 4 * 200 + 50 + 5 * 20, estimatedDays: 1 },
      lastMonth: { from: '2026-10-01', to: '2026-10-05', spendCents: 5 * 100 + 55, estimatedDays: 0 },
      reason: null,
      leftOut: [],
    });
  });

  it('say why they cannot compare: on the 1st, with no history of last month, or one that starts too late', () => {
    expect(monthComparison([october, november], at('2026-11-01'))).toMatchObject({ thisMonth: null, reason: expect.stringMatching(/starts tomorrow/) });
    expect(monthComparison([november], at('2026-11-06'))).toMatchObject({ lastMonth: null, reason: 'There is no history of October 2026 yet.' });
    const late = { ...october, zones: [{ ...october.zones[1]!, days: days(20, 31, () => 10) }] };
    expect(monthComparison([late, november], at('2026-11-06'))).toMatchObject({ lastMonth: null, reason: 'The history of October 2026 starts on Oct 20.' });
  });

  it('leave out only the zones first seen after a span, from both spans, and name them', () => {
    // Zone C came to the ledger on Oct 20 with spend of the month before: its Oct 1–10 are unknown.
    const withLate: DerivedMonth = { ...october, zones: [...october.zones, { zoneId: 'C', name: 'Late zone', days: days(20, 31, () => 40), before: 300 }] };
    const tenDays: DerivedMonth = {
      month: '2026-11',
      closed: false,
      zones: [
        { zoneId: 'A', name: 'Alpha', days: days(1, 10, () => 200), before: null },
        { zoneId: 'B', name: '=cmd|calc', days: days(1, 10, () => 20), before: null },
        { zoneId: 'C', name: 'Late zone', days: days(1, 10, () => 1000), before: null },
      ],
    };
    expect(monthComparison([withLate, tenDays], at('2026-11-11'))).toEqual({
      thisMonth: { from: '2026-11-01', to: '2026-11-10', spendCents: 10 * 200 + 10 * 20, estimatedDays: 0 },
      lastMonth: { from: '2026-10-01', to: '2026-10-10', spendCents: 10 * 100 + 5 * 10 + 55, estimatedDays: 0 },
      reason: null,
      leftOut: [{ zoneId: 'C', name: 'Late zone', firstDay: '2026-10-20' }],
    });
    // Seen this month after the span, it is left out of last month's too.
    const lateThisMonth: DerivedMonth = { ...tenDays, zones: [...tenDays.zones.slice(0, 2), { zoneId: 'D', name: null, days: days(8, 10, () => 5), before: 80 }] };
    expect(monthComparison([october, lateThisMonth], at('2026-11-06'))).toMatchObject({
      thisMonth: { spendCents: 5 * 200 + 5 * 20 },
      leftOut: [{ zoneId: 'D', name: null, firstDay: '2026-11-08' }],
    });
  });

  it("give an account's last whole days, today left out", () => {
    const recent = recentAccountDays([october, november], at('2026-11-06'), 30);
    expect(recent[0]!.day).toBe('2026-10-07');
    expect(recent.at(-1)).toEqual({ day: '2026-11-05', spendCents: 70, coverage: 'estimated' });
    expect(recent).toHaveLength(30);
  });
});

describe('the ledger as CSV', () => {
  it('writes whole days of every account, oldest first, dollars to a millionth, each cell formula-safe', () => {
    const rows = ledgerCsvRows([{ label: 'Client B', months: [november] }]);
    expect(rows).toHaveLength(10);
    expect(rows[0]).toEqual(['Client B', 'A', 'Alpha', '2026-11-01', '2', '2000', 'exact']);
    expect(rows.find((r) => r[3] === '2026-11-05' && r[1] === 'A')).toEqual(['Client B', 'A', 'Alpha', '2026-11-05', '0.5', '500', 'estimated']);
    const csv = ledgerCsv(rows);
    expect(csv.split('\r\n')[0]).toBe('Account,Zone ID,Zone name,Day (UTC),Spend (USD),Usage (bytes),Exact or estimated');
    expect(csv).toContain(`,"'=cmd|calc",`);
    expect(csv.endsWith('\r\n')).toBe(true);
  });

  it('leaves no formula, for a spreadsheet splitting on , ; or tab, in any account label or zone name', () => {
    const months = (name: string): DerivedMonth[] => [{ ...november, zones: [{ ...november.zones[0]!, name }] }];
    const csv = ledgerCsv(ledgerCsvRows(HOSTILE_CELLS.map((text) => ({ label: text, months: months(text) }))));
    expect(formulasIn(csv)).toEqual([]);
  });
});

// Month and year edges: this month through yesterday against last month to the same day, or to its
// last day when it is shorter.
describe.each([
  { today: '2026-12-02', thisTo: '2026-12-01', lastFrom: '2026-11-01', lastTo: '2026-11-01' },
  { today: '2026-12-03', thisTo: '2026-12-02', lastFrom: '2026-11-01', lastTo: '2026-11-02' },
  { today: '2027-01-02', thisTo: '2027-01-01', lastFrom: '2026-12-01', lastTo: '2026-12-01' },
  { today: '2026-12-31', thisTo: '2026-12-30', lastFrom: '2026-11-01', lastTo: '2026-11-30' },
  { today: '2027-03-31', thisTo: '2027-03-30', lastFrom: '2027-02-01', lastTo: '2027-02-28' },
  { today: '2028-03-31', thisTo: '2028-03-30', lastFrom: '2028-02-01', lastTo: '2028-02-29' },
  { today: '2028-02-29', thisTo: '2028-02-28', lastFrom: '2028-01-01', lastTo: '2028-01-28' },
  { today: '2027-03-01', thisTo: null, lastFrom: null, lastTo: null },
])('the month comparison on $today', ({ today, thisTo, lastFrom, lastTo }) => {
  // One zone at 100 a day on every day of the months before and of this one.
  const monthOf = (key: string, last: number): DerivedMonth => ({ month: key, closed: false, zones: [{ zoneId: 'A', name: 'Alpha', days: days(1, last, () => 100), before: null }] });
  const previousKey = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 2, 1)).toISOString().slice(0, 7);
  const previousDays = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 1, 0)).getUTCDate();
  const months = [{ ...monthOf(previousKey, previousDays), closed: true }, monthOf(today.slice(0, 7), Number(today.slice(8)))];

  it(thisTo === null ? 'waits for the 2nd' : `is ${today.slice(0, 8)}01–${thisTo} against ${lastFrom}–${lastTo}`, () => {
    const comparison = monthComparison(months, at(today, 0));
    if (thisTo === null) {
      expect(comparison).toMatchObject({ thisMonth: null, lastMonth: null, reason: 'The comparison counts whole UTC days: it starts tomorrow, the 2nd.' });
      return;
    }
    const count = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
    expect(comparison).toEqual({
      thisMonth: { from: `${today.slice(0, 8)}01`, to: thisTo, spendCents: 100 * count(`${today.slice(0, 8)}01`, thisTo), estimatedDays: 0 },
      lastMonth: { from: lastFrom, to: lastTo, spendCents: 100 * count(lastFrom!, lastTo!), estimatedDays: 0 },
      reason: null,
      leftOut: [],
    });
  });

  it('takes the last 30 whole days across the month’s start, yesterday last', () => {
    const recent = recentAccountDays(months, at(today, 23), 30);
    const held = (Date.parse(today) - Date.parse(`${previousKey}-01`)) / 86_400_000;
    expect(recent).toHaveLength(Math.min(30, held));
    expect(recent.at(-1)!.day).toBe(new Date(Date.parse(today) - 86_400_000).toISOString().slice(0, 10));
  });
});
