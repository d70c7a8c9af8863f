import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DeleteIpsResponse, DeleteZoneResponse, GetZonesResponse, RefreshIpsResponse } from '../../../shared/api/responses';
import type { RunningService } from '../../../electron/service/start-service';
import { call, expectBody, expectError, startTestService } from './service-call';

let service: RunningService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.close());
beforeEach(() => service.control.reset());

const reservedId = () => service.seeded.reservedDatacenterZoneId;
const getZones = async (ids: string, key?: string) => expectBody(await call(service, 'GET', `/v1/zones/${ids}`, { key }), GetZonesResponse);

describe('DELETE /v1/zones/{id}', () => {
  it('deletes the zone, lowers info.current and the zone is gone after', async () => {
    const id = service.seeded.zoneIds[2]!;
    const body = expectBody(await call(service, 'DELETE', `/v1/zones/${id}`), DeleteZoneResponse);
    expect(body).toMatchObject({ zone_id: id, deleted: true, info: { current: service.seeded.zoneIds.length - 1 } });
    expect((await getZones(id)).zones).toEqual([]);
    expect(expectError(await call(service, 'DELETE', `/v1/zones/${id}`), 404).code).toBe('zone_not_found');
  });

  it("drops a deleted zone from the collaborators' lists", async () => {
    const id = service.seeded.collaboratorZoneIds[0]!;
    expectBody(await call(service, 'DELETE', `/v1/zones/${id}`), DeleteZoneResponse);
    const users = await call(service, 'GET', '/v1/users?count=100');
    expect(JSON.stringify(users.body)).not.toContain(`"${id}"`);
  });

  it('refuses an id over 8 characters', async () => {
    expect(expectError(await call(service, 'DELETE', '/v1/zones/ABCDEFGHI'), 400).paths).toEqual(['zone_id']);
  });
});

describe('PUT and DELETE /v1/zones/{id}/ips', () => {
  it('refreshes only the IPs in the zone, swapping in fresh ones', async () => {
    const before = service.control.zoneIps(reservedId())!;
    const [first, second] = before;
    const body = expectBody(
      await call(service, 'PUT', `/v1/zones/${reservedId()}/ips`, { body: { ips: [first, second, '203.0.113.7', '2001:db8::1'] } }),
      RefreshIpsResponse,
    );
    expect(body.refreshed_ips).toEqual([first, second]);
    const after = service.control.zoneIps(reservedId())!;
    expect(after).toHaveLength(before.length);
    expect(after).not.toContain(first);
    expect(after).not.toContain(second);
    expect(after.slice(2)).toEqual(before.slice(2));
  });

  it('deletes only the IPs in the zone and lowers pool_size_actual', async () => {
    const before = service.control.zoneIps(reservedId())!;
    const body = expectBody(
      await call(service, 'DELETE', `/v1/zones/${reservedId()}/ips`, { body: { ips: [before[0], '203.0.113.7'] } }),
      DeleteIpsResponse,
    );
    expect(body.deleted_ips).toEqual([before[0]]);
    expect(body.zone.pool_size_actual).toBe(before.length - 1);
    expect(body.zone.pool_size).toBe(before.length - 1);
    expect(body.zone.cost.ip_pool_count).toBe(before.length - 1);
    expect(service.control.zoneIps(reservedId())).toEqual(before.slice(1));
  });

  it('accepts 100 IPs a call and refuses 101, an empty list and a non-IP, naming each', async () => {
    const ips = Array.from({ length: 101 }, (_, i) => `203.0.113.${i}`);
    expectBody(await call(service, 'PUT', `/v1/zones/${reservedId()}/ips`, { body: { ips: ips.slice(0, 100) } }), RefreshIpsResponse);
    expect(expectError(await call(service, 'PUT', `/v1/zones/${reservedId()}/ips`, { body: { ips } }), 400).paths).toEqual(['ips']);
    expect(expectError(await call(service, 'DELETE', `/v1/zones/${reservedId()}/ips`, { body: { ips: [] } }), 400).paths).toEqual(['ips']);
    expect(
      expectError(await call(service, 'DELETE', `/v1/zones/${reservedId()}/ips`, { body: { ips: ['1.2.3.4', 'localhost'] } }), 400).paths,
    ).toEqual(['ips[1]']);
    expect(expectError(await call(service, 'PUT', `/v1/zones/${reservedId()}/ips`), 400).paths).toEqual(['body']);
  });

  it('answers 404 for an unknown zone and 400 for a long id', async () => {
    const body = { body: { ips: ['1.2.3.4'] } };
    expect(expectError(await call(service, 'PUT', '/v1/zones/NOSUCH/ips', body), 404).code).toBe('zone_not_found');
    expect(expectError(await call(service, 'DELETE', '/v1/zones/ABCDEFGHI/ips', body), 400).paths).toEqual(['zone_id']);
  });

  it('refuses an unknown query parameter, as every other operation does, and changes nothing', async () => {
    const before = service.control.zoneIps(reservedId())!;
    const body = { body: { ips: [before[0]] } };
    expect(expectError(await call(service, 'DELETE', `/v1/zones/${reservedId()}/ips?preview=true`, body), 400).paths).toEqual(['preview']);
    expect(expectError(await call(service, 'PUT', `/v1/zones/${reservedId()}/ips?preview=true`, body), 400).paths).toEqual(['preview']);
    expect(service.control.zoneIps(reservedId())).toEqual(before);
  });
});
