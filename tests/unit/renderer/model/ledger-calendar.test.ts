import { describe, expect, it } from 'vitest';
import { calendarMonth, calendarMonthKeys, colourScale, movedDay, spendLevel } from '../../../../renderer/src/model/ledger-calendar';
import type { AccountDay } from '../../../../shared/ledger';

const day = (key: string, spendCents: number): AccountDay => ({ day: key, spendCents, usageBytes: null, coverage: 'exact', zones: 1, estimatedZones: 0, through: null });

describe('the calendar model', () => {
  it('lays a month out in weeks from Monday, padded, in UTC', () => {
    const month = calendarMonth('2026-11', [day('2026-11-02', 5)], [], 10);
    // 1 November 2026 is a Sunday: six empty cells before it.
    expect(month.weeks[0]!.map((c) => c?.dom ?? null)).toEqual([null, null, null, null, null, null, 1]);
    expect(month.weeks.at(-1)!.map((c) => c?.dom ?? null)).toEqual([30, null, null, null, null, null, null]);
    expect(month.weeks[1]![0]).toMatchObject({ day: '2026-11-02', level: 2 });
    expect(month.totalCents).toBe(5);
  });

  it('colours by amount against the 95th percentile, so one runaway day does not pale the rest', () => {
    const days = [...Array.from({ length: 40 }, (_, i) => day(`2026-10-${String((i % 28) + 1).padStart(2, '0')}`, 100)), day('2026-10-30', 10_000)];
    const top = colourScale(days);
    expect(top).toBe(100);
    expect(spendLevel(100, top)).toBe(4);
    expect(spendLevel(10_000, top)).toBe(4);
    expect(spendLevel(20, top)).toBe(1);
    expect(spendLevel(0, top)).toBe(0);
  });

  it('offers the months from the first day held to today', () => {
    expect(calendarMonthKeys([day('2025-11-20', 1)], '2026-02-03')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(calendarMonthKeys([], '2026-02-03')).toEqual(['2026-02']);
  });

  it('moves the keyboard like a date picker: days, weeks, week ends, months (to the last day of a shorter one)', () => {
    expect(movedDay('2026-11-30', 'ArrowRight')).toBe('2026-12-01');
    expect(movedDay('2026-11-04', 'ArrowUp')).toBe('2026-10-28');
    expect(movedDay('2026-11-04', 'Home')).toBe('2026-11-02');
    expect(movedDay('2026-11-04', 'End')).toBe('2026-11-08');
    expect(movedDay('2026-01-31', 'PageDown')).toBe('2026-02-28');
    expect(movedDay('2026-03-31', 'PageUp')).toBe('2026-02-28');
    expect(movedDay('2026-03-31', 'a')).toBeNull();
  });
});
