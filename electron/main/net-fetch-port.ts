import { RedirectRefused } from '../core/api/redirect';

/** Electron's `net.fetch`, as the fetch port needs it (no `electron` import here, so it can be tested). */
export type NetFetch = (input: string, init?: RequestInit) => Promise<Response>;

/**
 * The exact words Electron's ClientRequest dies with when a redirect arrives under
 * `redirect: 'manual'` and nobody follows it (lib/common/api/net-client-request.ts). net.fetch
 * then rejects instead of returning the 3xx answer as Node's fetch does, and the status is lost.
 */
const REDIRECT_CANCELLED = 'Redirect was cancelled';

/**
 * The core's fetch port on Electron's network stack (system proxy and certificates apply). A
 * redirect becomes RedirectRefused, so the client names it as a redirect rather than as an
 * unreachable service; every other failure passes through unchanged.
 */
export function netFetchPort(netFetch: NetFetch): typeof globalThis.fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    try {
      return await netFetch(String(input), init);
    } catch (err) {
      if (init?.redirect === 'manual' && err instanceof Error && err.message === REDIRECT_CANCELLED) throw new RedirectRefused();
      throw err;
    }
  }) as typeof globalThis.fetch;
}
