import { describe, expect, it } from 'vitest';
import { desktopUserDataDir } from '../../../electron/web/user-data-dir';

describe('desktopUserDataDir: the browser fallback uses the desktop app’s own folder', () => {
  it('is ~/.config/Zonewatch on Linux, or under XDG_CONFIG_HOME when set', () => {
    expect(desktopUserDataDir({ platform: 'linux', home: '/home/ada', env: {} })).toBe('/home/ada/.config/Zonewatch');
    expect(desktopUserDataDir({ platform: 'linux', home: '/home/ada', env: { XDG_CONFIG_HOME: '/cfg' } })).toBe('/cfg/Zonewatch');
  });
  it('is Application Support on macOS and %APPDATA% on Windows', () => {
    expect(desktopUserDataDir({ platform: 'darwin', home: '/Users/ada', env: {} })).toBe('/Users/ada/Library/Application Support/Zonewatch');
    expect(desktopUserDataDir({ platform: 'win32', home: 'C:\\Users\\ada', env: { APPDATA: 'C:\\Users\\ada\\AppData\\Roaming' } })).toBe(
      'C:\\Users\\ada\\AppData\\Roaming\\Zonewatch',
    );
  });
  it('follows ZONEWATCH_USER_DATA, as the unpackaged desktop app does', () => {
    expect(desktopUserDataDir({ platform: 'linux', home: '/home/ada', env: { ZONEWATCH_USER_DATA: '/tmp/zw' } })).toBe('/tmp/zw');
  });
});
