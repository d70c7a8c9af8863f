import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient, type RequestRecord } from '../../../../electron/core/api/client';
import { ApiError } from '../../../../electron/core/api/error';
import { toAppError } from '../../../../electron/core/error-messages';
import type { RunningService } from '../../../../electron/service/start-service';
import { setFaults, startTestService } from '../service-harness';

let service: RunningService;
const fastRetry = { retries: 2, baseDelayMs: 5, maxDelayMs: 20 };

function clientFor(key: string, extra: { timeoutMs?: number; records?: RequestRecord[] } = {}): ApiClient {
  return createApiClient({
    baseUrl: service.url,
    getApiKey: () => key,
    timeoutMs: extra.timeoutMs ?? 5_000,
    retry: fastRetry,
    onRequest: (record) => extra.records?.push(record),
  });
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error('expected the call to fail');
}

beforeAll(async () => {
  service = await startTestService();
});
afterAll(async () => {
  await service.close();
});
afterEach(() => {
  service.control.reset();
});

describe('the API client with an admin key', () => {
  it('reads the account without the api_key of its user', async () => {
    const account = await clientFor(service.keys.admin).getAccountInfo();
    expect(account.user.role).toBe('admin');
    expect(account.user).not.toHaveProperty('api_key');
    expect(JSON.stringify(account)).not.toContain(service.keys.admin);
  });

  it('lists every team member without any of their keys', async () => {
    const result = await clientFor(service.keys.admin).listUsers({ count: 100 });
    expect(result.users.length).toBeGreaterThan(3);
    for (const user of result.users) expect(user).not.toHaveProperty('api_key');
    const text = JSON.stringify(result);
    for (const key of Object.values(service.keys)) expect(text).not.toContain(key);
  });

  it('lists the plans and reads the billing history', async () => {
    const client = clientFor(service.keys.admin);
    expect((await client.listPlans()).plans.some((plan) => plan.is_pay_as_you_go)).toBe(true);
    const history = await client.getBillingHistory({ filter: 'invoice', page: 1, count: 5 });
    expect(history.entries).toHaveLength(5);
    expect(history.entries.every((entry) => entry.type === 'invoice')).toBe(true);
    expect(history.pagination.total_pages).toBeGreaterThan(1);
  });

  it('gets zones by id and leaves out ids it does not know', async () => {
    const ids = service.seeded.zoneIds.slice(0, 3);
    const result = await clientFor(service.keys.admin).getZones([...ids, 'NOPE1']);
    expect(result.zones.map((zone) => zone.zone_id).sort()).toEqual([...ids].sort());
    expect(result.info.current).toBe(service.seeded.zoneIds.length);
  });

  it('previews a change without committing it, then commits it', async () => {
    const client = clientFor(service.keys.admin);
    const zoneId = service.seeded.perGigabyteDatacenterZoneId;
    const preview = await client.updateZone(zoneId, { name: 'Renamed in preview' }, { preview: true });
    expect(preview.preview).toBe(true);
    expect((await client.getZones([zoneId])).zones[0]?.name).not.toBe('Renamed in preview');
    const committed = await client.updateZone(zoneId, { name: 'Renamed for real', enabled: false });
    expect(committed.zone).toMatchObject({ name: 'Renamed for real', enabled: false });
  });

  it('refreshes and deletes IPs of a reserved zone, reporting only those it had', async () => {
    const client = clientFor(service.keys.admin);
    const zoneId = service.seeded.reservedDatacenterZoneId;
    const [first, second] = service.control.zoneIps(zoneId)!;
    const before = (await client.getZones([zoneId])).zones[0]!;
    const refreshed = await client.refreshIps(zoneId, [first!, '192.0.2.250']);
    expect(refreshed.refreshedIps).toEqual([first]);
    const deleted = await client.deleteIps(zoneId, [second!]);
    expect(deleted.deletedIps).toEqual([second]);
    expect(deleted.zone.pool_size_actual).toBe(before.pool_size_actual! - 1);
  });

  it('deletes a zone', async () => {
    const zoneId = service.seeded.zoneIds[service.seeded.zoneIds.length - 1]!;
    const result = await clientFor(service.keys.admin).deleteZone(zoneId);
    expect(result).toMatchObject({ zoneId, deleted: true });
  });
});

