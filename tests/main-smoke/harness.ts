// Runs inside a scenario's own Node process (see run-scenario.ts): boots the built main under the
// Electron double and gives the scenario the tray, the window's page and the recorder.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ZonewatchApi } from '../../shared/ipc';
import type { MenuItem } from './electron-double/electron';

const electron = (await import('electron')) as unknown as typeof import('./electron-double/electron');
export const double = electron;
export const rec = electron.recorder;

/** Waits for a condition on events the app produces; the limit only turns a hang into a message. */
export const waiting = { for: 'nothing yet' };
export async function until<T>(what: string, check: () => T | null | undefined | false, limitMs = 15_000): Promise<T> {
  const started = Date.now();
  waiting.for = what;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() - started > limitMs) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

function logText(): string {
  const file = join(electron.driver.logsDir(), 'zonewatch.log');
  return existsSync(file) ? readFileSync(file, 'utf8') : '';
}

/**
 * Loads out/main/index.js as Electron would (or, under the package check, the main bundle
 * extracted from the packaged app.asar: ZW_SMOKE_MAIN), emits `ready`, and waits for main's "app: ready".
 */
export async function boot(): Promise<void> {
  await import(pathToFileURL(resolve(process.env.ZW_SMOKE_MAIN ?? 'out/main/index.js')).href);
  // The log file outlives a launch: only what this launch appends after `ready` counts (main has set its folder by now).
  const from = logText().length;
  electron.driver.emitReady();
  if (electron.recorder.exited) return;
  await until('main to log "app: ready"', () => logText().slice(from).includes('app: ready') || electron.recorder.problems.length > 0);
}

export const window = () => electron.driver.windows.filter((w) => !w.isDestroyed()).at(-1) ?? null;

/** The page's `window.zonewatch`, once the current window's page has loaded. */
export async function page(): Promise<ZonewatchApi> {
  const exposed = await until('the window page to load', () => window()?.webContents.page?.exposed);
  return exposed.zonewatch as ZonewatchApi;
}

export function trayMenu(): MenuItem[] {
  const tray = electron.driver.trays.at(-1);
  if (!tray?.menu) throw new Error('the tray has no menu');
  return tray.menu.items;
}

/** Every item of the tray menu, submenus flattened. */
export function allItems(items: MenuItem[] = trayMenu()): MenuItem[] {
  return items.flatMap((item) => (item.submenu ? [item, ...allItems(item.submenu.items)] : [item]));
}

export function item(label: RegExp): MenuItem {
  const found = allItems().find((i) => label.test(i.label));
  if (!found) throw new Error(`no tray item matches ${label}: ${allItems().map((i) => i.label).join(' | ')}`);
  return found;
}

/** Quits from the tray menu and waits until the app has gone through Electron's whole quit sequence. */
export async function quitFromTray(): Promise<void> {
  item(/^Quit Zonewatch/).click();
  await until('the app to quit', () => electron.recorder.exited);
}
