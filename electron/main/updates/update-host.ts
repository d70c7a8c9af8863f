import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { app } from 'electron';
import type { Logger } from '../../core/ports';
import { type InstallFacts, UPDATER_NOT_LOADED, updateSupport } from '../../core/updates/update-support';
import type { UpdateHost } from '../../core/updates/updater-port';
import { electronUpdaterPort } from './electron-updater-port';

/** How this copy was installed, read where electron-updater reads it (its main.js and AppImageUpdater). */
function installFacts(): InstallFacts {
  const packageType = app.isPackaged ? join(process.resourcesPath, 'package-type') : null;
  return {
    packaged: app.isPackaged,
    platform: process.platform,
    appImage: process.env.APPIMAGE || null,
    snap: process.env.SNAP !== undefined,
    packageType: packageType !== null && existsSync(packageType) ? readFileSync(packageType, 'utf8').trim() : null,
  };
}

/** Whether this copy updates itself and, when it does, electron-updater to do it (created only for a copy that can update itself). */
export function updateHost(logger: Logger): UpdateHost {
  const support = updateSupport(installFacts());
  logger.info('updates: this copy', support.ok ? { updates: support.method } : { updates: 'none' });
  if (!support.ok) return { support };
  try {
    return { support, updater: electronUpdaterPort(logger) };
  } catch (error) {
    // The app runs on without updates: a missing or broken updater is Settings' to say, not a failed start.
    logger.error('updates: electron-updater could not be loaded', { error });
    return { support: UPDATER_NOT_LOADED };
  }
}
