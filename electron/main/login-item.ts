import { mkdir, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { app } from 'electron';
import type { LoginItem } from '../core/ports';
import { autostartDesktopEntry } from './autostart-entry';

/** The LoginItem port: Electron's login items on macOS and Windows, an XDG autostart entry on Linux. */
export function createLoginItem(): LoginItem {
  return {
    async set(enabled) {
      if (process.platform !== 'linux') {
        app.setLoginItemSettings({ openAtLogin: enabled });
        return;
      }
      const dir = join(process.env.XDG_CONFIG_HOME || join(homedir(), '.config'), 'autostart');
      const file = join(dir, 'zonewatch.desktop');
      if (!enabled) {
        await rm(file, { force: true });
        return;
      }
      await mkdir(dir, { recursive: true });
      // Inside an AppImage, execPath points into a mount that disappears on exit; APPIMAGE is the file itself.
      await writeFile(file, autostartDesktopEntry(process.env.APPIMAGE || process.execPath), { mode: 0o644 });
    },
  };
}
