import { describe, expect, it } from 'vitest';
import { formatIssues } from '../../../shared/api/issues';
import { ZoneIds, ZoneIdsParam } from '../../../shared/api/zone-ids';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `Z${i}`);

describe('zone ids of get zones', () => {
  it('accepts 1 to 10 ids and rejects 0 and 11', () => {
    expect(ZoneIds.safeParse(ids(1)).success).toBe(true);
    expect(ZoneIds.safeParse(ids(10)).success).toBe(true);
    expect(ZoneIds.safeParse(ids(0)).success).toBe(false);
    expect(ZoneIds.safeParse(ids(11)).success).toBe(false);
  });

  it('splits the raw path segment on commas', () => {
    expect(ZoneIdsParam.parse('1234ABCD,ABCDEF')).toEqual(['1234ABCD', 'ABCDEF']);
  });

  it('names the bad id in a raw path segment', () => {
    const result = ZoneIdsParam.safeParse('1234ABCD,123456789');
    expect(formatIssues(result.error!)[0]?.path).toBe('[1]');
    expect(ZoneIdsParam.safeParse('A,,B').success).toBe(false);
    expect(ZoneIdsParam.safeParse(ids(11).join(',')).success).toBe(false);
  });
});
