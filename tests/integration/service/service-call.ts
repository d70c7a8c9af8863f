import type { z } from 'zod';
import { ErrorBody } from '../../../shared/api/error-body';
import { startService, type RunningService, type StartServiceOptions } from '../../../electron/service/start-service';

/** The simulated start used across the suite: mid-month, mid-day UTC. */
export const START = '2026-11-18T10:00:00.000Z';

/** A service with a hand-driven clock, as the conformance suite wants it. */
export function startTestService(options: StartServiceOptions = {}): Promise<RunningService> {
  return startService({ control: true, autoTick: false, now: START, ...options });
}

export interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
}

export interface CallOptions {
  key?: string | null;
  body?: unknown;
  /** Sent as it is: text, or bytes (which need not be UTF-8). */
  rawBody?: string | Uint8Array<ArrayBuffer>;
}

/** One HTTP request to the service; `key: null` sends no X-API-KEY. */
export async function call(service: RunningService, method: string, path: string, options: CallOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = {};
  const key = options.key === undefined ? service.keys.admin : options.key;
  if (key !== null) headers['X-API-KEY'] = key;
  let body: string | Uint8Array<ArrayBuffer> | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${service.url}${path}`, { method, headers, body });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: response.status, headers: response.headers, body: parsed, text };
}

/** Parses a success body with the shared response schema (one source of truth for both sides). */
export function expectBody<S extends z.ZodType>(answer: Answer, schema: S, status = 200): z.output<S> {
  if (answer.status !== status) throw new Error(`expected HTTP ${status}, got ${answer.status}: ${answer.text}`);
  return schema.parse(answer.body);
}

/** Parses an error body and returns its code and the paths its details name. */
export function expectError(answer: Answer, status: number): { code: string; paths: string[]; message: string } {
  if (answer.status !== status) throw new Error(`expected HTTP ${status}, got ${answer.status}: ${answer.text}`);
  const body = ErrorBody.parse(answer.body);
  return { code: body.error.code, message: body.error.message, paths: (body.error.details ?? []).map((d) => d.path) };
}
