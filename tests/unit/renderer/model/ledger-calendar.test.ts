import { describe, expect, it } from 'vitest';
import { calendarMonth, calendarMonthKeys, colourScale, movedDay, spendLevel } from '../../../../renderer/src/model/ledger-calendar';
import type { AccountDay } from '../../../../shared/ledger';

const day = (key: string, spendCents: number): AccountDay => ({ day: key, spendCents, usageBytes: null, coverage: 'exact', zones: 1, estimatedZones: 0, through: null });

describe('the calendar model', () => {
  it('lays a month out in weeks from Monday, padded, in UTC', () => {
    const month = calendarMonth('2026-11', [day('2026-11-02', 5)], [], [2, 4, 8]);
    // 1 November 2026 is a Sunday: six empty cells before it.
    expect(month.weeks[0]!.map((c) => c?.dom ?? null)).toEqual([null, null, null, null, null, null, 1]);
    expect(month.weeks.at(-1)!.map((c) => c?.dom ?? null)).toEqual([30, null, null, null, null, null, null]);
    expect(month.weeks[1]![0]).toMatchObject({ day: '2026-11-02', level: 3 });
    expect(month.totalCents).toBe(5);
  });

  it('colours by the quartile of the days with spend, so steady days still differ and one runaway day pales none', () => {
    const days = [...Array.from({ length: 28 }, (_, i) => day(`2026-10-${String(i + 1).padStart(2, '0')}`, 100 + i)), day('2026-10-30', 10_000), day('2026-10-31', 0)];
    const scale = colourScale(days);
    expect(scale).toEqual([107, 114, 121]);
    expect(days.slice(0, 28).map((d) => spendLevel(d.spendCents, scale))).toEqual([...Array(8).fill(1), ...Array(7).fill(2), ...Array(7).fill(3), ...Array(6).fill(4)]);
    expect(spendLevel(10_000, scale)).toBe(4);
    expect(spendLevel(0, scale)).toBe(0);
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
