import { describe, expect, it } from 'vitest';
import { filesThatShouldNotShip } from '../../../../scripts/package-check/shipped-files';

const file = (path: string, unpacked = false) => ({ path, size: 100, unpacked });
const app = [
  file('package.json'),
  file('out/main/index.js'),
  file('out/preload/index.cjs'),
  file('out/renderer/index.html'),
  file('out/renderer/assets/index-abc.js'),
  file('node_modules/zod/index.js'),
  file('node_modules/zod/LICENSE'),
  file('node_modules/keytar/build/Release/keytar.node', true),
];

describe('files that should not ship (scripts/package-check/shipped-files.ts)', () => {
  it('accepts main, preload, the window’s build, package.json and runtime modules with their licences', () => {
    expect(filesThatShouldNotShip(app)).toEqual([]);
  });

  it('names each kind of file that must stay out, with examples', () => {
    const problems = filesThatShouldNotShip([
      ...app,
      file('out/web/index.html'),
      file('electron/main/index.ts'),
      file('out/renderer/.vite/manifest.json'),
      file('out/main/index.js.map'),
      file('node_modules/zod/src/index.ts'),
      file('node_modules/zod/index.d.cts'),
      file('node_modules/hono/tests/a.js'),
      file('node_modules/x/lib/y.spec.js'),
      file('node_modules/zod/README.md'),
      file('node_modules/x/docs/guide.html'),
      file('node_modules/other/addon.node'),
    ]);
    expect(problems).toEqual([
      '2 file(s) is neither main, preload, the window’s build, package.json nor a runtime module of main: out/web/index.html, electron/main/index.ts',
      '1 file(s) is Vite’s build manifest (a build-time record): out/renderer/.vite/manifest.json',
      '1 file(s) is a source map: out/main/index.js.map',
      '3 file(s) is TypeScript (source or declarations): electron/main/index.ts, node_modules/zod/src/index.ts, node_modules/zod/index.d.cts',
      '2 file(s) is a test: node_modules/hono/tests/a.js, node_modules/x/lib/y.spec.js',
      '2 file(s) is documentation: node_modules/zod/README.md, node_modules/x/docs/guide.html',
      '1 file(s) is a native addon inside the archive, where the OS cannot load it (asarUnpack): node_modules/other/addon.node',
    ]);
  });
});
