import { describe, expect, it } from 'vitest';
import { partialZonesText, zoneCountText } from '../../../../shared/zone-coverage';
import { sumZoneFigure, zoneCoverage } from '../../../../electron/core/readout/zone-sums';

const zones = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`Z${i}`, {}])) as never;

describe('zoneCoverage', () => {
  it('is partial when fewer zones are known than info.current counts', () => {
    const coverage = zoneCoverage({ zones: zones(23), zonesFetch: { fetchedAt: null, error: null, info: { current: 25, allowed: 100 } } });
    expect(coverage).toEqual({ known: 23, total: 25, partial: true });
    expect(partialZonesText(coverage)).toBe('across 23 of 25 zones');
    expect(zoneCountText(coverage)).toBe('25 zones, 23 known so far');
  });

  it('is whole when every zone is known, or when the count is not known yet', () => {
    const whole = zoneCoverage({ zones: zones(2), zonesFetch: { fetchedAt: null, error: null, info: { current: 2, allowed: 100 } } });
    expect(partialZonesText(whole)).toBeNull();
    expect(zoneCountText(whole)).toBe('2 zones');
    const unknown = zoneCoverage({ zones: zones(1), zonesFetch: { fetchedAt: null, error: null, info: null } });
    expect(unknown).toEqual({ known: 1, total: null, partial: false });
    expect(zoneCountText(unknown)).toBe('1 zone');
  });
});

describe('a sum of one zone figure', () => {
  const entry = (spend: number | undefined) => ({ zone: { spend_today_cents: spend } });
  const zonesFetch = (current: number | null) => ({ fetchedAt: null, error: null, info: current === null ? null : { current, allowed: 100 } });

  it('leaves out the zones whose figure is unknown, and its coverage says so', () => {
    const snapshot = { zones: { A: entry(100), B: entry(undefined), C: entry(50) } } as never as { zones: never };
    const coverage = zoneCoverage({ ...snapshot, zonesFetch: zonesFetch(3) }, 'spend_today_cents');
    expect(coverage).toEqual({ known: 2, total: 3, partial: true });
    expect(partialZonesText(coverage)).toBe('across 2 of 3 zones');
    // Without info.current the app's own zones are the total.
    expect(partialZonesText(zoneCoverage({ ...snapshot, zonesFetch: zonesFetch(null) }, 'spend_today_cents'))).toBe('across 2 of 3 zones');
    // The zone count itself still counts every known zone.
    expect(zoneCoverage({ ...snapshot, zonesFetch: zonesFetch(3) })).toEqual({ known: 3, total: 3, partial: false });
  });

  it('adds only the known figures, and is null when none is known', () => {
    const zone = (spend: number | undefined) => ({ spend_today_cents: spend }) as never;
    expect(sumZoneFigure([zone(100), zone(undefined), zone(50)], 'spend_today_cents')).toBe(150);
    expect(sumZoneFigure([zone(undefined)], 'spend_today_cents')).toBeNull();
    expect(sumZoneFigure([zone(0)], 'spend_today_cents')).toBe(0);
  });
});
