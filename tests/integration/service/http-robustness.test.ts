import net from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GetZonesResponse, UsersListResponse, ZoneUpdateResponse } from '../../../shared/api/responses';
import type { RunningService } from '../../../electron/service/start-service';
import { call, expectBody, expectError, startTestService } from './service-call';

let service: RunningService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.close());
beforeEach(() => service.control.reset());

describe('bad requests', () => {
  it('answers 404 not_found for an unknown route and 405 with Allow for a wrong method', async () => {
    expect(expectError(await call(service, 'GET', '/v1/zones'), 404).code).toBe('not_found');
    expect(expectError(await call(service, 'GET', '/v2/plans'), 404).code).toBe('not_found');
    const wrong = await call(service, 'POST', '/v1/plans');
    expect(expectError(wrong, 405).code).toBe('method_not_allowed');
    expect(wrong.headers.get('allow')).toBe('GET');
    expect((await call(service, 'GET', '/v1/zones/ABC/ips')).headers.get('allow')).toBe('PUT, DELETE');
  });

  it('answers 400 to malformed JSON, 413 to a body over 1 MiB, and keeps answering', async () => {
    const id = service.seeded.perGigabyteDatacenterZoneId;
    expect(expectError(await call(service, 'PUT', `/v1/zones/${id}`, { rawBody: '{"name": "x",' }), 400).paths).toEqual(['body']);
    const big = JSON.stringify({ name: 'x', padding: 'y'.repeat(1024 * 1024) });
    expect(expectError(await call(service, 'PUT', `/v1/zones/${id}`, { rawBody: big }), 413).code).toBe('payload_too_large');
    expect(expectError(await call(service, 'PUT', `/v1/zones/${id}`, { rawBody: '\u0000\u00ff' }), 400).code).toBe('invalid_request');
    expectBody(await call(service, 'GET', `/v1/zones/${id}`), GetZonesResponse);
  });

  it('accepts a body of just under 1 MiB as far as validation', async () => {
    const id = service.seeded.perGigabyteDatacenterZoneId;
    const body = JSON.stringify({ padding: 'y'.repeat(1024 * 1024 - 20) });
    expect(expectError(await call(service, 'PUT', `/v1/zones/${id}`, { rawBody: body }), 400).paths).toEqual(['padding']);
  });
});

describe('bodies and requests a broken client might send', () => {
  it.each([
    ['null', 'null'],
    ['a number', '42'],
    ['a string', '"enabled"'],
    ['an array', '[{"name":"x"}]'],
    ['wrong member types', '{"name":12,"enabled":"yes","pool_size":"many"}'],
    ['a deeply nested value', `{"name":${'['.repeat(5_000)}${']'.repeat(5_000)}}`],
  ])('answers a zone update whose body is %s with a 400 and keeps serving', async (_what, rawBody) => {
    const id = service.seeded.perGigabyteDatacenterZoneId;
    const before = expectBody(await call(service, 'GET', `/v1/zones/${id}`), GetZonesResponse).zones[0];
    expect(expectError(await call(service, 'PUT', `/v1/zones/${id}`, { rawBody }), 400).code).toBe('invalid_request');
    const after = expectBody(await call(service, 'GET', `/v1/zones/${id}`), GetZonesResponse).zones[0];
    expect(after).toEqual(before);
  });

  it('answers a zone update whose body is not UTF-8 with a 400 and changes nothing', async () => {
    const id = service.seeded.perGigabyteDatacenterZoneId;
    const before = expectBody(await call(service, 'GET', `/v1/zones/${id}`), GetZonesResponse).zones[0];
    // {"name":"bad\xff\xfe"}: JSON whose name holds two bytes no UTF-8 text has.
    const rawBody = new Uint8Array([...new TextEncoder().encode('{"name":"bad'), 0xff, 0xfe, ...new TextEncoder().encode('"}')]);
    const refused = expectError(await call(service, 'PUT', `/v1/zones/${id}`, { rawBody }), 400);
    expect(refused).toMatchObject({ code: 'invalid_request', paths: ['body'] });
    const after = expectBody(await call(service, 'GET', `/v1/zones/${id}`), GetZonesResponse).zones[0];
    expect(after).toEqual(before);
    // The same name in UTF-8 is taken.
    expectBody(await call(service, 'PUT', `/v1/zones/${id}`, { body: { name: 'bad\u00ff\u00fe' } }), ZoneUpdateResponse);
    expect(expectBody(await call(service, 'GET', `/v1/zones/${id}`), GetZonesResponse).zones[0]?.name).toBe('bad\u00ff\u00fe');
  });

  it('answers an IPs request whose body is null or has ips of the wrong type with a 400', async () => {
    const id = service.seeded.perGigabyteDatacenterZoneId;
    expect(expectError(await call(service, 'PUT', `/v1/zones/${id}/ips`, { rawBody: 'null' }), 400).code).toBe('invalid_request');
    expect(expectError(await call(service, 'DELETE', `/v1/zones/${id}/ips`, { rawBody: '{"ips":[1,null,{}]}' }), 400).code).toBe('invalid_request');
  });

  it('keeps serving after a client that sends half a body and hangs up, or a request line that is not HTTP', async () => {
    const { port, hostname } = new URL(service.url);
    const id = service.seeded.perGigabyteDatacenterZoneId;
    await new Promise<void>((resolve) => {
      const socket = net.connect(Number(port), hostname, () => {
        socket.write(`PUT /v1/zones/${id} HTTP/1.1\r\nHost: x\r\nX-API-KEY: ${service.keys.admin}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"name":`);
        socket.destroy();
        resolve();
      });
    });
    const garbage = await new Promise<string>((resolve) => {
      const socket = net.connect(Number(port), hostname, () => socket.write('\u0000\u0001 not http at all\r\n\r\n'));
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
      socket.on('error', () => resolve(text));
    });
    expect(garbage).toMatch(/^HTTP\/1\.1 400/);
    expectBody(await call(service, 'GET', `/v1/zones/${id}`), GetZonesResponse);
  });
});

