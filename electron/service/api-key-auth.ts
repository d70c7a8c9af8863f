import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env';
import { errorResponse } from './http-errors';
import { userForKey } from './roles';
import { fail } from './service-error';
import type { ServiceHost } from './service-host';

/** Finds the caller by `X-API-KEY` (401 when it is missing or not valid) and sets `user` for the handler. */
export function apiKeyAuth(host: ServiceHost): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = c.req.header('x-api-key');
    if (key === undefined || key.trim() === '') {
      return errorResponse(c, fail('missing_api_key', 'The X-API-KEY header is missing.').error);
    }
    const user = userForKey(host.state, key);
    if (!user) return errorResponse(c, fail('invalid_api_key', 'The API key is not valid.').error);
    c.set('user', user);
    await next();
  };
}
