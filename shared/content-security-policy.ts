import type { RendererLocation } from './renderer-origin';

/**
 * DESIGN.md › CSP. The packaged app: `default-src 'self'; img-src 'self' data: https:;
 * connect-src 'none'`, plus directives that close what `default-src` does not cover (plugins,
 * `<base>`, framing, form targets). Under the dev server, script and connect widen to that server
 * and its HMR socket, and inline scripts are allowed because Vite's React refresh preamble is one.
 */
export function contentSecurityPolicy(location: RendererLocation): string {
  const hardening = ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "form-action 'none'"];
  if (location.kind === 'file') {
    return ["default-src 'self'", "img-src 'self' data: https:", "connect-src 'none'", ...hardening].join('; ');
  }
  const origin = location.origin;
  const socket = origin.replace(/^http/, 'ws');
  return [
    `default-src 'self' ${origin}`,
    `script-src 'self' 'unsafe-inline' ${origin}`,
    `style-src 'self' 'unsafe-inline' ${origin}`,
    `img-src 'self' data: https: ${origin}`,
    `connect-src 'self' ${origin} ${socket}`,
    ...hardening,
  ].join('; ');
}
