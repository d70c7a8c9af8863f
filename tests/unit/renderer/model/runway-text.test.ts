import { describe, expect, it } from 'vitest';
import { runwayText } from '../../../../renderer/src/model/runway-text';

describe('runwayText', () => {
  it('says how long the balance lasts in minutes, hours or days', () => {
    expect(runwayText(0.5)).toBe('balance lasts 30 min');
    expect(runwayText(10)).toBe('balance lasts 10 h');
    expect(runwayText(72)).toBe('balance lasts 3 days');
  });

  it('says the balance is used up at a zero runway, and has no end while nothing is spent', () => {
    expect(runwayText(0)).toBe('balance used up');
    expect(runwayText(Number.POSITIVE_INFINITY)).toBe('no spend, so no end in sight');
  });
});
