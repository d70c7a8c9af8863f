import { existsSync, mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { electronExecutable, electronStartProblem, fallbackNotice, installElectron } from '../../../scripts/electron-availability.mjs';

const dirs: string[] = [];
function electronPackage(installScript?: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'zw-electron-pkg-'));
  dirs.push(dir);
  if (installScript !== undefined) writeFileSync(join(dir, 'install.js'), installScript);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('electronExecutable: read the way node_modules/electron/index.js reads it', () => {
  it('is null before Electron’s installer has written path.txt', () => {
    expect(electronExecutable(electronPackage(), {})).toBeNull();
  });
  it('is dist/<path.txt>, or inside ELECTRON_OVERRIDE_DIST_PATH when set', () => {
    const dir = electronPackage();
    writeFileSync(join(dir, 'path.txt'), 'electron');
    expect(electronExecutable(dir, {})).toBe(join(dir, 'dist', 'electron'));
    expect(electronExecutable(dir, { ELECTRON_OVERRIDE_DIST_PATH: '/opt/electron' })).toBe('/opt/electron/electron');
  });
});

describe('installElectron: bounded and honest', () => {
  it('does not try when ELECTRON_SKIP_BINARY_DOWNLOAD is set', () => {
    const dir = electronPackage("require('fs').writeFileSync(__dirname + '/tried', '1')");
    expect(installElectron(dir, { ELECTRON_SKIP_BINARY_DOWNLOAD: '1' }, 5000)).toMatch(/ELECTRON_SKIP_BINARY_DOWNLOAD is set/);
    expect(existsSync(join(dir, 'tried'))).toBe(false);
  });
  it('gives up on a download that hangs once its time is up', () => {
    const dir = electronPackage('setTimeout(() => {}, 60_000);');
    const started = Date.now();
    expect(installElectron(dir, {}, 500)).toMatch(/did not finish within/);
    expect(Date.now() - started).toBeLessThan(30_000);
  });
  it('says why a download failed, from the installer’s first line of error', () => {
    const dir = electronPackage("console.error('TypeError: fetch failed\\n    at x'); process.exit(1);");
    expect(installElectron(dir, {}, 10_000)).toBe('its download failed (TypeError: fetch failed)');
  });
  it('reports success when the installer succeeds', () => {
    const dir = electronPackage('process.exit(0);');
    expect(installElectron(dir, {}, 10_000)).toBeNull();
  });
});

describe('electronStartProblem and the notice', () => {
  it('on Linux without a display says so without running anything', () => {
    expect(electronStartProblem('/nonexistent/electron', {}, 'linux')).toMatch(/no display/);
  });
  it('an executable that cannot start is named as the problem', () => {
    const dir = electronPackage();
    mkdirSync(join(dir, 'dist'));
    expect(electronStartProblem(join(dir, 'dist', 'electron'), { DISPLAY: ':99' }, 'linux')).toMatch(/did not start/);
  });
  it('is one paragraph with the reason and the ways out', () => {
    const text = fallbackNotice('there is no display');
    expect(text).not.toContain('\n');
    expect(text).toContain('(there is no display)');
    expect(text).toMatch(/browser/);
    expect(text).toMatch(/ELECTRON_MIRROR/);
    expect(text).toMatch(/ELECTRON_OVERRIDE_DIST_PATH/);
  });
});