describe('the API client with the other roles', () => {
  it('lets a collaborator see only its own zones and not the team', async () => {
    const client = clientFor(service.keys.collaborator);
    const result = await client.getZones(service.seeded.zoneIds.slice(0, 10));
    expect(result.zones.every((zone) => service.seeded.collaboratorZoneIds.includes(zone.zone_id))).toBe(true);
    expect((await failure(client.listUsers())).kind).toBe('forbidden');
  });

  it('lets a billing admin read billing but not change zones', async () => {
    const client = clientFor(service.keys.billing_admin);
    expect((await client.getBillingHistory()).entries.length).toBeGreaterThan(0);
    const error = await failure(client.updateZone(service.seeded.perGigabyteDatacenterZoneId, { enabled: false }));
    expect(error.kind).toBe('forbidden');
  });
});

describe('the API client reports each failure with its kind', () => {
  it('unauthorized for a key the service does not know', async () => {
    const error = await failure(clientFor('not-a-real-key-123456').getAccountInfo());
    expect(error.kind).toBe('unauthorized');
    expect(error.message).not.toContain('not-a-real-key-123456');
  });

  it('not_found for a change to an unknown zone', async () => {
    expect((await failure(clientFor(service.keys.admin).updateZone('NOPE1', { enabled: true }))).kind).toBe('not_found');
  });

  it('invalid_request with the field the service named', async () => {
    const error = await failure(clientFor(service.keys.admin).updateZone(service.seeded.perGigabyteDatacenterZoneId, { countries: ['ZZ'] }));
    expect(error.kind).toBe('invalid_request');
    expect(error.fields?.[0]?.path).toBe('countries[0]');
  });

  it('invalid_request without sending anything when the input is already wrong', async () => {
    const records: RequestRecord[] = [];
    const error = await failure(clientFor(service.keys.admin, { records }).getZones(Array.from({ length: 11 }, (_, i) => `Z${i}`)));
    expect(error.kind).toBe('invalid_request');
    expect(records).toHaveLength(0);
  });

  it('payment_required when the balance cannot cover a bigger pool', async () => {
    service.control.setBalance(0);
    const zoneId = service.seeded.reservedDatacenterZoneId;
    const zone = (await clientFor(service.keys.admin).getZones([zoneId])).zones[0]!;
    const error = await failure(clientFor(service.keys.admin).updateZone(zoneId, { pool_size: zone.pool_size! + 50 }));
    expect(error.kind).toBe('payment_required');
  });

  it('residential_unavailable during the free trial', async () => {
    service.control.setAccount({ topped_up: false });
    const error = await failure(
      clientFor(service.keys.admin).updateZone(service.seeded.perGigabyteDatacenterZoneId, { network: 'residential', ip_type: 'shared' }),
    );
    expect(error.kind).toBe('residential_unavailable');
  });

  it('insufficient_resource_likely (HTTP 202) when capacity is short and the check is asked for', async () => {
    service.control.setCapacity(0);
    const zoneId = service.seeded.reservedDatacenterZoneId;
    const zone = (await clientFor(service.keys.admin).getZones([zoneId])).zones[0]!;
    const error = await failure(
      clientFor(service.keys.admin).updateZone(zoneId, { pool_size: zone.pool_size! + 5 }, { skipResourceCheck: false }),
    );
    expect(error.kind).toBe('insufficient_resource_likely');
  });

  it('rate_limited with the Retry-After delay', async () => {
    await setFaults(service, { rate: 1, statuses: [429], retryAfterSeconds: 7 });
    const error = await failure(clientFor(service.keys.admin).getAccountInfo());
    expect(error).toMatchObject({ kind: 'rate_limited', retryAfterMs: 7_000 });
  });

  it('server after retrying a read, and without retrying a write', async () => {
    await setFaults(service, { rate: 1, statuses: [500, 503] });
    const records: RequestRecord[] = [];
    const client = clientFor(service.keys.admin, { records });
    expect((await failure(client.getAccountInfo())).kind).toBe('server');
    expect(records).toHaveLength(3);
    records.length = 0;
    expect((await failure(client.updateZone(service.seeded.perGigabyteDatacenterZoneId, { enabled: false }))).kind).toBe('server');
    expect(records).toHaveLength(1);
  });

  it('recovers from one server failure by retrying the read', async () => {
    await setFaults(service, { rate: 0.5, statuses: [500] });
    const client = clientFor(service.keys.admin);
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => client.listPlans()));
    // With 3 attempts each, most reads get through a 50 % fault rate.
    expect(results.filter((r) => r.status === 'fulfilled').length).toBeGreaterThan(4);
  });

  it('network when the connection is dropped', async () => {
    await setFaults(service, { dropRate: 1 });
    expect((await failure(clientFor(service.keys.admin).listPlans())).kind).toBe('network');
  });

  it('timeout when the answer comes later than the limit', async () => {
    await setFaults(service, { latencyMs: 400 });
    const error = await failure(clientFor(service.keys.admin, { timeoutMs: 100 }).getAccountInfo());
    expect(error).toMatchObject({ kind: 'timeout', timeoutMs: 100 });
  });

  it('invalid_response when the body is not JSON', async () => {
    await setFaults(service, { malformedRate: 1 });
    expect((await failure(clientFor(service.keys.admin).getAccountInfo())).kind).toBe('invalid_response');
  });

  it('a cancellation when the caller aborts', async () => {
    await setFaults(service, { latencyMs: 400 });
    const controller = new AbortController();
    const pending = clientFor(service.keys.admin).getAccountInfo({ signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    expect(await failure(pending)).toMatchObject({ kind: 'network', cancelled: true });
  });

  it('never quotes the key in any error', async () => {
    const key = service.keys.admin;
    const client = clientFor(key, { timeoutMs: 100 });
    const errors: ApiError[] = [];
    for (const faults of [{ rate: 1, statuses: [429] as const }, { dropRate: 1 }, { latencyMs: 300 }, { malformedRate: 1 }]) {
      await setFaults(service, { ...faults, statuses: faults.statuses ? [...faults.statuses] : undefined });
      errors.push(await failure(client.getAccountInfo()));
    }
    for (const error of errors) expect(`${error.message} ${JSON.stringify(error)} ${String(error.stack)}`).not.toContain(key);
  });
});

