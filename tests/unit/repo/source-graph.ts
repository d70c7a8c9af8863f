import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const SOURCE = /\.(ts|tsx|mts|mjs|js|cjs)$/;

/** Every source file under `dir`, node_modules and dot folders left out. */
export function walk(dir: string): string[] {
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
