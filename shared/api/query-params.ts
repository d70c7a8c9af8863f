import { z } from 'zod';

/**
 * Raw URL query values arrive as strings. These pieces turn them into the typed values that the
 * typed query schemas (e.g. `UsersQuery`) hold, so a server parses `…Params` schemas and gets the
 * same output type that a client builds from the typed schema with `toSearchParams`.
 */

/** Only the exact words `true` and `false`: `1`, `yes` or `TRUE` are refused, not guessed at. */
export const QueryBoolean = z.stringbool({
  truthy: ['true'],
  falsy: ['false'],
  case: 'sensitive',
  error: 'must be true or false',
});

/** Digits only (no sign, exponent, blanks or fraction), then checked by the typed schema. */
export function queryInt<T extends z.ZodType<number, number>>(typed: T) {
  return z
    .string()
    .regex(/^[0-9]+$/, { error: 'must be a whole number' })
    .transform(Number)
    .pipe(typed);
}

/** A comma-separated list, e.g. users list `role=admin,billing_admin` (docs/api.md › Query parameters). */
export function queryList<T extends z.ZodType<unknown[], string[]>>(typed: T) {
  return z
    .string()
    .transform((value) => value.split(','))
    .pipe(typed);
}

export type QueryValue = string | number | boolean | readonly string[] | null | undefined;

/**
 * Builds the query string of a request from typed values: booleans as `true`/`false`, lists
 * comma-joined, absent (`undefined`/`null`) values left out.
 */
export function toSearchParams(values: Readonly<Record<string, QueryValue>>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  return params;
}
