import { ApiError } from '../api/error';
import { toAppError } from '../error-messages';
import { HandlerError } from '../ipc-dispatch';
import type { Logger } from '../ports';

/** Runs an API call for a handler, turning failures into plain words about `action`. */
export async function apiCall<T>(logger: Logger, action: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof HandlerError) throw err;
    const appError = toAppError(err, { action });
    if (!(err instanceof ApiError)) logger.error(`core: ${action} failed`, { error: err });
    throw new HandlerError(appError);
  }
}
