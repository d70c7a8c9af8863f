import { describe, expect, it } from 'vitest';
import { parseIpList } from '../../../../renderer/src/model/ip-list';

describe('parseIpList', () => {
  it('reads IPs pasted on lines, with commas or spaces, once each', () => {
    expect(parseIpList('10.0.0.1\n10.0.0.2, 10.0.0.1  2001:db8::1')).toEqual({ ips: ['10.0.0.1', '10.0.0.2', '2001:db8::1'], invalid: [], tooMany: false });
  });

  it('names what is not an IP address', () => {
    expect(parseIpList('10.0.0.1 example.com 300.1.1.1').invalid).toEqual(['example.com', '300.1.1.1']);
  });

  it('says when more than 100 IPs were pasted', () => {
    const many = Array.from({ length: 101 }, (_, i) => `10.0.${Math.floor(i / 250)}.${i % 250}`).join(' ');
    expect(parseIpList(many).tooMany).toBe(true);
  });
});
