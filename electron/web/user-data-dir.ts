import { join, win32 } from 'node:path';

/** Electron's app name for Zonewatch (package.json `productName`), which names its user-data folder. */
export const APP_FOLDER_NAME = 'Zonewatch';

export type UserDataEnv = {
  platform: NodeJS.Platform;
  home: string;
  env: Readonly<Record<string, string | undefined>>;
};

/**
 * The folder the desktop app keeps its settings, caches and billing history in, computed the way
 * Electron computes `app.getPath('userData')` (appData + app name: `$XDG_CONFIG_HOME` or
 * `~/.config` on Linux, `~/Library/Application Support` on macOS, `%APPDATA%` on Windows), so the
 * browser fallback of `npm start` and the desktop app share one account. `ZONEWATCH_USER_DATA`
 * overrides it, as it does for the unpackaged desktop app.
 */
export function desktopUserDataDir({ platform, home, env }: UserDataEnv): string {
  if (env.ZONEWATCH_USER_DATA) return env.ZONEWATCH_USER_DATA;
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', APP_FOLDER_NAME);
  if (platform === 'win32') return win32.join(env.APPDATA ?? win32.join(home, 'AppData', 'Roaming'), APP_FOLDER_NAME);
  return join(env.XDG_CONFIG_HOME || join(home, '.config'), APP_FOLDER_NAME);
}
