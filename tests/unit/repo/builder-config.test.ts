import { describe, expect, it } from 'vitest';
import config, { electronFuses } from '../../../electron-builder';

describe('electron-builder.ts (docs/desktop.md › Packaging)', () => {
  it('flips each fuse as Electron’s security guide recommends', () => {
    expect(config.electronFuses).toBe(electronFuses);
    expect(electronFuses.runAsNode).toBe(false);
    expect(electronFuses.enableNodeOptionsEnvironmentVariable).toBe(false);
    expect(electronFuses.enableNodeCliInspectArguments).toBe(false);
    expect(electronFuses.enableCookieEncryption).toBe(true);
    expect(electronFuses.enableEmbeddedAsarIntegrityValidation).toBe(true);
    expect(electronFuses.onlyLoadAppFromAsar).toBe(true);
    expect(electronFuses.loadBrowserProcessSpecificV8Snapshot).toBe(false);
    // On while the window's module scripts load from file:// (docs/desktop.md › Packaging › Fuses).
    expect(electronFuses.grantFileProtocolExtraPrivileges).toBe(true);
  });

  it('packs only main, preload and the window’s build, and unpacks native addons', () => {
    expect(config.files).toEqual(expect.arrayContaining(['out/main/**', 'out/preload/**', 'out/renderer/**', '!out/renderer/.vite/**', '!**/*.map']));
    expect(config.files).not.toContain('out/**');
    expect(config.asarUnpack).toEqual(['**/*.node']);
  });
});
