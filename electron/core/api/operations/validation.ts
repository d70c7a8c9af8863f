import type { z } from 'zod';
import { formatIssues } from '../../../../shared/api/issues';
import { type DroppedItem, type GapsOf, idField, type ItemGap, parseListResponse } from '../../../../shared/api/list-validation';
import { ApiError } from '../error';
import type { Transport } from '../transport/send';

/** What the operations are built on: the transport, and who is told of every list read. */
export type OperationContext = {
  send: Transport;
  /** Told of every list read: which items came clean, which were dropped or kept with unknown members. */
  onListRead?: (read: ListRead) => void;
};

/** What a caller may pass to any operation. */
export type CallOptions = { signal?: AbortSignal };

/** The lists whose items the client validates one by one. */
export type ListSource = 'zones' | 'users' | 'plans' | 'billing';

/** One list answer as the status counts it (docs/api.md › Degrading at the smallest unit). */
export type ListRead = { source: ListSource; cleanIds: string[]; dropped: DroppedItem[]; gaps: ItemGap[] };

/** A whole answer checked against its schema; the first mismatch is an `invalid_response`. */
export function validate<S extends z.ZodType>(schema: S, body: unknown, operation: string): z.output<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw invalidResponse(parsed.error, operation);
  return parsed.data;
}

/**
 * A list answer checked item by item (docs/api.md › Degrading at the smallest unit): the envelope
 * must match, each bad item is dropped or kept with its unknown members, and the read is reported.
 */
export function validateList<S extends z.ZodObject>(
  ctx: OperationContext,
  schema: S,
  key: keyof S['shape'] & string,
  body: unknown,
  operation: string,
  read: { source: ListSource; idKey: string; gapsOf?: GapsOf<never> },
) {
  const idOf = idField(read.idKey);
  const parsed = parseListResponse(schema, key, body, idOf, read.gapsOf);
  if (!parsed.success) throw invalidResponse(parsed.error, operation);
  if (ctx.onListRead) {
    const items = (parsed.data as Record<string, unknown[]>)[key] ?? [];
    const withGaps = new Set(parsed.gaps.map((gap) => gap.id));
    const cleanIds = items.flatMap((item) => {
      const id = idOf(item);
      return id === undefined || withGaps.has(id) ? [] : [id];
    });
    ctx.onListRead({ source: read.source, cleanIds, dropped: parsed.dropped, gaps: parsed.gaps });
  }
  return parsed;
}

/** An operation's input checked before anything is sent; a bad one is an `invalid_request`, not sent. */
export function checkInput<S extends z.ZodType>(schema: S, value: unknown, operation: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const fields = formatIssues(parsed.error);
  const first = fields[0];
  throw new ApiError('invalid_request', `${operation}: ${first ? `${first.path || 'input'} ${first.message}` : 'invalid input'} (not sent)`, {
    operation,
    fields,
  });
}

function invalidResponse(error: z.ZodError, operation: string): ApiError {
  const first = formatIssues(error)[0];
  const path = first?.path ?? '';
  return new ApiError('invalid_response', `${operation}: unexpected answer at ${path || 'the top level'}${first ? ` (${first.message})` : ''}`, {
    operation,
    path,
  });
}
