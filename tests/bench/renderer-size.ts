// What the window loads before its first paint, against a page built with the same libraries
// (docs/desktop.md › Packaging › What the window loads first). Used by renderer.bench.ts.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build as buildApp } from 'electron-vite';
import type { Plugin } from 'vite';
import { build as buildPage } from 'vite';

/** Libraries only a view after the first needs: the first load must not hold them. */
const LATER_LIBRARIES = { uPlot: '/node_modules/uplot/', 'react-virtual': '/node_modules/@tanstack/' };

type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

/** The entry chunk and every chunk it imports statically, transitively: what loads before the first paint. */
export function firstLoadFiles(manifest: Manifest): string[] {
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  if (entries.length !== 1) throw new Error(`expected one entry in the manifest, found ${entries.length}`);
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest names ${key} but has no entry for it`);
    seen.add(key);
    for (const next of chunk.imports ?? []) visit(next);
  };
  visit(entries[0]![0]);
  return [...seen].map((key) => manifest[key]!.file);
}

const gzipped = async (file: string) => gzipSync(await readFile(file), { level: 9 }).length;

async function gzippedJs(dir: string, files?: string[]): Promise<number> {
  const names = files ?? (await readdir(join(dir, 'assets'))).filter((f) => f.endsWith('.js')).map((f) => `assets/${f}`);
  let total = 0;
  for (const name of names) total += await gzipped(join(dir, name));
  return total;
}

export type RendererSize = { firstLoadBytes: number; allBytes: number; firstLoadLibraries: string[] };

/**
 * Builds the app as `npm run build` does (out/), recording which modules went into which chunk of
 * the window, and measures the window's JS gzipped: its first load (from Vite's manifest) and all of it.
 */
export async function measureRenderer(): Promise<RendererSize> {
  const modulesByChunk = new Map<string, string[]>();
  const recordChunks: Plugin = {
    name: 'bench-record-chunks',
    generateBundle(_options, bundle) {
      if (this.environment.name !== 'client') return;
      for (const item of Object.values(bundle)) if (item.type === 'chunk') modulesByChunk.set(item.fileName, item.moduleIds);
    },
  };
  await buildApp({ configFile: resolve('electron.vite.config.ts'), logLevel: 'warn', plugins: [recordChunks] });
  const dir = resolve('out/renderer');
  const manifest = JSON.parse(await readFile(join(dir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const firstLoad = firstLoadFiles(manifest);
  const firstLoadModules = firstLoad.flatMap((file) => modulesByChunk.get(file) ?? []);
  return {
    firstLoadBytes: await gzippedJs(dir, firstLoad),
    allBytes: await gzippedJs(dir),
    firstLoadLibraries: Object.entries(LATER_LIBRARIES)
      .filter(([, path]) => firstLoadModules.some((id) => id.replaceAll('\\', '/').includes(path)))
      .map(([name]) => name),
  };
}

/** Builds tests/bench/same-libraries-page in one chunk, minified as the window is, and measures its JS gzipped. */
export async function measureSameLibrariesPage(): Promise<number> {
  const outDir = await mkdtemp(join(tmpdir(), 'zw-same-libraries-'));
  try {
    await buildPage({
      root: resolve('tests/bench/same-libraries-page'),
      configFile: false,
      logLevel: 'warn',
      plugins: [react()],
      build: { outDir, emptyOutDir: true, minify: true, reportCompressedSize: false },
    });
    return await gzippedJs(outDir);
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}
