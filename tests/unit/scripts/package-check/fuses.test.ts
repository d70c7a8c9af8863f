import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { flipFuses, FuseV1Options, FuseVersion } from '@electron/fuses';
import { afterEach, describe, expect, it } from 'vitest';
import { electronFuses } from '../../../../electron-builder';
import { fuseProblems, readFuses } from '../../../../scripts/package-check/fuses';
import { writeStandInElectron } from '../../../../scripts/package-check/stand-in-electron';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});
async function standIn(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'zw-fuses-'));
  dirs.push(dir);
  return join(await writeStandInElectron(dir), 'electron');
}

describe('the stand-in Electron’s fuse wire and reading it back (scripts/package-check)', () => {
  it('starts at Electron’s defaults, as @electron/fuses reads them', async () => {
    const readings = await readFuses(await standIn(), electronFuses);
    expect(Object.fromEntries(readings.map((r) => [r.fuse, r.found]))).toEqual({
      RunAsNode: 'on',
      EnableCookieEncryption: 'off',
      EnableNodeOptionsEnvironmentVariable: 'on',
      EnableNodeCliInspectArguments: 'on',
      EnableEmbeddedAsarIntegrityValidation: 'off',
      OnlyLoadAppFromAsar: 'off',
      LoadBrowserProcessSpecificV8Snapshot: 'off',
      GrantFileProtocolExtraPrivileges: 'on',
    });
  });

  it('reads back what @electron/fuses flipped, and names each fuse left unflipped', async () => {
    const binary = await standIn();
    // As electron-builder does for electron-builder.ts, but leaving RunAsNode at Electron's default.
    await flipFuses(binary, {
      version: FuseVersion.V1,
      [FuseV1Options.EnableCookieEncryption]: true,
      [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
      [FuseV1Options.EnableNodeCliInspectArguments]: false,
      [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
      [FuseV1Options.OnlyLoadAppFromAsar]: true,
      [FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]: false,
      [FuseV1Options.GrantFileProtocolExtraPrivileges]: true,
    });
    expect(fuseProblems(await readFuses(binary, electronFuses))).toEqual(['fuse RunAsNode is on in the packaged binary; electron-builder.ts wants it off']);
    await flipFuses(binary, { version: FuseVersion.V1, [FuseV1Options.RunAsNode]: false });
    expect(fuseProblems(await readFuses(binary, electronFuses))).toEqual([]);
  });

  it('requires every fuse to be configured: one left out would stay at Electron’s default', async () => {
    const { runAsNode: _left, ...rest } = electronFuses;
    expect(fuseProblems(await readFuses(await standIn(), rest))).toContain("fuse RunAsNode is not set in electron-builder.ts › electronFuses: it would stay at Electron's default");
  });
});
