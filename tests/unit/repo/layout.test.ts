import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
const SOURCE = /\.(ts|tsx|mts|mjs|js|cjs)$/;

function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) return [];
    const full = join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : SOURCE.test(entry.name) ? [full] : [];
  });
}

/** The relative imports of a source file, resolved to files (type-only imports included: they are still a dependency a reader follows). */
export function relativeImports(file: string, source: string): string[] {
  const specs = [...source.matchAll(/(?:\bfrom|\bimport|\bexport\s+\*\s+from)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) => m[1]!);
  return specs.flatMap((spec) => {
    const base = resolve(dirname(file), spec);
    const found = ['', '.ts', '.tsx', '.mts', '.mjs', '.js', '/index.ts'].map((ext) => base + ext).find((path) => existsSync(path) && statSync(path).isFile());
    return found ? [found] : [];
  });
}

/** Every import circle among `files`, each as the list of files on it (Tarjan's strongly connected components). */
export function importCircles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) circles.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return circles;
}

const sourceFiles = ['electron', 'shared', 'renderer', 'scripts', 'tests'].flatMap((folder) => walk(join(root, folder)));
const graph = new Map(sourceFiles.map((file) => [file, relativeImports(file, readFileSync(file, 'utf8'))]));
const rel = (file: string) => relative(root, file);

describe('the repository layout', () => {
  it('keeps every folder under electron/core to at most 12 source files of its own', () => {
    const crowded: string[] = [];
    const check = (dir: string) => {
      const entries = readdirSync(dir, { withFileTypes: true });
      const own = entries.filter((entry) => entry.isFile() && entry.name.endsWith('.ts')).length;
      if (own > 12) crowded.push(`${rel(dir)} (${own})`);
      for (const entry of entries) if (entry.isDirectory()) check(join(dir, entry.name));
    };
    check(join(root, 'electron/core'));
    expect(crowded).toEqual([]);
  });

  it('imports nothing from tests/ in scripts/, electron/ or renderer/', () => {
    const testsDir = join(root, 'tests') + '/';
    const offenders = [...graph]
      .filter(([file]) => !file.startsWith(testsDir))
      .flatMap(([file, imports]) => imports.filter((target) => target.startsWith(testsDir)).map((target) => `${rel(file)} → ${rel(target)}`));
    expect(sourceFiles.length).toBeGreaterThan(300);
    expect(offenders).toEqual([]);
  });

  it('has no import circle anywhere', () => {
    expect(importCircles(graph).map((circle) => circle.map(rel))).toEqual([]);
  });

  it('finds a circle when there is one', () => {
    const sample = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
      ['e', ['e']],
    ]);
    expect(importCircles(sample)).toEqual([['a', 'b', 'c'], ['e']]);
    expect(relativeImports(join(root, 'electron/service/http-app.ts'), "import type { AppEnv } from './app-env';")).toEqual([
      join(root, 'electron/service/app-env.ts'),
    ]);
  });
});
