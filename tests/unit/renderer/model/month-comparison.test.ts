import { describe, expect, it } from 'vitest';
import { comparisonText, leftOutText } from '../../../../renderer/src/model/month-comparison';

describe('the zones a month comparison leaves out', () => {
  it('names each by its name, or its id without one, with the day the ledger first saw it', () => {
    expect(leftOutText([])).toBeNull();
    expect(leftOutText([{ zoneId: 'LATE3', name: 'Late starter', firstDay: '2026-02-20' }])).toBe('Leaves out zone Late starter, first seen on Feb 20');
    expect(
      leftOutText([
        { zoneId: 'A1', name: 'Alpha', firstDay: '2026-02-20' },
        { zoneId: 'B2', name: null, firstDay: '2026-02-25' },
        { zoneId: 'C3', name: 'Gamma', firstDay: '2026-03-04' },
      ]),
    ).toBe('Leaves out zones Alpha (first seen on Feb 20), B2 (first seen on Feb 25) and Gamma (first seen on Mar 4)');
  });
});

describe('the month comparison in words', () => {
  const span = (from: string, to: string, spendCents: number) => ({ from, to, spendCents, estimatedDays: 0 });

  it('names a span of days by its first and last day, and on the 2nd its one day alone, not "Jan 1–1"', () => {
    expect(comparisonText({ thisMonth: span('2026-11-01', '2026-11-21', 42_000), lastMonth: span('2026-10-01', '2026-10-21', 37_500), reason: null, leftOut: [] }).detail.slice(0, 2)).toEqual([
      'Nov 1–21: $420.00',
      'Oct 1–21: $375.00',
    ]);
    const second = comparisonText({ thisMonth: span('2027-01-01', '2027-01-01', 8_190), lastMonth: span('2026-12-01', '2026-12-01', 8_408), reason: null, leftOut: [] });
    expect(second.headline).toBe('−3 %');
    expect(second.detail.slice(0, 2)).toEqual(['Jan 1: $81.90', 'Dec 1: $84.08']);
  });
});
