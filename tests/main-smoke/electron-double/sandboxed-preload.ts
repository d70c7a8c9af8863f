import { readFileSync } from 'node:fs';
import { EventEmitter } from 'node:events';
import vm from 'node:vm';
import { problem } from './recorder';

/** How a page reaches main: `invoke` and `send` are answered by the double's ipcMain. */
export type RendererLink = {
  invoke(channel: string, args: unknown[]): Promise<unknown>;
  /** Listeners the page registered with `ipcRenderer.on`, for `webContents.send`. */
  events: EventEmitter;
};

/**
 * Runs a sandboxed preload the way Electron does (docs/tutorial/sandbox.md › Preload scripts,
 * lib/sandboxed_renderer/init.ts): `require` offers only `electron` (contextBridge, ipcRenderer,
 * webFrame, webUtils, nativeImage, crashReporter), `events`, `timers` and `url`; anything else is
 * a problem. Returns what `contextBridge.exposeInMainWorld` put in the page.
 */
export function runSandboxedPreload(file: string, link: RendererLink): Record<string, unknown> {
  const exposed: Record<string, unknown> = {};
  const ipcRenderer = {
    invoke: (channel: string, ...args: unknown[]) => link.invoke(channel, args),
    on(channel: string, listener: (...a: unknown[]) => void) {
      link.events.on(channel, listener);
      return ipcRenderer;
    },
    removeListener(channel: string, listener: (...a: unknown[]) => void) {
      link.events.removeListener(channel, listener);
      return ipcRenderer;
    },
  };
  const contextBridge = {
    exposeInMainWorld(key: string, api: unknown) {
      if (key in exposed) problem(`contextBridge.exposeInMainWorld: "${key}" exposed twice`);
      exposed[key] = api;
    },
  };
  const electron = { contextBridge, ipcRenderer, webFrame: {}, webUtils: {}, nativeImage: {}, crashReporter: {} };
  const allowed: Record<string, unknown> = { electron, events: EventEmitter, timers: { setTimeout, clearTimeout, setInterval, clearInterval }, url: { URL, URLSearchParams } };
  const sandboxRequire = (name: string) => {
    if (name in allowed) return allowed[name];
    problem(`sandboxed preload required "${name}", which a sandboxed preload cannot`);
    throw new Error(`module not found: ${name}`);
  };
  const module = { exports: {} };
  const context = vm.createContext({ require: sandboxRequire, module, exports: module.exports, console, setTimeout, clearTimeout, setInterval, clearInterval, queueMicrotask, structuredClone, URL, Promise });
  vm.runInContext(readFileSync(file, 'utf8'), context, { filename: file });
  return exposed;
}
