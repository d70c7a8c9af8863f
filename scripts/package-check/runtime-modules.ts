import { existsSync, readFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { dirname, extname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { moduleRequests, type ModuleRequest } from './module-requests';

/** What Electron itself provides to main: not a file of the package. */
const PROVIDED = new Set(['electron']);

export type RuntimeModules = {
  /** Every file main may load, relative to the app root: JS, JSON and native addons. */
  files: Set<string>;
  /** Requests that do not resolve inside the package, each with who makes it. */
  problems: string[];
  /** Requests with a specifier computed at run time, in a dependency's code: they cannot be followed. */
  computed: string[];
  /** A dependency's optional requests (inside a `try` that catches their failure) that are not in the package. */
  optionalMissing: string[];
};

/**
 * Whether `import.meta.resolve` takes a parent here: Node's `--experimental-import-meta-resolve`
 * (npm run package:check passes it). Without it the parent is ignored, and every ESM request
 * would be resolved from this file instead.
 */
export function canResolveFromParent(): boolean {
  return import.meta.resolve('./probe.js', 'file:///parent/dir/') === 'file:///parent/dir/probe.js';
}

/** The nearest package.json's "type" decides what a `.js` file is (Node's rule). */
function formatOf(file: string, root: string): 'module' | 'commonjs' {
  if (file.endsWith('.mjs')) return 'module';
  if (file.endsWith('.cjs')) return 'commonjs';
  for (let dir = dirname(file); dir.startsWith(root); dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) return (JSON.parse(readFileSync(manifest, 'utf8')) as { type?: string }).type === 'module' ? 'module' : 'commonjs';
  }
  return 'commonjs';
}

/** Resolves as Node does for that kind of request: ESM conditions for `import`, CommonJS ones for `require`. */
function resolveRequest(request: ModuleRequest & { specifier: string }, from: string): string {
  if (request.kind === 'import') return fileURLToPath(import.meta.resolve(request.specifier, pathToFileURL(from).href));
  return createRequire(from).resolve(request.specifier);
}

const isBuiltin = (specifier: string) => specifier.startsWith('node:') || builtinModules.includes(specifier.split('/')[0]!) || builtinModules.includes(specifier);

/**
 * Follows every module main can load at run time, from its bundle through the packages it names,
 * resolving each request the way Node will inside the extracted package (`root`). A request that
 * does not resolve, or resolves outside `root`, is a problem — unless a dependency makes it inside
 * a `try` that catches its failure (listed apart); so is a computed specifier in main's own bundle
 * (it could name anything).
 */
export function followRuntimeModules(root: string, entries: string | readonly string[]): RuntimeModules {
  const files = new Set<string>();
  const problems: string[] = [];
  const computed: string[] = [];
  const optionalMissing: string[] = [];
  const name = (file: string) => relative(root, file).split(sep).join('/');
  const queue = (typeof entries === 'string' ? [entries] : entries).map((entry) => join(root, entry));
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (files.has(name(file))) continue;
    files.add(name(file));
    if (!['.js', '.mjs', '.cjs'].includes(extname(file))) continue;
    let requests: ModuleRequest[];
    try {
      requests = moduleRequests(readFileSync(file, 'utf8'), formatOf(file, root));
    } catch (error) {
      problems.push(`${name(file)} could not be read as JavaScript: ${(error as Error).message}`);
      continue;
    }
    for (const request of requests) {
      if (request.specifier === null) {
        const where = `${name(file)} (offset ${request.at})`;
        if (name(file).startsWith('node_modules/')) computed.push(where);
        else problems.push(`${where} loads a module whose name is computed at run time: the package cannot be checked for it`);
        continue;
      }
      if (isBuiltin(request.specifier) || PROVIDED.has(request.specifier)) continue;
      const asked = `"${request.specifier}" (${request.kind === 'import' ? 'imported' : 'required'} by ${name(file)})`;
      let resolved: string;
      try {
        resolved = resolveRequest({ ...request, specifier: request.specifier }, file);
      } catch {
        // A dependency that can do without it says so with its try; main's own bundle must have all it asks for.
        if (request.optional && name(file).startsWith('node_modules/')) optionalMissing.push(asked);
        else problems.push(`${asked} is not in the package`);
        continue;
      }
      if (!resolved.startsWith(root + sep)) problems.push(`${asked} resolves outside the package, to ${resolved}`);
      else queue.push(resolved);
    }
  }
  return { files, problems, computed, optionalMissing };
}
