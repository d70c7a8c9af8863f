import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formatIssues, formatPath } from '../../../shared/api/issues';

describe('formatPath', () => {
  it('joins keys with dots and puts indexes in brackets', () => {
    expect(formatPath(['zones', 2, 'cost', 'tax_cents'])).toBe('zones[2].cost.tax_cents');
    expect(formatPath(['ips', 0])).toBe('ips[0]');
    expect(formatPath([])).toBe('');
  });
});

describe('formatIssues', () => {
  it('names each bad field by its path', () => {
    const schema = z.strictObject({ alert: z.strictObject({ threshold: z.number().min(1) }), ips: z.array(z.ipv4()) });
    const result = schema.safeParse({ alert: { threshold: 0 }, ips: ['1.2.3.4', 'nope'] });
    expect(result.success).toBe(false);
    const paths = formatIssues(result.error!).map((issue) => issue.path);
    expect(paths).toEqual(['alert.threshold', 'ips[1]']);
  });

  it('reports each unknown key under its own name', () => {
    const result = z.strictObject({ name: z.string() }).safeParse({ name: 'a', pool_sise: 3, extra: 1 });
    expect(formatIssues(result.error!)).toEqual([
      { path: 'pool_sise', message: 'is not a known field' },
      { path: 'extra', message: 'is not a known field' },
    ]);
  });
});
