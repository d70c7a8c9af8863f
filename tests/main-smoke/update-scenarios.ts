// Zonewatch updating itself under the Electron double (updates.test.ts sets up an installed
// AppImage and a feed on 127.0.0.1): electron-updater runs for real against them.
import type { AppUpdate } from '../../shared/app-update';
import type { Result, ZonewatchApi } from '../../shared/ipc';
import { FIRST_CHECK_DELAY_MS } from '../../electron/core/updates/update-schedule';
import type { MenuItem } from './electron-double/electron';
import { allItems, boot, page, quitFromTray, rec, until } from './harness';

const unwrap = <T>(result: Result<T>): T => {
  if (!result.ok) throw new Error(`${result.error.kind}: ${result.error.message}`);
  return result.value;
};

/** The tray's "Restart to update" item, when it offers one. */
const restartItem = (): MenuItem | null => allItems().find((i) => i.label.startsWith('Restart to update')) ?? null;

/** The update view as the window hears it (the `appUpdate` event), starting from what `updates:get` answers. */
async function watchUpdates(api: ZonewatchApi): Promise<() => AppUpdate> {
  let latest = unwrap(await api.updates.get());
  api.on.appUpdate((view) => (latest = view));
  return () => latest;
}

export function updateScenarios(out: Record<string, unknown>): Record<string, () => Promise<void>> {
  return {
    /** Nothing asked: the check at start finds the release, downloads it; the tray and Settings offer it; quitting installs it. */
    async 'update-at-start'() {
      await boot();
      const api = await page();
      out.before = unwrap(await api.updates.get());
      const restart = await until('the tray to offer Restart to update', restartItem, FIRST_CHECK_DELAY_MS + 30_000);
      out.trayLabel = restart.label;
      out.view = unwrap(await api.updates.get());
      await quitFromTray();
    },

    /** "Update automatically" off; "Check for updates" finds and downloads the release; "Restart to update" in the tray installs it. */
    async 'update-restart'() {
      await boot();
      const api = await page();
      unwrap(await api.settings.update({ updateAutomatically: false }));
      const view = await watchUpdates(api);
      out.found = unwrap(await api.updates.check());
      out.ready = await until('the download to be verified', () => view().phase === 'ready' && view(), 30_000);
      const restart = await until('the tray to offer Restart to update', restartItem);
      restart.click();
      await until('the app to quit to install', () => rec.exited, 30_000);
    },

    /** "Check for updates" against a feed that fails (HTTP 500, or nothing listening): it says why in plain words. */
    async 'update-check'() {
      await boot();
      const api = await page();
      out.answer = await api.updates.check();
      out.trayOffersRestart = restartItem() !== null;
      await quitFromTray();
    },

    /** The download does not match its published sha512: refused, said plainly, nothing installed. */
    async 'update-checksum'() {
      await boot();
      const api = await page();
      const view = await watchUpdates(api);
      out.found = unwrap(await api.updates.check());
      out.failed = await until('the download to be refused', () => view().phase === 'failed' && view(), 30_000);
      out.trayOffersRestart = restartItem() !== null;
      await quitFromTray();
    },

    /** The computer is offline: no check at start, and "Check for updates" says why it cannot run. */
    async 'update-offline'() {
      await boot();
      const api = await page();
      out.view = unwrap(await api.updates.get());
      out.answer = await api.updates.check();
      // Past the time of the check at start: still nothing asked.
      await new Promise((resolve) => setTimeout(resolve, FIRST_CHECK_DELAY_MS + 2_000));
      out.after = unwrap(await api.updates.get());
      await quitFromTray();
    },
  };
}
