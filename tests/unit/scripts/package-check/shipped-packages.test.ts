import { describe, expect, it } from 'vitest';
import { packageDirOf, packageUse, shippedPackages } from '../../../../scripts/package-check/shipped-packages';

const manifests: Record<string, object> = {
  'node_modules/keytar/package.json': { name: 'keytar', dependencies: { 'prebuild-install': '^7' } },
  'node_modules/prebuild-install/package.json': { name: 'prebuild-install', dependencies: { rc: '^1' } },
  'node_modules/prebuild-install/node_modules/rc/package.json': { name: 'rc' },
  'node_modules/rc/package.json': { name: 'rc' },
  'node_modules/zod/package.json': { name: 'zod' },
  'node_modules/@tanstack/react-virtual/package.json': { name: '@tanstack/react-virtual', dependencies: { '@tanstack/virtual-core': '^3' } },
  'node_modules/@tanstack/virtual-core/package.json': { name: '@tanstack/virtual-core' },
};
const files = [
  ...Object.keys(manifests).map((path) => ({ path, size: 10, unpacked: false })),
  { path: 'node_modules/keytar/lib/keytar.js', size: 90, unpacked: false },
  { path: 'node_modules/zod/index.js', size: 990, unpacked: false },
];
const packages = shippedPackages(files, (path) => JSON.stringify(manifests[path]));

describe('shipped packages and how main uses them (scripts/package-check/shipped-packages.ts)', () => {
  it('finds the package folder a file belongs to, scoped and nested ones included', () => {
    expect(packageDirOf('node_modules/zod/v4/index.js')).toBe('node_modules/zod');
    expect(packageDirOf('node_modules/@hono/node-server/dist/index.mjs')).toBe('node_modules/@hono/node-server');
    expect(packageDirOf('node_modules/a/node_modules/@b/c/x.js')).toBe('node_modules/a/node_modules/@b/c');
    expect(packageDirOf('out/main/index.js')).toBeNull();
  });

  it('counts each package’s bytes and reads its dependencies', () => {
    expect(packages.find((p) => p.name === 'zod')).toEqual({ dir: 'node_modules/zod', name: 'zod', dependencies: [], bytes: 1000 });
  });

  it('tells loaded packages from those they carry, resolving a dependency the way Node does (nested first)', () => {
    const use = packageUse(packages, new Set(['out/main/index.js', 'node_modules/keytar/lib/keytar.js', 'node_modules/zod/index.js']));
    expect(use.loaded.map((p) => p.dir)).toEqual(['node_modules/keytar', 'node_modules/zod']);
    expect(use.carried.map((p) => p.dir)).toEqual(['node_modules/prebuild-install', 'node_modules/prebuild-install/node_modules/rc']);
    // The window's library, left in `dependencies`: main never loads it, nothing main loads needs it.
    expect(use.unclaimed.map((p) => p.dir)).toEqual(['node_modules/rc', 'node_modules/@tanstack/react-virtual', 'node_modules/@tanstack/virtual-core']);
  });
});
