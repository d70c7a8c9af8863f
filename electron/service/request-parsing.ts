import type { z } from 'zod';
import { ZoneId } from '../../shared/api/zone';
import type { AppContext } from './app-env';
import { issuesAt } from './http-errors';
import { invalid, type ServiceError } from './service-error';

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: ServiceError };

/** The query parsed by `schema`; a parameter given twice is refused rather than guessed at. */
export function parseQuery<S extends z.ZodType>(c: AppContext, schema: S): Parsed<z.output<S>> {
  const params = new URL(c.req.url).searchParams;
  const record: Record<string, string> = {};
  const repeated: { path: string; message: string }[] = [];
  for (const [key, value] of params) {
    if (key in record) repeated.push({ path: key, message: 'must be given at most once' });
    record[key] = value;
  }
  if (repeated.length > 0) return invalid(repeated);
  const parsed = schema.safeParse(record);
  return parsed.success ? { ok: true, value: parsed.data } : invalid(issuesAt('', parsed.error));
}

/** The `:id` path parameter as a zone id; a bad one is a 400 naming `zone_id`. */
export function parseZoneId(c: AppContext): Parsed<string> {
  const parsed = ZoneId.safeParse(c.req.param('id'));
  return parsed.success ? { ok: true, value: parsed.data } : invalid(issuesAt('zone_id', parsed.error));
}

/** JSON text is UTF-8 (RFC 8259 §8.1): a body that is not is refused, never read with U+FFFD in its place. */
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Reads a JSON body; malformed JSON (bytes that are not UTF-8 among it) is a 400 naming `body`, and
 * so is a missing body unless it is `optional` (the control levers), when it reads as `{}`.
 */
export async function parseBody<S extends z.ZodType>(
  c: AppContext,
  schema: S,
  { optional = false }: { optional?: boolean } = {},
): Promise<Parsed<z.output<S>>> {
  let text: string;
  try {
    text = utf8.decode(await c.req.arrayBuffer());
  } catch {
    return invalid([{ path: 'body', message: 'is not UTF-8 text' }]);
  }
  let json: unknown = {};
  if (text.trim() === '') {
    if (!optional) return invalid([{ path: 'body', message: 'must be a JSON object' }]);
  } else {
    try {
      json = JSON.parse(text);
    } catch {
      return invalid([{ path: 'body', message: 'is not valid JSON' }]);
    }
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? { ok: true, value: parsed.data } : invalid(issuesAt('', parsed.error));
}

/** Query and body of an operation with a body; the issues of both are reported together. */
export async function parseQueryAndBody<Q extends z.ZodType, B extends z.ZodType>(
  c: AppContext,
  querySchema: Q,
  bodySchema: B,
): Promise<Parsed<{ query: z.output<Q>; body: z.output<B> }>> {
  const query = parseQuery(c, querySchema);
  const body = await parseBody(c, bodySchema);
  if (query.ok && body.ok) return { ok: true, value: { query: query.value, body: body.value } };
  return invalid([...(query.ok ? [] : (query.error.details ?? [])), ...(body.ok ? [] : (body.error.details ?? []))]);
}
