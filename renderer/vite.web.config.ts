import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = (path: string) => decodeURIComponent(new URL(path, import.meta.url).pathname);

/**
 * The renderer's "web" build (browser preview, e2e, screenshots, benchmarks): the same app, whose
 * entry installs a `window.zonewatch` over the test bridge's WebSocket (renderer/src/web). The
 * bridge serves it and widens the page's CSP `connect-src` to its own socket only.
 */
export default defineConfig({
  mode: 'web',
  root: here('.'),
  base: '/',
  plugins: [react()],
  logLevel: 'warn',
  build: {
    outDir: here('../out/web'),
    emptyOutDir: true,
    reportCompressedSize: false,
  },
});
