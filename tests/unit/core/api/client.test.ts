import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../../electron/core/api/client';
import { ApiError } from '../../../../electron/core/api/error';
import { sampleGetZonesResponse, sampleUsersListResponse, sampleZone } from '../../../fixtures/api-samples';

const KEY = 'k3y-that-must-never-show-up';

function clientAnswering(status: number, body: unknown, headers: Record<string, string> = {}) {
  const seen: RequestInit[] = [];
  const client = createApiClient({
    baseUrl: 'https://api.example.com/',
    getApiKey: () => KEY,
    retry: { retries: 0, baseDelayMs: 1, maxDelayMs: 1 },
    fetch: async (_url, init) => {
      seen.push(init ?? {});
      return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers });
    },
  });
  return { client, seen };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const result = await promise.then(
    () => null,
    (err: unknown) => err,
  );
  if (!(result instanceof ApiError)) throw new Error('expected an ApiError');
  return result;
}

describe('the API client on its own', () => {
  it('keeps a zone with one malformed member, that member unknown and reported', async () => {
    const body = { ...sampleGetZonesResponse(), zones: [sampleZone('A1'), { ...sampleZone('BAD1'), network: 'satellite' }, sampleZone('A3')] };
    const { client } = clientAnswering(200, body);
    const result = await client.getZones(['A1', 'BAD1', 'A3']);
    expect(result.zones.map((z) => z.zone_id)).toEqual(['A1', 'BAD1', 'A3']);
    expect(result.zones[1]).toMatchObject({ network: undefined, name: sampleZone('BAD1').name });
    expect(result.dropped).toEqual([]);
    expect(result.gaps).toEqual([{ index: 1, id: 'BAD1', path: 'network', message: 'the service did not send a usable value' }]);
  });

  it('drops only a zone whose id is unusable, and reports it', async () => {
    const body = { ...sampleGetZonesResponse(), zones: [sampleZone('A1'), { ...sampleZone('A2'), zone_id: 'far/too/long' }] };
    const { client } = clientAnswering(200, body);
    const result = await client.getZones(['A1', 'A2']);
    expect(result.zones.map((z) => z.zone_id)).toEqual(['A1']);
    expect(result.dropped[0]).toMatchObject({ index: 1, path: 'zone_id' });
  });

  it('reports the path of the first mismatch when the body itself is wrong', async () => {
    const { client } = clientAnswering(200, { ...sampleGetZonesResponse(), info: { current: 'three', allowed: 100 } });
    expect(await failure(client.getZones(['A1']))).toMatchObject({ kind: 'invalid_response', path: 'info.current' });
  });

  it('strips every api_key, even one nested where no schema expects it', async () => {
    const users = sampleUsersListResponse();
    const body = { ...users, zones: users.zones.map((u) => ({ ...u, api_key: KEY, extra: { api_key: KEY } })) };
    const { client } = clientAnswering(200, body);
    expect(JSON.stringify(await client.listUsers())).not.toContain(KEY);
  });

  it('strips an api_key whose name the service wrote with JSON escapes', async () => {
    const users = sampleUsersListResponse();
    const body = { ...users, zones: users.zones.map((u) => ({ ...u, api_key: KEY, extra: { api_key: KEY } })) };
    const { client } = clientAnswering(200, JSON.stringify(body).replaceAll('"api_key"', '"api\\u005fkey"'));
    expect(JSON.stringify(await client.listUsers())).not.toContain(KEY);
  });

  it('reads a 429 without Retry-After as no known wait', async () => {
    const { client } = clientAnswering(429, { status: 'error', error: { code: 'rate_limited', message: 'slow' } });
    const error = await failure(client.listPlans());
    expect(error.kind).toBe('rate_limited');
    expect(error.retryAfterMs).toBeUndefined();
  });

  it('removes the key from a service message that quotes it', async () => {
    const { client } = clientAnswering(401, { status: 'error', error: { code: 'invalid_api_key', message: `key ${KEY} is unknown` } });
    const error = await failure(client.getAccountInfo());
    expect(error.kind).toBe('unauthorized');
    expect(error.message).not.toContain(KEY);
  });

  it('removes the key from a service message that quotes it URL-encoded', async () => {
    const key = 'k3y+with/special=chars';
    const client = createApiClient({
      baseUrl: 'https://api.example.com',
      getApiKey: () => key,
      fetch: async () =>
        new Response(JSON.stringify({ status: 'error', error: { code: 'invalid_api_key', message: `GET /?api_key=${encodeURIComponent(key)} refused` } }), {
          status: 401,
        }),
    });
    const error = await failure(client.getAccountInfo());
    expect(error.message).not.toContain(encodeURIComponent(key));
    expect(error.message).toContain('[redacted]');
  });

  it('redacts every member of an error body before it becomes the error: code, message, details and their paths, at any depth', async () => {
    const body = {
      status: 'error',
      error: {
        code: `bad_${KEY}`,
        message: `key ${KEY} is unknown`,
        details: [{ path: `headers.${KEY}`, message: `got ${KEY}`, [KEY]: { deeper: [KEY] } }],
        [`hint_${KEY}`]: KEY,
      },
    };
    const { client } = clientAnswering(400, body);
    const error = await failure(client.listPlans());
    expect(error.kind).toBe('invalid_request');
    expect(error.code).toBe('bad_[redacted]');
    expect(error.fields).toEqual([{ path: 'headers.[redacted]', message: 'got [redacted]' }]);
    expect(JSON.stringify({ ...error, message: error.message })).not.toContain(KEY);
  });

  it('redacts a key the service wrote with JSON escapes, in an error body and in data', async () => {
    const escaped = [...KEY].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
    const failing = clientAnswering(404, JSON.stringify({ status: 'error', error: { code: KEY, message: 'x' } }).replaceAll(KEY, escaped));
    expect((await failure(failing.client.getAccountInfo())).code).toBe('[redacted]');
    const zones = { ...sampleGetZonesResponse(), zones: [{ ...sampleZone('A1'), name: `named ${KEY}` }] };
    const answering = clientAnswering(200, JSON.stringify(zones).replaceAll(KEY, escaped));
    expect((await answering.client.getZones(['A1'])).zones[0]!.name).toBe('named [redacted]');
  });

  it('removes the key from an answer that echoes it as data, a member name included', async () => {
    const zones = { ...sampleGetZonesResponse(), zones: [{ ...sampleZone('A1'), name: KEY, [KEY]: 1 }] };
    const { client } = clientAnswering(200, zones);
    const result = await client.getZones(['A1']);
    expect(result.zones[0]!.name).toBe('[redacted]');
    expect(JSON.stringify(result)).not.toContain(KEY);
  });

  it('sends the key only in the X-API-KEY header, and refuses redirects', async () => {
    const { client, seen } = clientAnswering(200, { status: 'ok', refreshed_ips: [] });
    await client.refreshIps('A1', ['192.0.2.1']);
    expect(seen[0]).toMatchObject({ method: 'PUT', redirect: 'manual', headers: { 'X-API-KEY': KEY } });
  });

  it('does not call the service without a key', async () => {
    const client = createApiClient({ baseUrl: 'https://api.example.com', getApiKey: () => null, fetch: async () => new Response('{}') });
    expect((await failure(client.listPlans())).kind).toBe('no_key');
  });
  it.each(['https://api.example.com', ' https://api.example.com/ ', 'https://api.example.com/v1', 'https://api.example.com/v1/'])(
    'calls /v1 once below the base URL %j',
    async (baseUrl) => {
      const urls: string[] = [];
      const client = createApiClient({
        baseUrl,
        getApiKey: () => KEY,
        fetch: async (url) => {
          urls.push(String(url));
          return new Response(JSON.stringify(sampleGetZonesResponse()), { status: 200 });
        },
      });
      expect(client.baseUrl).toBe('https://api.example.com');
      await client.getZones(['A1']);
      expect(urls).toEqual(['https://api.example.com/v1/zones/A1']);
    },
  );

  it('refuses a plain-http base URL that is not loopback, before any request', () => {
    expect(() => createApiClient({ baseUrl: 'http://api.example.com', getApiKey: () => KEY })).toThrow(ApiError);
    expect(createApiClient({ baseUrl: 'http://127.0.0.1:8080/', getApiKey: () => KEY }).baseUrl).toBe('http://127.0.0.1:8080');
  });
});
