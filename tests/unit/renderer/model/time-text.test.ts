import { describe, expect, it } from 'vitest';
import { monthText } from '../../../../renderer/src/model/time-text';

describe('monthText', () => {
  it('names a UTC month key as a month and year, the same in every time zone', () => {
    expect(monthText('2026-10')).toBe('October 2026');
    expect(monthText('2025-12')).toBe('December 2025');
  });

  it('shows a key it cannot read as it is rather than a wrong month', () => {
    expect(monthText('soon')).toBe('soon');
  });
});
