import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FuseV1Options, FuseVersion } from '@electron/fuses';

/**
 * Electron's own defaults for each fuse (docs/tutorial/fuses.md in electron/electron): on for
 * RunAsNode, NODE_OPTIONS, --inspect and the file protocol's extra privileges, off for the rest.
 */
export const ELECTRON_FUSE_DEFAULTS: Record<FuseV1Options, boolean> = {
  [FuseV1Options.RunAsNode]: true,
  [FuseV1Options.EnableCookieEncryption]: false,
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: true,
  [FuseV1Options.EnableNodeCliInspectArguments]: true,
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: false,
  [FuseV1Options.OnlyLoadAppFromAsar]: false,
  [FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]: false,
  [FuseV1Options.GrantFileProtocolExtraPrivileges]: true,
};

/** Where @electron/fuses looks for the wire: right after this string, in the binary (its constants.js). */
const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';

/**
 * The fuse wire as Electron's build writes it into the binary: the sentinel, the schema version
 * (one byte), the number of fuses (one byte), then one ASCII '0' or '1' per fuse in
 * FuseV1Options order.
 */
export function fuseWire(states: Record<FuseV1Options, boolean>): Buffer {
  const fuses = Object.values(FuseV1Options).filter((value): value is FuseV1Options => typeof value === 'number');
  return Buffer.concat([Buffer.from(SENTINEL, 'ascii'), Buffer.from([Number(FuseVersion.V1), fuses.length]), Buffer.from(fuses.map((fuse) => (states[fuse] ? '1' : '0')).join(''), 'ascii')]);
}

/**
 * An unpacked "Electron" for electron-builder's `electronDist` that downloads nothing: an
 * executable named `electron` (electron-builder renames it to the app's executableName) that holds
 * only a fuse wire at Electron's defaults, so electron-builder's fuse flipping has a wire to flip
 * and the check can read it back. It cannot run; the packaged app runs under the Electron double.
 */
export async function writeStandInElectron(dir: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  const binary = join(dir, 'electron');
  const label = Buffer.from('Zonewatch package check: stand-in Electron binary (fuse wire only)\n', 'ascii');
  await writeFile(binary, Buffer.concat([label, fuseWire(ELECTRON_FUSE_DEFAULTS), Buffer.from('\n')]));
  await chmod(binary, 0o755);
  return dir;
}
