import { join } from 'node:path';
import { Menu, nativeImage, Tray, type Rectangle } from 'electron';
import { trayIconFile, trayIconState, type TrayPlatform } from '../core/tray/tray-icon-state';
import { trayMenuTemplate, type TrayAction } from '../core/tray/tray-menu';
import type { TrayModel } from '../core/tray/tray-model';
import { trayTitle, trayTooltip } from '../core/tray/tray-tooltip';
import { trayMenuOptions } from './tray-menu-options';

export interface TrayController {
  /** Re-renders icon, tooltip, title and menu from what the core sent; each is only handed to the OS when it changed. */
  render(model: TrayModel): void;
  bounds(): Rectangle;
  destroy(): void;
}

export interface TrayControllerOptions {
  trayIconsDir: string;
  onAction: (action: TrayAction) => void;
  /** Left click (Windows, macOS; Linux indicators rarely deliver it). */
  onClick: (bounds: Rectangle) => void;
}

/**
 * The tray icon: a thin shell over the pure builders of electron/core/tray. On Windows and Linux
 * the menu is attached with `setContextMenu` (Linux indicators show only that menu); on macOS a
 * left click opens the popover and a right click pops the same menu up.
 */
export function createTrayController(initial: TrayModel, options: TrayControllerOptions): TrayController {
  const platform = (['darwin', 'win32'].includes(process.platform) ? process.platform : 'linux') as TrayPlatform;
  const iconPath = (model: TrayModel) => join(options.trayIconsDir, trayIconFile(trayIconState(model), platform));
  const image = (path: string) => {
    const img = nativeImage.createFromPath(path);
    if (platform === 'darwin') img.setTemplateImage(path.endsWith('Template.png'));
    return img;
  };

  let shownIcon = iconPath(initial);
  const tray = new Tray(image(shownIcon));
  let shownTooltip = '';
  let shownTitle = '';
  let shownMenu = '';
  let menu: Menu | null = null;
  // Electron flips a checkbox item's `checked` before its click handler runs (menu-item.ts), so
  // after any click the menu on screen no longer matches its template: the next render rebuilds
  // it even when the template is unchanged (a cancelled or failed zone toggle).
  const onMenuAction = (action: TrayAction) => {
    shownMenu = '';
    options.onAction(action);
  };

  tray.on('click', (_event, bounds) => options.onClick(bounds));
  if (platform === 'darwin') tray.on('right-click', () => menu && tray.popUpContextMenu(menu));

  const render = (model: TrayModel) => {
    const now = Date.now();
    const icon = iconPath(model);
    if (icon !== shownIcon) tray.setImage(image((shownIcon = icon)));
    const tooltip = trayTooltip(model, now);
    if (tooltip !== shownTooltip) tray.setToolTip((shownTooltip = tooltip));
    if (platform === 'darwin') {
      const title = trayTitle(model);
      if (title !== shownTitle) tray.setTitle((shownTitle = title));
    }
    const template = trayMenuTemplate(model, now);
    const json = JSON.stringify(template);
    // Rebuilding an unchanged menu would close it under the user's pointer on some desktops.
    if (json === shownMenu) return;
    shownMenu = json;
    menu = Menu.buildFromTemplate(trayMenuOptions(template, onMenuAction, process.platform));
    if (platform !== 'darwin') tray.setContextMenu(menu);
  };
  render(initial);

  return {
    render,
    bounds: () => tray.getBounds(),
    destroy: () => tray.destroy(),
  };
}
