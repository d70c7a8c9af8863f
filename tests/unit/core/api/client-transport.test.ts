import { describe, expect, it } from 'vitest';
import { createApiClient, type RequestRecord } from '../../../../electron/core/api/client';
import { ApiError } from '../../../../electron/core/api/error';
import { RedirectRefused } from '../../../../electron/core/api/redirect';
import { toAppError } from '../../../../electron/core/error-messages';

const KEY = 'k3y-that-must-never-show-up';
const NO_RETRY = { retries: 0, baseDelayMs: 1, maxDelayMs: 1 };

/** A body stream that sends `first` and then nothing, ever: the slow-drip server at its worst. */
function endlessBody(first: string, counters: { pulls: number; cancelled: boolean }): ReadableStream<Uint8Array> {
  let sent = false;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      counters.pulls++;
      if (!sent) {
        sent = true;
        controller.enqueue(new TextEncoder().encode(first));
      }
      // Later pulls never enqueue and never close.
      return new Promise<void>(() => undefined);
    },
    cancel() {
      counters.cancelled = true;
    },
  });
}

/** A body of `chunks` chunks of `size` bytes each, counting how many were pulled. */
function chunkedBody(chunks: number, size: number, counters: { pulls: number; cancelled: boolean }): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      counters.pulls++;
      if (sent++ >= chunks) controller.close();
      else controller.enqueue(new Uint8Array(size).fill(0x20));
    },
    cancel() {
      counters.cancelled = true;
    },
  });
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const result = await promise.then(
    () => null,
    (err: unknown) => err,
  );
  if (!(result instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(result)}`);
  return result;
}

function clientWith(fetch: typeof globalThis.fetch, extra: { timeoutMs?: number; maxResponseBytes?: number; onRequest?: (r: RequestRecord) => void } = {}) {
  return createApiClient({ baseUrl: 'https://api.example.com', getApiKey: () => KEY, retry: NO_RETRY, fetch, ...extra });
}

describe('the API client against a body that never ends', () => {
  it('gives up at the deadline even though the body read never settles', async () => {
    const counters = { pulls: 0, cancelled: false };
    const client = clientWith(async () => new Response(endlessBody('{"status":', counters), { status: 200 }), { timeoutMs: 50 });
    const started = Date.now();
    const error = await failure(client.getAccountInfo());
    expect(error).toMatchObject({ kind: 'timeout', timeoutMs: 50 });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(counters.cancelled).toBe(true);
  });

  it('gives up at the deadline when the host fetch ignores its signal and never answers', async () => {
    const client = clientWith(() => new Promise<Response>(() => undefined), { timeoutMs: 50 });
    expect((await failure(client.listPlans())).kind).toBe('timeout');
  });

  it('ends a stuck body read at once when the caller cancels', async () => {
    const counters = { pulls: 0, cancelled: false };
    const client = clientWith(async () => new Response(endlessBody('[', counters), { status: 200 }), { timeoutMs: 60_000 });
    const controller = new AbortController();
    const pending = failure(client.getAccountInfo({ signal: controller.signal }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    controller.abort();
    expect(await pending).toMatchObject({ kind: 'network', cancelled: true });
  });
});

describe('the API client against an answer that weighs too much', () => {
  it('stops reading at the cap, reads nothing past it, and says so in plain words', async () => {
    const counters = { pulls: 0, cancelled: false };
    const records: RequestRecord[] = [];
    const client = clientWith(async () => new Response(chunkedBody(1_000, 1_024, counters), { status: 200 }), {
      maxResponseBytes: 10_000,
      onRequest: (r) => records.push(r),
    });
    const error = await failure(client.listPlans());
    expect(error).toMatchObject({ kind: 'response_too_large', limitBytes: 10_000 });
    expect(counters.pulls).toBeLessThan(15);
    expect(counters.cancelled).toBe(true);
    expect(records[0]?.bytes).toBeLessThanOrEqual(10_000);
    expect(records[0]?.error).toBe('response_too_large');
    expect(toAppError(error).message).toBe('The service sent an answer larger than 10 KB, so Zonewatch stopped reading it.');
  });

  it('refuses a declared Content-Length over the cap without reading a byte', async () => {
    const counters = { pulls: 0, cancelled: false };
    const client = clientWith(
      async () => new Response(chunkedBody(10, 1_024, counters), { status: 200, headers: { 'content-length': String(50 * 1024 * 1024) } }),
    );
    expect((await failure(client.listPlans())).kind).toBe('response_too_large');
    expect(counters.pulls).toBeLessThanOrEqual(1);
  });

  it('reads an answer just under the cap, and counts its bytes', async () => {
    const body = JSON.stringify({ status: 'ok', plans: [], padding: 'x'.repeat(9_900) });
    const records: RequestRecord[] = [];
    const client = clientWith(async () => new Response(body, { status: 200 }), { maxResponseBytes: 10_000, onRequest: (r) => records.push(r) });
    await client.listPlans().catch(() => undefined);
    expect(records[0]).toMatchObject({ bytes: body.length });
    expect(records[0]?.error).not.toBe('response_too_large');
  });
});

describe('the API client and redirects a host reports its own way', () => {
  it('names an opaque redirect (a browser fetch) as a redirect, without a status code', async () => {
    // What a browser's fetch hands back under redirect: 'manual' (Fetch standard › opaque-redirect filtered response).
    const opaque = new Response(null, { status: 200 });
    Object.defineProperty(opaque, 'type', { value: 'opaqueredirect' });
    Object.defineProperty(opaque, 'status', { value: 0 });
    const error = await failure(clientWith(async () => opaque).getAccountInfo());
    expect(error.kind).toBe('redirected');
    expect(error.status).toBeUndefined();
    expect(toAppError(error).message).toBe('The service at api.example.com answered with a redirect to another address. Check the base URL in Settings.');
  });

  it('names a redirect the host refused to follow (Electron net.fetch) as a redirect', async () => {
    const error = await failure(clientWith(async () => Promise.reject(new RedirectRefused(308))).getAccountInfo());
    expect(error).toMatchObject({ kind: 'redirected', status: 308 });
    expect(toAppError(error).message).toContain('(308). Check the base URL in Settings.');
  });

  it('does not retry a redirect, as it would a network failure', async () => {
    let calls = 0;
    const client = createApiClient({
      baseUrl: 'https://api.example.com',
      getApiKey: () => KEY,
      retry: { retries: 2, baseDelayMs: 1, maxDelayMs: 1 },
      fetch: async () => {
        calls++;
        return new Response(null, { status: 301, headers: { location: 'https://elsewhere.example/' } });
      },
    });
    expect(await failure(client.getAccountInfo())).toMatchObject({ kind: 'redirected', status: 301 });
    expect(calls).toBe(1);
  });
});

describe('the API client and its slot of the request budget', () => {
  const plans = async () => new Response(JSON.stringify({ status: 'ok', plans: [] }), { status: 200 });
  /** A gate that gives its slot after `ms`, or never. */
  const gateAfter = (ms: number | null) => (signal: AbortSignal) =>
    new Promise<() => void>((resolve, reject) => {
      if (ms !== null) setTimeout(() => resolve(() => undefined), ms);
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    });

  it('counts the deadline from when the request is sent, not from when it began to wait for a slot', async () => {
    const records: RequestRecord[] = [];
    const client = createApiClient({
      baseUrl: 'https://api.example.com',
      getApiKey: () => KEY,
      retry: NO_RETRY,
      fetch: plans,
      timeoutMs: 50,
      slotWaitMs: 5_000,
      gate: gateAfter(150),
      onRequest: (r) => records.push(r),
    });
    // A slot given after three times the deadline, and an answer at once: the request succeeds.
    expect((await client.listPlans()).plans).toEqual([]);
    expect(records).toMatchObject([{ operation: 'GET /v1/plans', status: 200, attempt: 1 }]);
    expect(records[0]!.error).toBeUndefined();
  });

  it('gives up waiting for a slot after its own bound: a timeout that says the request was not sent', async () => {
    let sent = 0;
    const records: RequestRecord[] = [];
    const client = createApiClient({
      baseUrl: 'https://api.example.com',
      getApiKey: () => KEY,
      retry: { retries: 2, baseDelayMs: 1, maxDelayMs: 1 },
      fetch: async () => {
        sent++;
        return new Response('{}');
      },
      timeoutMs: 60_000,
      slotWaitMs: 30,
      gate: gateAfter(null),
      onRequest: (r) => records.push(r),
    });
    const error = await failure(client.listPlans());
    expect(error).toMatchObject({ kind: 'timeout', queued: true, timeoutMs: 30 });
    expect([sent, records.length]).toEqual([0, 0]);
    expect(toAppError(error).message).toBe('The request waited 1 s for its turn behind requests still waiting for an answer, so it was not sent.');
  });

  it('ends the wait for a slot at once when the caller cancels, whatever the bounds', async () => {
    const client = createApiClient({ baseUrl: 'https://api.example.com', getApiKey: () => KEY, retry: NO_RETRY, timeoutMs: 60_000, slotWaitMs: 60_000, gate: gateAfter(null) });
    const controller = new AbortController();
    const pending = failure(client.listPlans({ signal: controller.signal }));
    await new Promise((resolve) => setTimeout(resolve, 10));
    controller.abort();
    expect(await pending).toMatchObject({ kind: 'network', cancelled: true });
  });
});
