/**
 * The window's Content Security Policy, in one place (docs/architecture.md › Security › Content
 * Security Policy). The build writes it into index.html as a meta tag, main sends it as a response
 * header, and the browser shell sends it with the page: each reads it from here.
 */

/** Where the window's page comes from; it decides what the page may load and connect to. */
export type PageHost =
  /** Electron, the built page from disk (file://): nothing on the network. */
  | { kind: 'packaged' }
  /** The browser shell: page and WebSocket share one loopback origin, so `'self'` covers both. */
  | { kind: 'bridge' }
  /** `electron-vite dev`: the dev server's scripts, its inline React-refresh preamble, its HMR socket. */
  | { kind: 'dev'; origin: string };

type Directive = readonly [name: string, sources: readonly string[]];

/** Browsers ignore these in a meta tag (CSP 3 › Delivery via meta): they go in the header only. */
const HEADER_ONLY = new Set(['frame-ancestors']);

function directives(host: PageHost): Directive[] {
  // Under the dev server 'self' is that server; its HMR socket is named, its preamble is inline.
  const devInline = host.kind === 'dev' ? ["'unsafe-inline'"] : [];
  const connect = host.kind === 'packaged' ? ["'none'"] : host.kind === 'bridge' ? ["'self'"] : ["'self'", host.origin.replace(/^http/, 'ws')];
  return [
    ['default-src', ["'none'"]],
    ['script-src', ["'self'", ...devInline]],
    // Every stylesheet is a file of the build, those of views loaded on demand included.
    ['style-src', ["'self'", ...devInline]],
    ['img-src', ["'self'", 'data:', 'https:']],
    ['connect-src', connect],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
  ];
}

const serialize = (list: Directive[]) => list.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');

/** The policy as a response header: every directive. */
export function cspHeader(host: PageHost): string {
  return serialize(directives(host));
}

/** The policy as index.html's meta tag carries it: every directive a meta tag can hold. */
export function cspMetaContent(host: PageHost): string {
  return serialize(directives(host).filter(([name]) => !HEADER_ONLY.has(name)));
}