describe('concurrency', () => {
  it('answers 200 concurrent mixed requests correctly and leaves the zones consistent', async () => {
    const ids = service.seeded.collaboratorZoneIds;
    const sent = new Map<string, Set<string>>(ids.map((id) => [id, new Set()]));
    const requests = Array.from({ length: 200 }, (_, i) => {
      const id = ids[i % ids.length]!;
      if (i % 4 === 0) return call(service, 'GET', `/v1/zones/${ids.join(',')}`, { key: service.keys.collaborator }).then((a) => expectBody(a, GetZonesResponse));
      if (i % 4 === 1) return call(service, 'GET', '/v1/users?count=3').then((a) => expectBody(a, UsersListResponse));
      const name = `Concurrent ${i}`;
      sent.get(id)!.add(name);
      return call(service, 'PUT', `/v1/zones/${id}`, { body: { name, enabled: i % 3 !== 0 } }).then((a) => expectBody(a, ZoneUpdateResponse));
    });
    const answers = await Promise.all(requests);
    expect(answers).toHaveLength(200);
    const final = expectBody(await call(service, 'GET', `/v1/zones/${ids.join(',')}`), GetZonesResponse);
    expect(final.info.current).toBe(service.seeded.zoneIds.length);
    for (const zone of final.zones) {
      expect(sent.get(zone.zone_id)!.has(zone.name!)).toBe(true);
      expect(zone.pool_size_actual).toBe(service.control.zoneIps(zone.zone_id)!.length);
    }
  });
});

describe('faults', () => {
  const plans = () => call(service, 'GET', '/v1/plans');
  const faults = (body: unknown) => call(service, 'POST', '/_control/faults', { body });

  it('answer the configured statuses, 429 with Retry-After, and leave /_control alone', async () => {
    await faults({ rate: 1, statuses: [429], retryAfterSeconds: 42 });
    const limited = await plans();
    expect(expectError(limited, 429).code).toBe('rate_limited');
    expect(limited.headers.get('retry-after')).toBe('42');
    await faults({ rate: 1, statuses: [503] });
    expect((await plans()).status).toBe(503);
    await faults({ rate: 1, statuses: [500] });
    expect(expectError(await plans(), 500).code).toBe('internal_error');
    expect((await call(service, 'GET', '/_control/clock')).status).toBe(200);
    await faults({});
    expect((await plans()).status).toBe(200);
  });

  it('commit nothing when a status fault answers', async () => {
    const id = service.seeded.perGigabyteDatacenterZoneId;
    await faults({ rate: 1, statuses: [500] });
    expect((await call(service, 'PUT', `/v1/zones/${id}`, { body: { name: 'Never' } })).status).toBe(500);
    await faults({});
    expect(expectBody(await call(service, 'GET', `/v1/zones/${id}`), GetZonesResponse).zones[0]!.name).not.toBe('Never');
  });

  it('answer 200 with a body that is not JSON, or drop the connection', async () => {
    await faults({ malformedRate: 1 });
    const malformed = await plans();
    expect(malformed.status).toBe(200);
    expect(malformed.body).toBeUndefined();
    await faults({ dropRate: 1 });
    await expect(plans()).rejects.toThrow();
    await faults({});
    expect((await plans()).status).toBe(200);
  });

  it('answer oversize bodies of the configured size, as valid JSON without a length', async () => {
    await faults({ oversizeRate: 1, oversizeBytes: 2_000_000 });
    const answer = await plans();
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-length')).toBeNull();
    expect(answer.text.length).toBe(2_000_000);
    expect(answer.body).toMatchObject({ status: 'ok' });
    await faults({});
    expect((await plans()).text.length).toBeLessThan(10_000);
  });

  it('refuses rates outside 0 to 1 and unknown statuses', async () => {
    expect(expectError(await faults({ rate: 1.5, statuses: [418] }), 400).paths.sort()).toEqual(['rate', 'statuses[0]']);
  });
});

describe('without control', () => {
  it('serves no /_control endpoint', async () => {
    const { startService } = await import('../../../electron/service/start-service');
    const plain = await startService({ autoTick: false });
    try {
      expect(expectError(await call(plain, 'POST', '/_control/reset'), 404).code).toBe('not_found');
    } finally {
      await plain.close();
    }
  });
});
