import react from '@vitejs/plugin-react';
import type { Plugin, PluginOption } from 'vite';
import { cspMetaContent, type PageHost } from '../shared/content-security-policy.ts';

/**
 * What both builds of the window share: the Electron renderer (electron.vite.config.ts) and the
 * browser shell's web build (renderer/vite.web.config.ts) differ only in where the page is served.
 */
export function windowPlugins(host: Exclude<PageHost, { kind: 'dev' }>): PluginOption[] {
  return [react(), cspMetaPlugin(host)];
}

/**
 * Modules run in source order even when code splitting puts them in different chunks: without
 * it, the schemas' chunk ran before renderer/src/zod-config.ts had turned zod's eval probe off,
 * and the page broke its own CSP (docs/desktop.md › Packaging › What the window loads first).
 */
export const windowOutput = { strictExecutionOrder: true } as const;

/**
 * Writes the window's CSP into the built index.html as its first head element, from the one policy
 * source (shared/content-security-policy.ts), so it precedes every script and stylesheet Vite adds.
 * Builds only: under the dev server main's header carries the dev policy.
 */
function cspMetaPlugin(host: PageHost): Plugin {
  return {
    name: 'zonewatch-csp-meta',
    apply: 'build',
    transformIndexHtml: () => [{ tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: cspMetaContent(host) }, injectTo: 'head-prepend' }],
  };
}
