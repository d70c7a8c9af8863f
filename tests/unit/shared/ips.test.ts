import { describe, expect, it } from 'vitest';
import { formatIssues } from '../../../shared/api/issues';
import { IpsBody } from '../../../shared/api/ips';

const ips = (n: number) => Array.from({ length: n }, (_, i) => `10.0.${Math.floor(i / 256)}.${i % 256}`);

describe('IpsBody', () => {
  it('accepts IPv4 and IPv6 addresses', () => {
    expect(IpsBody.parse({ ips: ['203.0.113.7', '2001:db8::1'] }).ips).toHaveLength(2);
  });

  it('accepts 1 to 100 IPs and rejects 0 and 101', () => {
    expect(IpsBody.safeParse({ ips: ips(1) }).success).toBe(true);
    expect(IpsBody.safeParse({ ips: ips(100) }).success).toBe(true);
    expect(formatIssues(IpsBody.safeParse({ ips: [] }).error!)[0]?.path).toBe('ips');
    expect(formatIssues(IpsBody.safeParse({ ips: ips(101) }).error!)[0]?.path).toBe('ips');
  });

  it('names the address that is not an IP', () => {
    const issues = formatIssues(IpsBody.safeParse({ ips: ['203.0.113.7', '203.0.113.300'] }).error!);
    expect(issues).toEqual([{ path: 'ips[1]', message: 'must be an IPv4 or IPv6 address' }]);
  });
});
