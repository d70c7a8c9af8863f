import { createRequire } from 'node:module';
import { app } from 'electron';
import type { AppUpdater, ProgressInfo } from 'electron-updater';
import type { Logger } from '../../core/ports';
import type { UpdaterPort } from '../../core/updates/updater-port';

/** electron-updater's own log lines, into the app's log: the first line of each (its errors come with their stacks). */
function updaterLog(logger: Logger) {
  const line = (message: unknown) => `electron-updater: ${String(message).split('\n', 1)[0]}`;
  return { info: (m: unknown) => logger.info(line(m)), warn: (m: unknown) => logger.warn(line(m)), error: (m: unknown) => logger.warn(line(m)) };
}

/**
 * electron-updater behind the core's UpdaterPort (electron/core/updates/updater-port.ts). The core
 * decides when to check and download (autoDownload off); electron-updater fetches the feed the
 * package's `app-update.yml` names, verifies the download's sha512 and installs it.
 */
export function electronUpdaterPort(logger: Logger): UpdaterPort {
  // Required here, not imported: only a copy that updates itself loads electron-updater (CommonJS).
  const { autoUpdater, CancellationToken } = createRequire(import.meta.url)('electron-updater') as typeof import('electron-updater');
  // The getter picks the updater for this system (NSIS, macOS, AppImage, or the .deb's by resources/package-type).
  const updater: AppUpdater = autoUpdater;
  updater.logger = updaterLog(logger);
  updater.autoDownload = false;
  // electron-updater arms its install-on-quit when a download ends, and only if this is on then; the
  // setting's value is applied as the app quits instead, so turning it on after the download still counts.
  updater.autoInstallOnAppQuit = true;
  let installOnQuit = true;
  app.on('before-quit', () => {
    updater.autoInstallOnAppQuit = installOnQuit;
  });
  let token: InstanceType<typeof CancellationToken> | null = null;

  return {
    async check() {
      const result = await updater.checkForUpdates();
      // Null only when electron-updater thinks this copy is not installed; the core asks only when it is (update-support.ts).
      if (result === null) throw new Error('electron-updater is not active in this copy');
      return { version: result.updateInfo.version, newer: result.isUpdateAvailable };
    },
    async download(onProgress) {
      const progress = (info: ProgressInfo) => onProgress(info.percent);
      // electron-updater reports progress only to listeners present when the download starts.
      updater.on('download-progress', progress);
      token = new CancellationToken();
      try {
        await updater.downloadUpdate(token);
      } finally {
        updater.off('download-progress', progress);
        token = null;
      }
    },
    abort() {
      token?.cancel();
      // A check cannot be cancelled through electron-updater; ending its session's connections fails
      // whatever request it has in flight (Electron's session.closeAllConnections).
      updater.netSession.closeAllConnections().catch((error: unknown) => logger.warn('updates: could not close the updater’s connections', { error }));
    },
    installNow() {
      // electron-updater reports a failed install as an 'error' event, synchronously within quitAndInstall.
      let failure: unknown = null;
      const onError = (error: unknown) => (failure ??= error);
      updater.on('error', onError);
      try {
        // Silent (no installer window on Windows), and Zonewatch starts again afterwards.
        updater.quitAndInstall(true, true);
      } finally {
        updater.off('error', onError);
      }
      if (failure !== null) throw failure;
    },
    setInstallOnQuit(on) {
      installOnQuit = on;
    },
  };
}
