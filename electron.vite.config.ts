import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import { windowOutput, windowPlugins } from './renderer/window-build.ts';

const root = import.meta.dirname;

// Builds: main (ESM; the packages in package.json's `dependencies` stay external and ship in the
// package, everything else main uses — electron-store, conf and theirs — is bundled), preload (CommonJS, fully bundled: a sandboxed preload cannot require node_modules),
// renderer (the popover UI).
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      // The history worker is an entry of its own (docs/architecture.md › The history database):
      // out/main/history-worker.js, which main starts as a worker thread beside its index.js.
      rolldownOptions: { input: { index: resolve(root, 'electron/main/index.ts'), 'history-worker': resolve(root, 'electron/main/history-worker/worker-entry.ts') } },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve(root, 'electron/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(root, 'renderer'),
    plugins: windowPlugins({ kind: 'packaged' }),
    build: {
      outDir: resolve(root, 'out/renderer'),
      // electron-vite leaves the renderer unminified by default; the popover loads it on every show.
      minify: true,
      // Names the entry chunk and its static imports: what the window loads before its first paint
      // (the renderer bench reads it; electron-builder's file list leaves it out of the package).
      manifest: true,
      rolldownOptions: { input: { index: resolve(root, 'renderer/index.html') }, output: windowOutput },
    },
  },
});
