import { z } from 'zod';
import { type FieldIssue, formatIssues } from './issues';

/** An item left out of a list, and why. `path` is relative to the item (e.g. `cost.tax_cents`). */
export type DroppedItem = {
  index: number;
  id?: string;
  path: string;
  message: string;
  /** Every problem found in the item; `path`/`message` repeat the first. */
  issues: FieldIssue[];
};

/** A member of a kept item that reads as unknown (absent where it should be, or malformed). */
export type ItemGap = { index: number; id?: string; path: string; message: string };

/** The unknown members of one kept item, from its raw value and what the schema made of it. */
export type GapsOf<T> = (raw: unknown, item: T) => { path: string; message: string }[];

export type ListValidation<T> = { items: T[]; dropped: DroppedItem[]; gaps: ItemGap[] };

/** Reads an item's identity from the raw value, for reports about items that failed to parse. */
export type IdOf = (raw: unknown) => string | undefined;

/** An `IdOf` that reads one string or number field, e.g. `idField('zone_id')`. */
export function idField(field: string): IdOf {
  return (raw) => {
    if (typeof raw !== 'object' || raw === null) return undefined;
    const value: unknown = (raw as Record<string, unknown>)[field];
    return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
  };
}

/**
 * Validates a list item by item, so one malformed zone, user or billing entry is dropped and
 * reported instead of voiding everything else the service returned. `gapsOf` names the members
 * of a kept item that the schema let through as unknown.
 */
export function validateList<S extends z.ZodType>(
  schema: S,
  input: readonly unknown[],
  idOf?: IdOf,
  gapsOf?: GapsOf<z.output<S>>,
): ListValidation<z.output<S>> {
  const items: z.output<S>[] = [];
  const dropped: DroppedItem[] = [];
  const gaps: ItemGap[] = [];
  input.forEach((raw, index) => {
    const result = schema.safeParse(raw);
    if (result.success) {
      items.push(result.data);
      const id = idOf?.(raw);
      for (const gap of gapsOf?.(raw, result.data) ?? []) gaps.push({ index, ...(id === undefined ? {} : { id }), ...gap });
      return;
    }
    const issues = formatIssues(result.error);
    const first = issues[0] ?? { path: '', message: 'is invalid' };
    const id = idOf?.(raw);
    dropped.push({
      index,
      ...(id === undefined ? {} : { id }),
      path: first.path,
      message: first.message,
      issues,
    });
  });
  return { items, dropped, gaps };
}

export type ListResponseResult<T> =
  | { success: true; data: T; dropped: DroppedItem[]; gaps: ItemGap[] }
  | { success: false; error: z.ZodError };

/** Built once per schema and key: zod compiles a schema on its first parse, so a new one per call is slow. */
const envelopes = new WeakMap<z.ZodObject, Map<string, z.ZodObject>>();

/** `schema` with its `key` list taken as unchecked items, validated one by one after. */
function listEnvelope(schema: z.ZodObject, key: string): z.ZodObject {
  let byKey = envelopes.get(schema);
  if (!byKey) envelopes.set(schema, (byKey = new Map()));
  let envelope = byKey.get(key);
  if (!envelope) byKey.set(key, (envelope = schema.extend({ [key]: z.array(z.unknown()) })));
  return envelope;
}

/**
 * Parses a response whose `key` member is a list: the rest of the body must be valid, while the
 * list keeps its valid items and reports the others, e.g.
 * `parseListResponse(GetZonesResponse, 'zones', body, idField('zone_id'))`.
 */
export function parseListResponse<S extends z.ZodObject>(
  schema: S,
  key: keyof S['shape'] & string,
  body: unknown,
  idOf?: IdOf,
  gapsOf?: GapsOf<never>,
): ListResponseResult<z.output<S>> {
  const list: unknown = schema.shape[key];
  if (!(list instanceof z.ZodArray)) throw new TypeError(`${key} is not a list member of the schema`);
  const envelope = listEnvelope(schema, key);
  const parsed = envelope.safeParse(body);
  if (!parsed.success) return { success: false, error: parsed.error };
  const raw = (parsed.data as Record<string, unknown[]>)[key] ?? [];
  const { items, dropped, gaps } = validateList(list.element as z.ZodType, raw, idOf, gapsOf as GapsOf<unknown> | undefined);
  return { success: true, data: { ...parsed.data, [key]: items } as z.output<S>, dropped, gaps };
}
