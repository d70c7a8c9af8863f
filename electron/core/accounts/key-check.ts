import type { ApiClient } from '../api/client';
import { ApiError } from '../api/error';
import { HandlerError } from '../ipc-dispatch';
import type { Logger } from '../ports';

/** `key:set` with a key the service answers 401 to: nothing is stored. */
export const KEY_REJECTED_MESSAGE = 'The service rejected this API key. Check it in your dashboard and paste it again.';

/**
 * Asks the service about a key before anything is stored: a 401 refuses it; a 403 is a valid key
 * with a narrow role. Returns false when the service could not be asked (network, timeout, 5xx,
 * 429…): the key is stored anyway and checked by the first poll.
 */
export async function checkNewKey(client: ApiClient, logger: Logger): Promise<boolean> {
  try {
    await client.getAccountInfo();
    return true;
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    if (err.kind === 'unauthorized') throw new HandlerError({ kind: 'unauthorized', message: KEY_REJECTED_MESSAGE });
    if (err.kind === 'forbidden') return true;
    // A base URL that redirects is a wrong address, not a service that is down: saving the key
    // against it would only poll the redirect. The key form is on screen to fix the URL.
    if (err.kind === 'redirected') {
      const code = err.status ? ` (${err.status})` : '';
      throw new HandlerError({ kind: 'redirected', message: `The service at ${err.host ?? 'this address'} answered with a redirect to another address${code}.` });
    }
    logger.warn('core: a new API key could not be checked yet', { kind: err.kind, status: err.status ?? null });
    return false;
  }
}
