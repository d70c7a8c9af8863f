import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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

// Month and year edges, in time zones whose local date is not the UTC one (a day the clocks change
// in New York, Auckland a day ahead): the calendar counts UTC days whatever the machine's zone.
describe.each([
  { timeZone: 'America/New_York', month: '2028-02', pad: 1, length: 29, weeks: 5 },
  { timeZone: 'Pacific/Auckland', month: '2027-02', pad: 0, length: 28, weeks: 4 },
  { timeZone: 'America/New_York', month: '2026-11', pad: 6, length: 30, weeks: 6 },
  { timeZone: 'Europe/Berlin', month: '2027-01', pad: 4, length: 31, weeks: 5 },
])('the calendar of $month with the machine in $timeZone', ({ timeZone, month, pad, length, weeks }) => {
  let saved: string | undefined;
  beforeEach(() => {
    saved = process.env.TZ;
    process.env.TZ = timeZone;
  });
  afterEach(() => {
    if (saved === undefined) delete process.env.TZ;
    else process.env.TZ = saved;
  });

  it(`lays out its ${length} UTC days from Monday, and the keys cross its edges by UTC day`, () => {
    const laid = calendarMonth(month, [], [], []);
    const cells = laid.weeks.flat();
    expect(cells.slice(0, pad)).toEqual(Array(pad).fill(null));
    expect(cells.filter((c) => c !== null).map((c) => c!.day)).toEqual(Array.from({ length }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`));
    expect(laid.weeks).toHaveLength(weeks);
    const last = `${month}-${length}`;
    const next = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5)), 1)).toISOString().slice(0, 10);
    expect(movedDay(last, 'ArrowRight')).toBe(next);
    expect(movedDay(next, 'ArrowLeft')).toBe(last);
    // Page Down from the last day keeps the day of the month, or lands on the next month's last if shorter.
    const nextLength = new Date(Date.UTC(Number(next.slice(0, 4)), Number(next.slice(5, 7)), 0)).getUTCDate();
    expect(movedDay(last, 'PageDown')).toBe(`${next.slice(0, 8)}${Math.min(length, nextLength)}`);
    expect(movedDay(`${month}-01`, 'PageUp')!.slice(8)).toBe('01');
    expect(calendarMonthKeys([day(`${month}-20`, 1)], `${next.slice(0, 8)}02`)).toEqual([month, next.slice(0, 7)]);
  });
});
