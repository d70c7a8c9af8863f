import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCircles, relativeImports, walk } from './source-graph';

const root = resolve(import.meta.dirname, '../../..');
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
