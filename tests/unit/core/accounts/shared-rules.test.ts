import { describe, expect, it } from 'vitest';
import { AlertSettings } from '../../../../shared/alert-settings';
import { automaticDayThresholds, automaticMonthThresholds, PLAN_MINIMUM_SHARES } from '../../../../electron/core/alerts/automatic-thresholds';

describe('shared spend rules over accounts of different sizes', () => {
  const small = { kind: 'planMinimum' as const, monthCents: 50_000 };
  const large = { kind: 'planMinimum' as const, monthCents: 5_000_000 };

  it('resolve one rule, stored as shares of the base, to each account’s own thresholds', () => {
    const shared = AlertSettings.parse({ spendMonth: { sharesOfBase: [0.8, 1] }, spendToday: { sharesOfBase: [2] } });
    expect(shared.spendMonth.thresholdsCents).toBeNull();
    const month = (base: typeof small) => automaticMonthThresholds(base, shared.spendMonth.sharesOfBase ?? undefined);
    expect(month(small)).toEqual([40_000, 50_000]);
    expect(month(large)).toEqual([4_000_000, 5_000_000]);
    // Day: multiples of an average day of the base (a 30th of it).
    expect(automaticDayThresholds(small, shared.spendToday.sharesOfBase ?? undefined)).toEqual([3_300]);
  });

  it('fall back to the built-in shares when the user set none, and sort shares given in any order', () => {
    expect(automaticMonthThresholds(small)).toEqual(PLAN_MINIMUM_SHARES.map((share) => Math.round((50_000 * share) / 100) * 100));
    expect(automaticMonthThresholds(small, [1.5, 0.5, 1])).toEqual([25_000, 50_000, 75_000]);
  });

  it('refuse a share that is not a positive number', () => {
    expect(AlertSettings.safeParse({ spendMonth: { sharesOfBase: [0] } }).success).toBe(false);
    expect(AlertSettings.safeParse({ spendMonth: { sharesOfBase: [] } }).success).toBe(false);
  });
});
