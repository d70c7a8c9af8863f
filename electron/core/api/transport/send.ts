import { ApiError, type ApiErrorKind } from '../error';
import { DEFAULT_TIMEOUT_MS, type HttpOptions } from '../http-options';
import { isRedirect, RedirectRefused } from '../redirect';
import type { Release, RequestGate } from '../request-gate';
import { systemClock, systemRandom, type Clock } from '../../ports';
import { DEFAULT_RETRY_POLICY, retryDelay } from '../retry-delay';
import { untilAborted } from './abortable';
import { type Answer, readAnswer } from './answer';
import { BodyReadError, discard, MAX_RESPONSE_BYTES, readBodyCapped } from './body-reader';

/** One request of an operation, before the key and the base URL are added. */
export type ApiRequest = {
  method: 'GET' | 'PUT' | 'DELETE';
  /** Already encoded, after `/v1`. */
  path: string;
  operation: string;
  query?: URLSearchParams;
  body?: unknown;
  /** GETs: retried on network and server failures. Writes never are. */
  safe: boolean;
};

export type TransportOptions = HttpOptions & {
  /** Already normalised (client.ts › normaliseBaseUrl). */
  baseUrl: string;
  getApiKey: () => string | null | Promise<string | null>;
  /**
   * Waits for a slot of the request budget the watched accounts share (accounts/request-budget.ts)
   * before each attempt. The wait has its own bound (`slotWaitMs`); the attempt's deadline starts
   * once the slot is given, when the request is sent.
   */
  gate?: RequestGate;
  /**
   * The service has refused the key (a 401 to any request of the account's): a write is not sent
   * with it, checked as it would go out, after its slot (docs/architecture.md › Actions).
   */
  refusedKey?: () => boolean;
};

/** Sends one request, with its retries, and reads its answer; every failure is an ApiError. */
export type Transport = (request: ApiRequest, signal?: AbortSignal) => Promise<Answer>;

/**
 * The request mechanics shared by the nine operations: the key, the slot of the request budget,
 * the deadline, the redirect refusal, the capped body read, the answer's reading and the retries
 * of safe reads. The caller's AbortSignal ends any of it at once.
 */
