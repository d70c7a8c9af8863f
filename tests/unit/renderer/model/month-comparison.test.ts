import { describe, expect, it } from 'vitest';
import { leftOutText } from '../../../../renderer/src/model/month-comparison';

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
