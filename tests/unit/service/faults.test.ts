import { describe, expect, it } from 'vitest';
import { FaultConfig, decideFault, failsZoneChange, oversizeBody } from '../../../electron/service/faults';
import { mulberry32 } from '../../../electron/service/prng';

describe('decideFault', () => {
  it('does nothing with the empty config', () => {
    const random = mulberry32(1);
    expect(decideFault(FaultConfig.parse({}), random)).toEqual({ kind: 'none' });
  });

  it('answers only the configured statuses at rate 1', () => {
    const random = mulberry32(1);
    const config = FaultConfig.parse({ rate: 1, statuses: [503, 429] });
    const seen = new Set(Array.from({ length: 50 }, () => decideFault(config, random)).map((a) => (a.kind === 'status' ? a.status : a.kind)));
    expect(seen).toEqual(new Set([503, 429]));
  });

  it('hits about the configured share of requests', () => {
    const random = mulberry32(7);
    const config = FaultConfig.parse({ malformedRate: 0.25 });
    const hits = Array.from({ length: 4000 }, () => decideFault(config, random)).filter((a) => a.kind === 'malformed').length;
    expect(hits / 4000).toBeGreaterThan(0.2);
    expect(hits / 4000).toBeLessThan(0.3);
  });

  it('answers oversize at rate 1, and the oversize body is valid JSON of exactly the size asked', async () => {
    expect(decideFault(FaultConfig.parse({ oversizeRate: 1 }), mulberry32(1))).toEqual({ kind: 'oversize' });
    const text = await new Response(oversizeBody(300_000)).text();
    expect(text.length).toBe(300_000);
    expect(JSON.parse(text)).toMatchObject({ status: 'ok' });
  });
});

describe('failsZoneChange', () => {
  it('fails changes to the listed zones only, and never their reads', () => {
    const config = FaultConfig.parse({ failZoneIds: ['ABC123'] });
    expect(failsZoneChange(config, 'PUT', '/v1/zones/ABC123')).toBe(true);
    expect(failsZoneChange(config, 'DELETE', '/v1/zones/ABC123/ips')).toBe(true);
    expect(failsZoneChange(config, 'GET', '/v1/zones/ABC123')).toBe(false);
    expect(failsZoneChange(config, 'PUT', '/v1/zones/XYZ789')).toBe(false);
    expect(failsZoneChange(FaultConfig.parse({}), 'PUT', '/v1/zones/ABC123')).toBe(false);
  });
});
