import type { MenuItemConstructorOptions } from 'electron';
import type { TrayAction, TrayMenuItem } from '../core/tray/tray-menu';

/**
 * Turns the pure tray template into Electron menu options. On Windows and Linux `&` in a label
 * marks a keyboard mnemonic, so a zone named "R&D" must be written "R&&D" to show as typed.
 */
export function trayMenuOptions(
  template: TrayMenuItem[],
  onAction: (action: TrayAction) => void,
  platform: NodeJS.Platform,
): MenuItemConstructorOptions[] {
  const label = (text: string) => (platform === 'darwin' ? text : text.replaceAll('&', '&&'));
  return template.map((item): MenuItemConstructorOptions => {
    switch (item.type) {
      case 'separator':
        return { type: 'separator' };
      case 'submenu':
        return { type: 'submenu', label: label(item.label), enabled: item.enabled, submenu: trayMenuOptions(item.submenu, onAction, platform) };
      case 'checkbox':
        return { type: 'checkbox', label: label(item.label), enabled: item.enabled, checked: item.checked, click: () => onAction(item.action) };
      case 'normal': {
        const action = item.action;
        return { type: 'normal', label: label(item.label), enabled: item.enabled, ...(action ? { click: () => onAction(action) } : {}) };
      }
    }
  });
}
