import { describe, expect, it } from 'vitest';
import { distinctTickLabels, tickIncrements } from '../../../../renderer/src/model/axis-ticks';
import { formatBilled } from '../../../../shared/money';

describe('tickIncrements', () => {
  it('steps by 1, 2 and 5 times a power of ten, never below the smallest unit shown', () => {
    expect(tickIncrements(1, 1000)).toEqual([1, 2, 5, 10, 20, 50, 100, 200, 500, 1000]);
    expect(Math.min(...tickIncrements(1))).toBe(1);
  });
});

describe('distinctTickLabels', () => {
  it('labels ticks that round to the same cent only once', () => {
    // Ticks 0.25 cents apart: the labels of the first minutes of a session.
    expect(distinctTickLabels([42.5, 42.75, 43, 43.25, 43.5], formatBilled)).toEqual(['$0.43', '', '', '', '$0.44']);
  });

  it('keeps every label when they all differ', () => {
    expect(distinctTickLabels([100, 200, 300], formatBilled)).toEqual(['$1.00', '$2.00', '$3.00']);
  });
});
