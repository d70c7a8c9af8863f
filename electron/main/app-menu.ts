import type { MenuItemConstructorOptions } from 'electron';

/**
 * The application menu: none on Windows and Linux (a tray app has no menu bar), and on macOS the
 * minimum that makes the standard shortcuts work in text fields — ⌘C/⌘V/⌘X/⌘A/⌘Z come from the
 * Edit menu's roles — plus Hide and Quit.
 */
export function applicationMenuTemplate(platform: NodeJS.Platform, appName: string): MenuItemConstructorOptions[] | null {
  if (platform !== 'darwin') return null;
  return [
    {
      label: appName,
      submenu: [{ role: 'about' }, { type: 'separator' }, { role: 'hide' }, { role: 'hideOthers' }, { type: 'separator' }, { role: 'quit' }],
    },
    { role: 'editMenu' },
  ];
}
