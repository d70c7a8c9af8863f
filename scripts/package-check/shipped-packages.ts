import type { ArchiveFile } from './asar-listing';

/** A package in the archive's node_modules: its folder, and the dependencies its package.json names. */
export type ShippedPackage = { dir: string; name: string; dependencies: string[]; bytes: number };

/** The innermost package folder holding a path: `node_modules/a/node_modules/@b/c/x.js` → `node_modules/a/node_modules/@b/c`. */
export function packageDirOf(path: string): string | null {
  const parts = path.split('/');
  let dir: string | null = null;
  for (let i = 0; i < parts.length - 1; i++) {
    if (parts[i] !== 'node_modules') continue;
    const scoped = parts[i + 1]?.startsWith('@');
    const end = scoped ? i + 3 : i + 2;
    if (end < parts.length) dir = parts.slice(0, end).join('/');
  }
  return dir;
}

/** Where Node finds `name` from inside package folder `from`: its own node_modules, then each one further up. */
function findFrom(from: string, name: string, dirs: Set<string>): string | null {
  for (let base = from; ; ) {
    const candidate = `${base}/node_modules/${name}`;
    if (dirs.has(candidate)) return candidate;
    const up = base.lastIndexOf('/node_modules/');
    if (up < 0) return dirs.has(`node_modules/${name}`) ? `node_modules/${name}` : null;
    base = base.slice(0, up);
  }
}

export type PackageUse = {
  loaded: ShippedPackage[];
  /** Never loaded, but a dependency (at any depth) of a package main loads: it ships with that package. */
  carried: ShippedPackage[];
  /** Neither loaded nor carried: nothing in the app can reach it, so it should not ship. */
  unclaimed: ShippedPackage[];
};

/**
 * Sorts the shipped packages by how the app uses them, from the files main loads at run time
 * (runtime-modules.ts). A package only the window's bundle used, left in `dependencies`, is unclaimed.
 */
export function packageUse(packages: ShippedPackage[], loadedFiles: Set<string>): PackageUse {
  const dirs = new Set(packages.map((p) => p.dir));
  const byDir = new Map(packages.map((p) => [p.dir, p]));
  const loadedDirs = new Set([...loadedFiles].map(packageDirOf).filter((dir): dir is string => dir !== null && dirs.has(dir)));
  const reached = new Set(loadedDirs);
  const queue = [...loadedDirs];
  while (queue.length > 0) {
    const pkg = byDir.get(queue.shift()!)!;
    for (const dependency of pkg.dependencies) {
      const dir = findFrom(pkg.dir, dependency, dirs);
      if (dir && !reached.has(dir)) {
        reached.add(dir);
        queue.push(dir);
      }
    }
  }
  return {
    loaded: packages.filter((p) => loadedDirs.has(p.dir)),
    carried: packages.filter((p) => reached.has(p.dir) && !loadedDirs.has(p.dir)),
    unclaimed: packages.filter((p) => !reached.has(p.dir)),
  };
}

/** The packages in the archive's listing, given a way to read a file of it (their package.json). */
export function shippedPackages(files: ArchiveFile[], read: (path: string) => string): ShippedPackage[] {
  const bytes = new Map<string, number>();
  for (const file of files) {
    const dir = packageDirOf(file.path);
    if (dir) bytes.set(dir, (bytes.get(dir) ?? 0) + file.size);
  }
  return [...bytes.keys()]
    .filter((dir) => files.some((file) => file.path === `${dir}/package.json`))
    .map((dir) => {
      const manifest = JSON.parse(read(`${dir}/package.json`)) as { name?: string; dependencies?: Record<string, string>; optionalDependencies?: Record<string, string> };
      return {
        dir,
        name: manifest.name ?? dir.slice(dir.lastIndexOf('node_modules/') + 'node_modules/'.length),
        dependencies: Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies }),
        bytes: bytes.get(dir)!,
      };
    });
}
