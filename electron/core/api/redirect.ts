/**
 * Thrown by a host's fetch port that cannot hand back a 3xx answer under `redirect: 'manual'`.
 * Electron's `net.fetch` is one: it rejects with "Redirect was cancelled" instead of returning
 * the response (lib/common/api/net-client-request.ts › 'redirect' handler), so the Electron port
 * turns that into this error and the client still names the redirect as a redirect.
 */
export class RedirectRefused extends Error {
  override readonly name = 'RedirectRefused';
  constructor(
    /** The 3xx status, when the host knows it. */
    readonly status?: number,
  ) {
    super('the service answered with a redirect, which is not followed');
  }
}

/**
 * Whether an answer fetched with `redirect: 'manual'` is a redirect: a 3xx from Node's fetch
 * (undici returns the response itself), or the body-less `opaqueredirect` a browser fetch gives.
 * 304 is no redirect, and the client never sends a conditional request that could earn one.
 */
export function isRedirect(response: Response): boolean {
  return response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400 && response.status !== 304);
}
