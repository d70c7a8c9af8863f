import { z } from 'zod';
import { formatIssues } from '../../shared/api/issues';
import { AppError } from '../../shared/app-error';
import { ipc, type Channel, type ChannelArgs, type ChannelOutput, type Result } from '../../shared/ipc';

/** The core's implementation of every channel; Electron's ipcMain and the browser bridge serve it. */
export type HandlerTable = { [C in Channel]: (args: ChannelArgs<C>) => Promise<ChannelOutput<C>> };

/** Thrown by handlers for failures the user should read as they are. */
export class HandlerError extends Error {
  constructor(readonly appError: AppError) {
    super(appError.message);
  }
}

export function isChannel(value: unknown): value is Channel {
  return typeof value === 'string' && Object.hasOwn(ipc, value);
}

/**
 * Validates the raw argument against the contract, runs the handler and wraps the outcome in the
 * result envelope. Never throws: an unknown channel, a bad argument or a failing handler each
 * become `{ ok: false, error }` with plain words.
 */
export async function dispatch(
  handlers: HandlerTable,
  channel: unknown,
  rawInput: unknown,
  toAppError: (err: unknown) => AppError,
): Promise<Result<unknown>> {
  if (!isChannel(channel)) {
    return { ok: false, error: { kind: 'invalid_argument', message: 'Unknown request.' } };
  }
  const parsed = (ipc[channel].input as z.ZodType).safeParse(rawInput);
  if (!parsed.success) {
    const fields = formatIssues(parsed.error);
    const first = fields[0];
    return {
      ok: false,
      error: {
        kind: 'invalid_argument',
        message: first ? `Invalid ${first.path || 'argument'}: ${first.message}.` : 'Invalid argument.',
        fields,
      },
    };
  }
  try {
    const handler = handlers[channel] as (args: unknown) => Promise<unknown>;
    const value = await handler(parsed.data);
    return { ok: true, value };
  } catch (err) {
    return { ok: false, error: err instanceof HandlerError ? err.appError : toAppError(err) };
  }
}
