import { describe, expect, it } from 'vitest';
import { QueryBoolean, toSearchParams } from '../../../shared/api/query-params';

describe('toSearchParams', () => {
  it('writes booleans as words, joins lists with commas and leaves out absent values', () => {
    const params = toSearchParams({ preview: true, skip_resource_check: false, role: ['admin', 'billing_admin'], page: 2, search: undefined, sort_by: null });
    expect(params.toString()).toBe('preview=true&skip_resource_check=false&role=admin%2Cbilling_admin&page=2');
  });
});

describe('QueryBoolean', () => {
  it('reads true and false only', () => {
    expect(QueryBoolean.parse('true')).toBe(true);
    expect(QueryBoolean.parse('false')).toBe(false);
    expect(QueryBoolean.safeParse('True').success).toBe(false);
    expect(QueryBoolean.safeParse('0').success).toBe(false);
  });
});
