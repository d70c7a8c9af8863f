// `npm run package:check` against packages built wrong on purpose (docs/desktop.md › Packaging ›
// The package check): each time it must fail, and say what is wrong. The right package is checked
// by the `package` step of `npm test` itself; needs `npm run build` first.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

type Run = { code: number | null; stdout: string; stderr: string };

/** The check with more electron-builder configuration merged over electron-builder.ts. */
function checkWith(overrides: object): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'package:check', '--', '--with', JSON.stringify(overrides)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const problemsOf = (run: Run) => run.stderr.split('\n').filter((line) => line.startsWith('package: PROBLEM '));

describe('npm run package:check', () => {
  it('fails when a module main loads at run time is left out of the package', async () => {
    const run = await checkWith({ files: ['!node_modules/hono/**'] });
    expect(run.code).toBe(1);
    expect(problemsOf(run)).toContain('package: PROBLEM "hono" (imported by out/main/index.js) is not in the package');
    // Every importer is named, not only main's bundle: @hono/node-server asks for hono too.
    expect(problemsOf(run)).toContain('package: PROBLEM "hono/ws" (imported by node_modules/@hono/node-server/dist/index.mjs) is not in the package');
    // And main, loaded from the package under the Electron double, does not start.
    expect(problemsOf(run).some((line) => line.startsWith("package: PROBLEM the packaged main failed: Error [ERR_MODULE_NOT_FOUND]: Cannot find package 'hono'"))).toBe(true);
  });

  it('fails when electron-updater, which main requires only in a copy that updates itself, is left out', async () => {
    const run = await checkWith({ files: ['!node_modules/electron-updater/**'] });
    expect(run.code).toBe(1);
    expect(problemsOf(run)).toContain('package: PROBLEM "electron-updater" (required by out/main/index.js) is not in the package');
    // What only electron-updater needed still ships, now needed by nothing main loads.
    expect(problemsOf(run)).toContain('package: PROBLEM builder-util-runtime ships (0.05 MiB) but main never loads it and nothing main loads depends on it: it belongs in devDependencies');
    // Installed as an AppImage, that package still starts and draws its tray, and says why it cannot update itself.
    expect(problemsOf(run).filter((line) => line.includes('the packaged main'))).toEqual([
      'package: PROBLEM the packaged main, installed as an AppImage, could not update itself: Error: unavailable: Zonewatch could not load its updater, so this copy cannot update itself: install the newest release from the project’s releases.',
    ]);
  });

  it('fails when the package carries no update configuration, or one naming another repository', async () => {
    const none = await checkWith({ publish: null });
    expect(none.code).toBe(1);
    expect(problemsOf(none)).toEqual(['package: PROBLEM resources/app-update.yml is missing: an installed copy would not know where to look for updates']);
    // An object is merged over the first publish target, as electron-builder merges its `config` option.
    const elsewhere = await checkWith({ publish: { owner: 'someone-else' } });
    expect(elsewhere.code).toBe(1);
    expect(problemsOf(elsewhere)).toEqual([
      'package: PROBLEM resources/app-update.yml has owner "someone-else", not electron-builder.ts\'s "zonewatch": installed copies would look for updates elsewhere',
    ]);
  });

  it('fails when the fuses are not applied to the binary, naming each one left at Electron’s default', async () => {
    const run = await checkWith({ electronFuses: null });
    expect(run.code).toBe(1);
    expect(problemsOf(run)).toEqual([
      'package: PROBLEM fuse RunAsNode is on in the packaged binary; electron-builder.ts wants it off',
      'package: PROBLEM fuse EnableCookieEncryption is off in the packaged binary; electron-builder.ts wants it on',
      'package: PROBLEM fuse EnableNodeOptionsEnvironmentVariable is on in the packaged binary; electron-builder.ts wants it off',
      'package: PROBLEM fuse EnableNodeCliInspectArguments is on in the packaged binary; electron-builder.ts wants it off',
      'package: PROBLEM fuse EnableEmbeddedAsarIntegrityValidation is off in the packaged binary; electron-builder.ts wants it on',
      'package: PROBLEM fuse OnlyLoadAppFromAsar is off in the packaged binary; electron-builder.ts wants it on',
    ]);
  });

  it('fails when one fuse is flipped otherwise than electron-builder.ts says', async () => {
    const run = await checkWith({ electronFuses: { runAsNode: true } });
    expect(run.code).toBe(1);
    expect(problemsOf(run)).toEqual(['package: PROBLEM fuse RunAsNode is on in the packaged binary; electron-builder.ts wants it off']);
  });

  it('fails when the native addons (keytar’s, better-sqlite3’s) are packed inside the archive', async () => {
    // electron-builder unpacks native addons by itself unless smartUnpack is off.
    const run = await checkWith({ asarUnpack: null, asar: { smartUnpack: false } });
    expect(run.code).toBe(1);
    expect(problemsOf(run)).toEqual([
      'package: PROBLEM 2 file(s) is a native addon inside the archive, where the OS cannot load it (asarUnpack): node_modules/better-sqlite3/build/Release/better_sqlite3.node, node_modules/keytar/build/Release/keytar.node',
      'package: PROBLEM node_modules/keytar/build/Release/keytar.node is not in app.asar.unpacked: the OS cannot load a native addon from inside the archive',
      'package: PROBLEM node_modules/better-sqlite3/build/Release/better_sqlite3.node is not in app.asar.unpacked: the OS cannot load a native addon from inside the archive',
    ]);
  });

  it('fails when the package holds the app’s sources or Vite’s manifest', async () => {
    const run = await checkWith({ files: ['out/renderer/.vite/**', 'shared/**'] });
    expect(run.code).toBe(1);
    expect(problemsOf(run)).toEqual([
      expect.stringMatching(/^package: PROBLEM \d+ file\(s\) is neither main, preload, the window’s build, package.json nor a runtime module of main: shared\//),
      'package: PROBLEM 1 file(s) is Vite’s build manifest (a build-time record): out/renderer/.vite/manifest.json',
      expect.stringMatching(/^package: PROBLEM \d+ file\(s\) is TypeScript \(source or declarations\): shared\//),
    ]);
  });
});
