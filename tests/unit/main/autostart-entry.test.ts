import { describe, it, expect } from 'vitest';
import { autostartDesktopEntry } from '../../../electron/main/autostart-entry';

describe('autostartDesktopEntry', () => {
  it('is a desktop entry that launches the given executable', () => {
    const entry = autostartDesktopEntry('/opt/Zonewatch/zonewatch');
    expect(entry.startsWith('[Desktop Entry]\n')).toBe(true);
    expect(entry).toContain('\nExec=/opt/Zonewatch/zonewatch\n');
    expect(entry).toContain('\nType=Application\n');
  });

  it('quotes a path with spaces or shell characters as the Desktop Entry spec requires', () => {
    expect(autostartDesktopEntry('/home/a b/Zonewatch "x" $HOME.AppImage')).toContain('Exec="/home/a b/Zonewatch \\"x\\" \\$HOME.AppImage"\n');
    expect(autostartDesktopEntry('/home/me/100%.AppImage')).toContain('Exec=/home/me/100%%.AppImage\n');
  });
});
