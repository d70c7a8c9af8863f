import { describe, expect, it } from 'vitest';
import { partialZonesText, zoneCountText, zoneCoverage } from '../../../shared/zone-coverage';

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