describe('the API client and redirects', () => {
  it('names a redirect to another host as a redirect, without following it or sending the key there', async () => {
    const seen: http.IncomingHttpHeaders[] = [];
    const elsewhere = http.createServer((req, res) => {
      seen.push(req.headers);
      res.end('{}');
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
    const target = `http://localhost:${(elsewhere.address() as AddressInfo).port}`;
    const redirector = http.createServer((req, res) => {
      res.writeHead(302, { Location: `${target}${req.url}` });
      res.end();
    });
    await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
    try {
      const client = createApiClient({
        baseUrl: `http://127.0.0.1:${(redirector.address() as AddressInfo).port}`,
        getApiKey: () => 'secret-key-that-must-stay',
        retry: { retries: 0, baseDelayMs: 1, maxDelayMs: 1 },
      });
      const error = await failure(client.getAccountInfo());
      expect(error).toMatchObject({ kind: 'redirected', status: 302, host: `127.0.0.1:${(redirector.address() as AddressInfo).port}` });
      expect(toAppError(error).message).toBe(
        `The service at 127.0.0.1:${(redirector.address() as AddressInfo).port} answered with a redirect to another address (302). Check the base URL in Settings.`,
      );
      expect(seen).toHaveLength(0);
    } finally {
      redirector.close();
      elsewhere.close();
    }
  });

  it('refuses plain http to anything but loopback', () => {
    expect(() => createApiClient({ baseUrl: 'http://api.example.com', getApiKey: () => 'k' })).toThrow(ApiError);
    expect(createApiClient({ baseUrl: 'https://api.example.com/v1/', getApiKey: () => 'k' }).baseUrl).toBe('https://api.example.com');
  });
});
