import { describe, expect, it } from 'vitest';
import { formatIssues } from '../../../shared/api/issues';
import { Count, CountParam, Page, PageParam } from '../../../shared/api/paging';

describe.each([
  ['page', Page, PageParam, 1000],
  ['count', Count, CountParam, 100],
] as const)('%s', (_name, typed, raw, max) => {
  it(`accepts 1 and ${max}, and rejects 0 and ${max + 1}`, () => {
    for (const ok of [1, max]) {
      expect(typed.safeParse(ok).success).toBe(true);
      expect(raw.parse(String(ok))).toBe(ok);
    }
    for (const bad of [0, max + 1]) {
      expect(typed.safeParse(bad).success).toBe(false);
      expect(formatIssues(raw.safeParse(String(bad)).error!)[0]?.message).toBe(`must be a whole number from 1 to ${max}`);
    }
  });

  it('rejects raw values that are not plain digits', () => {
    for (const bad of ['', ' 5', '5.0', '1e2', '-1', 'ten', '0x10']) {
      expect(raw.safeParse(bad).success).toBe(false);
    }
  });
});
