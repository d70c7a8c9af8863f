import { defineConfig } from 'vite';
import { windowOutput, windowPlugins } from './window-build.ts';

const here = (path: string) => decodeURIComponent(new URL(path, import.meta.url).pathname);

/**
 * The renderer's "web" build (browser preview, e2e, screenshots, benchmarks): the same app, whose
 * entry installs a `window.zonewatch` over the test bridge's WebSocket (renderer/src/web). Its CSP
 * lets the page connect to its own origin only ('self': the bridge that serves it).
 */
export default defineConfig({
  mode: 'web',
  root: here('.'),
  base: '/',
  plugins: windowPlugins({ kind: 'bridge' }),
  logLevel: 'warn',
  build: {
    outDir: here('../out/web'),
    emptyOutDir: true,
    reportCompressedSize: false,
    rolldownOptions: { output: windowOutput },
  },
});
