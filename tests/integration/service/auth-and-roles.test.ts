import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GetZonesResponse, PlansResponse, ZoneUpdateResponse } from '../../../shared/api/responses';
import type { RunningService } from '../../../electron/service/start-service';
import { call, expectBody, expectError, startTestService } from './service-call';

let service: RunningService;
beforeAll(async () => {
  service = await startTestService({ apiKey: 'fixed-admin-key' });
});
afterAll(() => service.close());
beforeEach(() => service.control.reset());

const NINE: [string, string][] = [
  ['GET', '/v1/account/billinghistory'],
  ['PUT', '/v1/zones/ABC'],
  ['DELETE', '/v1/zones/ABC/ips'],
  ['PUT', '/v1/zones/ABC/ips'],
  ['GET', '/v1/zones/ABC'],
  ['DELETE', '/v1/zones/ABC'],
  ['GET', '/v1/plans'],
  ['GET', '/v1/users'],
  ['GET', '/v1/account/info'],
];

describe('X-API-KEY', () => {
  it('uses the admin key it was given', () => {
    expect(service.keys.admin).toBe('fixed-admin-key');
  });

  it('is required on all nine operations', async () => {
    for (const [method, path] of NINE) {
      expect(expectError(await call(service, method, path, { key: null }), 401).code).toBe('missing_api_key');
      expect(expectError(await call(service, method, path, { key: 'wrong' }), 401).code).toBe('invalid_api_key');
    }
  });

  it('never echoes a key in an error', async () => {
    const answer = await call(service, 'GET', '/v1/plans', { key: 'secret-but-wrong' });
    expect(answer.text).not.toContain('secret-but-wrong');
  });

  it('gives one distinct key to each role', () => {
    expect(new Set(Object.values(service.keys)).size).toBe(3);
  });
});

describe('roles', () => {
  it('shows a collaborator only its own zones and counts only those', async () => {
    const all = service.seeded.zoneIds.slice(0, 10).join(',');
    const body = expectBody(await call(service, 'GET', `/v1/zones/${all}`, { key: service.keys.collaborator }), GetZonesResponse);
    const own = new Set(service.seeded.collaboratorZoneIds);
    expect(body.zones.length).toBeGreaterThan(0);
    expect(body.zones.every((zone) => own.has(zone.zone_id))).toBe(true);
    expect(body.info.current).toBe(service.seeded.collaboratorZoneIds.length);
  });

  it('lets a collaborator change its own zones but answers 404 for the others', async () => {
    const own = service.seeded.collaboratorZoneIds[0]!;
    const other = service.seeded.undiscoveredZoneIds[0]!;
    const key = service.keys.collaborator;
    expectBody(await call(service, 'PUT', `/v1/zones/${own}`, { key, body: { enabled: false } }), ZoneUpdateResponse);
    expect(expectError(await call(service, 'PUT', `/v1/zones/${other}`, { key, body: { enabled: false } }), 404).code).toBe('zone_not_found');
    expect(expectError(await call(service, 'DELETE', `/v1/zones/${other}`, { key }), 404).code).toBe('zone_not_found');
  });

  it('keeps users and billing history from a collaborator', async () => {
    const key = service.keys.collaborator;
    expect(expectError(await call(service, 'GET', '/v1/users', { key }), 403).code).toBe('forbidden');
    expect(expectError(await call(service, 'GET', '/v1/account/billinghistory', { key }), 403).code).toBe('forbidden');
    expectBody(await call(service, 'GET', '/v1/plans', { key }), PlansResponse);
  });

  it('lets a billing admin read every zone and the billing history but change no zone', async () => {
    const key = service.keys.billing_admin;
    const id = service.seeded.zoneIds[0]!;
    const body = expectBody(await call(service, 'GET', `/v1/zones/${id}`, { key }), GetZonesResponse);
    expect(body.info.current).toBe(service.seeded.zoneIds.length);
    expect((await call(service, 'GET', '/v1/account/billinghistory', { key })).status).toBe(200);
    expect(expectError(await call(service, 'GET', '/v1/users', { key }), 403).code).toBe('forbidden');
    for (const [method, path, body] of [
      ['PUT', `/v1/zones/${id}`, { enabled: false }],
      ['DELETE', `/v1/zones/${id}`, undefined],
      ['PUT', `/v1/zones/${id}/ips`, { ips: ['1.2.3.4'] }],
      ['DELETE', `/v1/zones/${id}/ips`, { ips: ['1.2.3.4'] }],
    ] as const) {
      expect(expectError(await call(service, method, path, { key, body }), 403).code).toBe('forbidden');
    }
  });

  it('keeps the control endpoints from every role but admin', async () => {
    expect(expectError(await call(service, 'POST', '/_control/reset', { key: service.keys.billing_admin }), 403).code).toBe('forbidden');
    expect(expectError(await call(service, 'POST', '/_control/reset', { key: null }), 401).code).toBe('missing_api_key');
    expect((await call(service, 'POST', '/_control/reset')).status).toBe(200);
  });
});