export function createTransport(options: TransportOptions): Transport {
  const { baseUrl } = options;
  const doFetch = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const slotWaitMs = options.slotWaitMs ?? timeoutMs;
  const maxResponseBytes = options.maxResponseBytes ?? MAX_RESPONSE_BYTES;
  const policy = options.retry ?? DEFAULT_RETRY_POLICY;
  const random = options.random ?? systemRandom;
  const clock = options.clock ?? systemClock;
  const now = options.now ?? (() => clock.now());

  async function attemptOnce(req: ApiRequest, key: string, signal: AbortSignal | undefined, attempt: number): Promise<Answer> {
    if (signal?.aborted) throw cancelled(req.operation);
    const release = await waitForSlot(req.operation, signal);
    try {
      return await exchange(req, key, signal, attempt);
    } finally {
      release?.();
    }
  }

  /** A slot of the budget, within `slotWaitMs`; not a request yet, so nothing is recorded. */
  async function waitForSlot(operation: string, signal: AbortSignal | undefined): Promise<Release | null> {
    if (!options.gate) return null;
    const waiting = new AbortController();
    let tooLong = false;
    const timer = clock.setTimeout(() => {
      tooLong = true;
      waiting.abort();
    }, slotWaitMs);
    const onAbort = () => waiting.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      return await options.gate(waiting.signal);
    } catch (err) {
      if (signal?.aborted) throw cancelled(operation);
      if (tooLong) {
        throw new ApiError('timeout', `${operation}: no request slot within ${slotWaitMs} ms, not sent`, { operation, timeoutMs: slotWaitMs, queued: true });
      }
      throw err;
    } finally {
      clock.clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  /** One HTTP exchange under one deadline, counted from now, for headers and body together. */
  async function exchange(req: ApiRequest, key: string, signal: AbortSignal | undefined, attempt: number): Promise<Answer> {
    const { operation } = req;
    if (signal?.aborted) throw cancelled(operation);
    if (!req.safe && options.refusedKey?.()) throw new ApiError('unauthorized', `${operation}: not sent, the service has refused this API key`, { operation });
    const controller = new AbortController();
    let timedOut = false;
    const timer = clock.setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onAbort = () => controller.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const started = now();
    let status: number | null = null;
    let bytes: number | undefined;
    const record = (error?: ApiErrorKind) =>
      options.onRequest?.({
        operation,
        status,
        ms: now() - started,
        attempt,
        ...(bytes !== undefined ? { bytes } : {}),
        ...(error ? { error } : {}),
      });
    // The underlying errors may quote the request; only fixed words leave this function.
    const stopped = () => {
      if (signal?.aborted) return cancelled(operation);
      if (timedOut) return new ApiError('timeout', `${operation}: no answer within ${timeoutMs} ms`, { operation, timeoutMs });
      return new ApiError('network', `${operation}: the service could not be reached`, { operation, ...(status ? { status } : {}) });
    };
    try {
      const url = `${baseUrl}/v1${req.path}${req.query && req.query.size > 0 ? `?${req.query}` : ''}`;
      const headers: Record<string, string> = { 'X-API-KEY': key, Accept: 'application/json' };
      if (req.body !== undefined) headers['Content-Type'] = 'application/json';
      let response: Response;
      try {
        // `redirect: 'manual'`: the key must never follow a redirect to another host
        // (docs/architecture.md › Requests), and a redirect is told apart from an unreachable
        // service. Raced against the deadline as well, in case a host's fetch ignores its signal.
        response = await untilAborted(
          doFetch(url, {
            method: req.method,
            headers,
            body: req.body === undefined ? undefined : JSON.stringify(req.body),
            redirect: 'manual',
            signal: controller.signal,
          }),
          controller.signal,
          stopped,
        );
      } catch (err) {
        if (err instanceof RedirectRefused && !controller.signal.aborted) throw redirected(operation, err.status);
        throw err instanceof ApiError ? err : stopped();
      }
      status = response.status;
      if (isRedirect(response)) {
        discard(response.body);
        throw redirected(operation, response.type === 'opaqueredirect' ? undefined : response.status);
      }
      let text: string;
      try {
        const read = await readBodyCapped(response, maxResponseBytes, controller.signal);
        text = read.text;
        bytes = read.bytes;
      } catch (err) {
        if (err instanceof BodyReadError) bytes = err.bytes;
        if (err instanceof BodyReadError && err.reason === 'too_large') {
          throw new ApiError('response_too_large', `${operation}: the answer is larger than ${maxResponseBytes} bytes`, {
            operation,
            status: response.status,
            limitBytes: maxResponseBytes,
          });
        }
        throw stopped();
      }
      const answer = readAnswer(operation, response, text, key, now);
      record();
      return answer;
    } catch (err) {
      record(err instanceof ApiError ? err.kind : undefined);
      throw err;
    } finally {
      clock.clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  function redirected(operation: string, redirectStatus: number | undefined): ApiError {
    return new ApiError('redirected', `${operation}: the service answered with a redirect${redirectStatus ? ` (HTTP ${redirectStatus})` : ''}, not followed`, {
      operation,
      host: new URL(baseUrl).host,
      ...(redirectStatus ? { status: redirectStatus } : {}),
    });
  }

  return async function send(req, signal) {
    const key = await options.getApiKey();
    if (!key) throw new ApiError('no_key', `${req.operation}: no API key is stored`, { operation: req.operation });
    for (let attempt = 1; ; attempt++) {
      try {
        return await attemptOnce(req, key, signal, attempt);
      } catch (err) {
        const retryable = err instanceof ApiError && !err.cancelled && (err.kind === 'network' || err.kind === 'server');
        if (!req.safe || !retryable || attempt > policy.retries) throw err;
        await sleep(clock, retryDelay(attempt, policy, random), signal, req.operation);
      }
    }
  };
}

async function sleep(clock: Clock, ms: number, signal: AbortSignal | undefined, operation: string): Promise<void> {
  if (signal?.aborted) throw cancelled(operation);
  await new Promise<void>((resolve, reject) => {
    const timer = clock.setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clock.clearTimeout(timer);
      reject(cancelled(operation));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function cancelled(operation: string): ApiError {
  return new ApiError('network', `${operation}: cancelled`, { operation, cancelled: true });
}
