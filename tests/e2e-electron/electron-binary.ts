import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The Electron executable, or null where it was never downloaded. Mirrors how the `electron`
 * package finds it (node_modules/electron/path.txt → dist/, or ELECTRON_OVERRIDE_DIST_PATH) without
 * calling `require('electron')`, which would try to download the binary on the spot.
 */
export function electronBinary(): string | null {
  let packageDir: string;
  try {
    packageDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  } catch {
    return null;
  }
  const pathFile = join(packageDir, 'path.txt');
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : null;
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  const candidate = override ? join(override, relative ?? 'electron') : relative ? join(packageDir, 'dist', relative) : null;
  return candidate !== null && existsSync(candidate) ? candidate : null;
}

export const SKIP_REASON = 'Electron binary not present on this machine (node_modules/electron/dist was never downloaded)';
