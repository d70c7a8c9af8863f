import { describe, it, expect } from 'vitest';
import { applicationMenuTemplate } from '../../../electron/main/app-menu';

describe('applicationMenuTemplate', () => {
  it('has no application menu on Windows and Linux', () => {
    expect(applicationMenuTemplate('win32', 'Zonewatch')).toBeNull();
    expect(applicationMenuTemplate('linux', 'Zonewatch')).toBeNull();
  });

  it('on macOS has the standard Edit roles, so copy and paste work in text fields, and Quit', () => {
    const menu = applicationMenuTemplate('darwin', 'Zonewatch')!;
    expect(menu.some((item) => item.role === 'editMenu')).toBe(true);
    const appMenu = menu[0]!.submenu as { role?: string }[];
    expect(appMenu.map((item) => item.role)).toContain('quit');
  });
});
