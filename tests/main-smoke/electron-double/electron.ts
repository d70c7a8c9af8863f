// A recording double of the Electron 45 main-process API, as much of it as Zonewatch's main and
// electron-updater use, with Electron's rules enforced (each cites where Electron defines it).
// `register.mjs` makes `import … from 'electron'` and `require('electron')` both resolve here, so
// the built out/main/index.js, and the CommonJS packages it loads, run in plain Node.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { netRequest, Session, type RequestOptions } from './net-request';
import { called, needsReady, problem, recorder } from './recorder';

export { recorder };
import { runSandboxedPreload } from './sandboxed-preload';

const env = process.env;
const appPath = env.ZW_DOUBLE_APP_PATH ?? process.cwd();
const pkg = JSON.parse(readFileSync(join(appPath, 'package.json'), 'utf8')) as { productName?: string; name: string; version: string };
// Electron always sets it: the packaged app's resources/, or, run from the sources, the resources/
// folder of Electron's own dist (node_modules/electron/dist/resources).
(process as { resourcesPath?: string }).resourcesPath =
  env.ZW_DOUBLE_RESOURCES ?? join(dirname(createRequire(import.meta.url).resolve('electron/package.json')), 'dist', 'resources');

/** An Electron event: `preventDefault()` sets `defaultPrevented`. */
function electronEvent(extra: Record<string, unknown> = {}) {
  const event = { defaultPrevented: false, preventDefault: () => void (event.defaultPrevented = true), ...extra };
  return event;
}

/** IPC carries structured clones (docs/api/ipc-renderer.md › invoke: "serialized with the Structured Clone Algorithm"). */
function cloneForIpc(value: unknown, where: string): unknown {
  try {
    return structuredClone(value);
  } catch (error) {
    problem(`${where}: value cannot be sent over IPC (${(error as Error).message})`);
    throw new Error('An object could not be cloned.', { cause: error });
  }
}

function mustExist(path: string, what: string): void {
  if (!isAbsolute(path) || !existsSync(path)) problem(`${what}: no file at ${path}`);
}

/** As on Linux (docs/api/app.md › getPath): userData is `$XDG_CONFIG_HOME/<app name>`, logs are inside it. */
function pathOf(name: string): string {
  const userData = paths.get('userData') ?? join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), pkg.productName ?? pkg.name);
  if (name === 'userData') return userData;
  if (name === 'logs') return paths.get('logs') ?? join(userData, 'logs');
  return paths.get(name) ?? join(userData, name);
}

// ---------- app (docs/api/app.md; the quit sequence of shell/browser/browser.cc) ----------
const paths = new Map<string, string>();
let quitting = false;
class App extends EventEmitter {
  get isPackaged() {
    return env.ZW_DOUBLE_PACKAGED === '1';
  }
  dock = undefined;
  getName = () => (called('app.getName'), pkg.productName ?? pkg.name);
  getVersion = () => (called('app.getVersion'), pkg.version);
  getAppPath = () => (called('app.getAppPath'), appPath);
  setPath(name: string, value: string) {
    called('app.setPath');
    paths.set(name, value);
  }
  getPath(name: string) {
    called(`app.getPath(${name})`);
    return pathOf(name);
  }
  requestSingleInstanceLock() {
    called('app.requestSingleInstanceLock');
    return env.ZW_DOUBLE_SECOND_INSTANCE !== '1';
  }
  setAppUserModelId = () => called('app.setAppUserModelId');
  setLoginItemSettings = () => called('app.setLoginItemSettings');
  whenReady(): Promise<void> {
    called('app.whenReady');
    return recorder.ready ? Promise.resolve() : new Promise((resolve) => this.once('ready', () => resolve()));
  }
  /**
   * Browser::Quit: `before-quit` (preventable), then every window gets `close` (a prevented close
   * cancels the quit), then `will-quit` (preventable: the app keeps running and a later quit()
   * starts over), then `quit`, then the process ends.
   */
  quit() {
    called('app.quit');
    if (quitting) return;
    const before = electronEvent();
    recorder.timeline.push('before-quit');
    this.emit('before-quit', before);
    if (before.defaultPrevented) return;
    quitting = true;
    for (const win of [...windows]) {
      if (win.isDestroyed()) continue;
      if (!win.close()) {
        quitting = false;
        recorder.timeline.push('quit cancelled by a window');
        return;
      }
    }
    const will = electronEvent();
    recorder.timeline.push('will-quit');
    this.emit('will-quit', will);
    if (will.defaultPrevented) {
      quitting = false;
      return;
    }
    recorder.timeline.push('quit');
    this.emit('quit', electronEvent(), 0);
    recorder.exited = true;
  }
  exit(code = 0) {
    recorder.timeline.push(`exit ${code}`);
    recorder.exited = true;
  }
  /** Starts a new instance when this one exits (docs/api/app.md › relaunch); here, recorded. */
  relaunch() {
    recorder.timeline.push('relaunch');
  }
}
export const app = new App();

// ---------- ipcMain (lib/browser/ipc-main-impl.ts: one handler per channel) ----------
const handlers = new Map<string, (event: unknown, ...args: unknown[]) => unknown>();
const ipcListeners = new EventEmitter();
export const ipcMain = {
  /** `send`/`sendSync` listeners (electron-store registers one); the preload never sends, so none is called. */
  on(channel: string, listener: (...a: unknown[]) => void) {
    called('ipcMain.on');
    ipcListeners.on(channel, listener);
    return ipcMain;
  },
  removeListener(channel: string, listener: (...a: unknown[]) => void) {
    ipcListeners.removeListener(channel, listener);
    return ipcMain;
  },
  handle(channel: string, listener: (event: unknown, ...args: unknown[]) => unknown) {
    called('ipcMain.handle');
    if (handlers.has(channel)) {
      problem(`ipcMain.handle: second handler for '${channel}'`);
      throw new Error(`Attempted to register a second handler for '${channel}'`);
    }
    handlers.set(channel, listener);
  },
  removeHandler: (channel: string) => void handlers.delete(channel),
  channels: () => [...handlers.keys()],
};

// ---------- BrowserWindow and webContents ----------
const windows: BrowserWindow[] = [];
class WebContents extends EventEmitter {
  url = '';
  loading = false;
  page: { exposed: Record<string, unknown>; events: EventEmitter } | null = null;
  windowOpenHandler: unknown = null;
  constructor(private readonly win: BrowserWindow) {
    super();
  }
  isLoading = () => this.loading;
  isDevToolsOpened = () => false;
  setWindowOpenHandler(handler: unknown) {
    this.windowOpenHandler = handler;
  }
  send(channel: string, ...args: unknown[]) {
    if (this.win.isDestroyed()) problem(`webContents.send('${channel}') on a destroyed window`);
    const cloned = args.map((a) => cloneForIpc(a, `webContents.send('${channel}')`));
    this.page?.events.emit(channel, { sender: null }, ...cloned);
  }
  reload() {
    void this.load(this.url);
  }
  /** Loads the page and runs the preload; `ready-to-show` only after the first load (docs/api/browser-window.md). */
  async load(url: string): Promise<void> {
    this.url = url;
    this.loading = true;
    this.page = null;
    if (url.startsWith('file:')) mustExist(fileURLToPath(url), 'BrowserWindow.loadURL');
    await new Promise((resolve) => setImmediate(resolve));
    if (this.win.isDestroyed()) return;
    const events = new EventEmitter();
    const preload = this.win.preload;
    const exposed = runSandboxedPreload(preload, {
      events,
      invoke: async (channel, args) => {
        const handler = handlers.get(channel);
        if (!handler) throw new Error(`Error invoking remote method '${channel}': Error: No handler registered for '${channel}'`);
        const event = { sender: this, senderFrame: { url: this.url, parent: null } };
        const result = await handler(event, ...args.map((a) => cloneForIpc(a, `ipcRenderer.invoke('${channel}')`)));
        return cloneForIpc(result, `the answer to '${channel}'`);
      },
    });
    this.page = { exposed, events };
    this.loading = false;
    this.emit('did-finish-load', electronEvent());
    if (!this.win.readyShown) {
      this.win.readyShown = true;
      this.win.emit('ready-to-show', electronEvent());
    }
  }
  /**
   * A navigation the page starts. Electron 45 deprecates the positional `url` of `will-navigate`
   * and `will-redirect` (electron.d.ts); the double passes it only on the event's details.
   */
  navigate(url: string): boolean {
    const event = electronEvent({ url });
    this.emit('will-navigate', event);
    return !event.defaultPrevented;
  }
  /** The renderer dies (`render-process-gone`, docs/api/web-contents.md); main decides what next. */
  crash() {
    this.page = null;
    this.emit('render-process-gone', electronEvent(), { reason: 'crashed', exitCode: 139 });
  }
}

export class BrowserWindow extends EventEmitter {
  readonly webContents: WebContents;
  readonly preload: string;
  readyShown = false;
  private visible = false;
  private destroyed = false;
  private size: [number, number];
  constructor(readonly options: { width?: number; height?: number; icon?: string; show?: boolean; webPreferences?: Record<string, unknown> }) {
    super();
    needsReady('new BrowserWindow');
    recorder.channelsAtFirstWindow ??= ipcMain.channels();
    const prefs = options.webPreferences ?? {};
    this.preload = String(prefs.preload ?? '');
    mustExist(this.preload, 'webPreferences.preload');
    if (options.icon) mustExist(options.icon, 'BrowserWindow icon');
    if (prefs.contextIsolation !== true || prefs.sandbox !== true || prefs.nodeIntegration !== false) problem('BrowserWindow without contextIsolation, sandbox, or with nodeIntegration');
    this.size = [options.width ?? 800, options.height ?? 600];
    this.webContents = new WebContents(this);
    windows.push(this);
    app.emit('web-contents-created', electronEvent(), this.webContents);
  }
  static getAllWindows = () => windows.filter((w) => !w.isDestroyed());
  loadURL(url: string) {
    return this.webContents.load(url);
  }
  show() {
    this.alive('show');
    if (this.visible) return;
    this.visible = true;
    this.emit('show');
  }
  hide() {
    this.alive('hide');
    if (!this.visible) return;
    this.visible = false;
    this.emit('hide');
  }
  focus = () => this.alive('focus');
  isVisible = () => this.visible && !this.destroyed;
  isDestroyed = () => this.destroyed;
  getSize = () => [...this.size];
  setPosition = () => this.alive('setPosition');
  center = () => this.alive('center');
  setBackgroundColor = () => this.alive('setBackgroundColor');
  setVisibleOnAllWorkspaces = () => undefined;
  /** `close` is preventable; returns whether the window really closed. */
  close(): boolean {
    const event = electronEvent();
    recorder.timeline.push('window:close');
    this.emit('close', event);
    if (event.defaultPrevented) return false;
    this.destroy();
    return true;
  }
  destroy() {
    if (this.destroyed) return;
    this.visible = false;
    this.destroyed = true;
    this.webContents.page = null;
    this.emit('closed');
  }
  private alive(method: string) {
    if (this.destroyed) {
      problem(`BrowserWindow.${method} on a destroyed window`);
      throw new TypeError('Object has been destroyed');
    }
  }
}

// ---------- menus (lib/browser/api/menu-item.ts: a checkbox flips `checked` before `click`) ----------
type Template = { type?: string; label?: string; enabled?: boolean; checked?: boolean; click?: (...a: unknown[]) => void; submenu?: Template[] };
export class MenuItem {
  type: string;
  label: string;
  enabled: boolean;
  checked: boolean;
  submenu: Menu | null;
  private readonly onClick?: (...a: unknown[]) => void;
  constructor(options: Template) {
    this.type = options.type ?? (options.submenu ? 'submenu' : 'normal');
    this.label = options.label ?? '';
    this.enabled = options.enabled ?? true;
    this.checked = options.checked ?? false;
    this.submenu = options.submenu ? Menu.buildFromTemplate(options.submenu) : null;
    this.onClick = options.click;
  }
  click() {
    if (!this.enabled) problem(`clicked the disabled menu item "${this.label}"`);
    if (this.type === 'checkbox' || this.type === 'radio') this.checked = !this.checked;
    this.onClick?.(this, null, electronEvent());
  }
}
export class Menu {
  items: MenuItem[] = [];
  static buildFromTemplate(template: Template[]) {
    const menu = new Menu();
    menu.items = template.map((t) => new MenuItem(t));
    return menu;
  }
  static setApplicationMenu(_menu: Menu | null) {
    needsReady('Menu.setApplicationMenu');
  }
}

// ---------- nativeImage, Tray ----------
export const nativeImage = {
  /** Electron returns an empty image for a missing file, silently (docs/api/native-image.md); here that is a problem. */
  createFromPath(path: string) {
    mustExist(path, 'nativeImage.createFromPath');
    return { path, setTemplateImage: () => undefined, isEmpty: () => !existsSync(path) };
  },
};
export const trays: Tray[] = [];
export class Tray extends EventEmitter {
  image: { path: string };
  tooltip = '';
  menu: Menu | null = null;
  destroyed = false;
  constructor(image: { path: string }) {
    super();
    needsReady('new Tray');
    this.image = image;
    trays.push(this);
  }
  setImage = (image: { path: string }) => void (this.image = image);
  setToolTip = (text: string) => void (this.tooltip = text);
  setTitle = () => undefined;
  setContextMenu = (menu: Menu) => void (this.menu = menu);
  popUpContextMenu = () => undefined;
  getBounds = () => ({ x: 0, y: 0, width: 0, height: 0 });
  destroy = () => void (this.destroyed = true);
}

// ---------- dialogs, notifications, shortcuts ----------
export const dialog = {
  async showMessageBox(options: { type?: string; message: string; cancelId?: number; buttons?: string[] }) {
    needsReady('dialog.showMessageBox');
    recorder.messageBoxes.push({ type: options.type, message: options.message });
    return { response: recorder.messageBoxResponses.shift() ?? options.cancelId ?? 0, checkboxChecked: false };
  },
  showErrorBox(title: string, content: string) {
    problem(`error box: ${title}: ${content}`);
  },
  async showSaveDialog() {
    needsReady('dialog.showSaveDialog');
    return { canceled: true, filePath: '' };
  },
};
export class Notification extends EventEmitter {
  static isSupported = () => true;
  constructor(readonly options: { title: string; body: string }) {
    super();
    needsReady('new Notification');
  }
  show() {
    recorder.notifications.push({ title: this.options.title, body: this.options.body, emit: (event) => this.emit(event, electronEvent()) });
  }
}
const shortcuts = new Map<string, () => void>();
/** Accelerators another application holds, for scenarios (ZW_DOUBLE_TAKEN_SHORTCUTS, comma-separated). */
const taken = new Set((env.ZW_DOUBLE_TAKEN_SHORTCUTS ?? '').split(',').filter(Boolean));
export const globalShortcut = {
  register(accelerator: string, callback: () => void) {
    needsReady('globalShortcut.register');
    if (!/^([A-Za-z]+\+)*[A-Za-z0-9]+$/.test(accelerator)) throw new Error(`Failed to parse accelerator "${accelerator}"`);
    if (taken.has(accelerator) || shortcuts.has(accelerator)) return false;
    shortcuts.set(accelerator, callback);
    return true;
  },
  unregister: (accelerator: string) => void shortcuts.delete(accelerator),
  unregisterAll: () => shortcuts.clear(),
  isRegistered: (accelerator: string) => shortcuts.has(accelerator),
  registered: () => [...shortcuts.keys()],
  /** The driver's side: the user presses a bound accelerator anywhere, and the OS calls its callback. */
  press: (accelerator: string) => shortcuts.get(accelerator)?.(),
};

// ---------- the rest of what main touches ----------
export const nativeTheme = Object.assign(new EventEmitter(), { themeSource: 'system', shouldUseDarkColors: false });
export const screen = {
  getCursorScreenPoint: () => (needsReady('screen'), { x: 10, y: 10 }),
  getDisplayNearestPoint: () => (needsReady('screen'), { workArea: { x: 0, y: 0, width: 1920, height: 1080 } }),
  getDisplayMatching: () => (needsReady('screen'), { workArea: { x: 0, y: 0, width: 1920, height: 1080 } }),
};
/** The computer's network, for scenarios: ZW_DOUBLE_OFFLINE=1 is a computer with none. */
const online = () => env.ZW_DOUBLE_OFFLINE !== '1';
export const net = {
  isOnline: online,
  /** Electron's ClientRequest (net-request.ts); every request goes on the timeline as `request <method> <url>`. */
  request(options: RequestOptions | string) {
    needsReady('net.request');
    return netRequest(options, sessionFor, online);
  },
  /** Electron's network stack; every request is on the timeline, so a scenario can see what went out when. */
  fetch(input: string, init?: RequestInit) {
    needsReady('net.fetch');
    recorder.timeline.push(`fetch ${input}`);
    return fetch(input, init);
  },
};
export const powerMonitor = Object.assign(new EventEmitter(), {
  getSystemIdleState: () => 'active',
  isOnBatteryPower: () => false,
});
/** One Session per partition, the empty one being the default session (docs/api/session.md › fromPartition). */
const sessions = new Map<string, Session>();
function sessionFor(partition: string): Session {
  let found = sessions.get(partition);
  if (!found) sessions.set(partition, (found = new Session(partition)));
  return found;
}
export const session = {
  get defaultSession() {
    needsReady('session.defaultSession');
    return sessionFor('');
  },
  fromPartition(partition: string, _options?: { cache: boolean }) {
    needsReady('session.fromPartition');
    return sessionFor(partition);
  },
};

/**
 * Electron's own autoUpdater (Squirrel): on Linux its native part does nothing
 * (shell/browser/auto_updater.cc), so the app must not use it there; electron-updater only emits
 * its 'before-quit-for-update' on it.
 */
class NativeAutoUpdater extends EventEmitter {
  private unsupported(method: string) {
    problem(`autoUpdater.${method}: Electron's own autoUpdater does nothing on Linux`);
  }
  setFeedURL = () => this.unsupported('setFeedURL');
  getFeedURL = () => (this.unsupported('getFeedURL'), '');
  checkForUpdates = () => this.unsupported('checkForUpdates');
  quitAndInstall = () => this.unsupported('quitAndInstall');
}
export const autoUpdater = new NativeAutoUpdater();
export const shell = {
  openExternal: async (url: string) => void recorder.openedExternal.push(url),
  openPath: async () => '',
};
let clipboardText = '';
export const clipboard = { writeText: (text: string) => void (clipboardText = text), readText: () => clipboardText };

/**
 * safeStorage as on Linux (docs/api/safe-storage.md): ZW_DOUBLE_SAFE_STORAGE picks the backend
 * (`gnome_libsecret`, `kwallet5`, `basic_text`, or `none` for no encryption at all). The OS
 * secret that protects the key is ZW_DOUBLE_OS_SECRET, so a restart can decrypt what was stored.
 */
const backend = env.ZW_DOUBLE_SAFE_STORAGE ?? 'none';
const osKey = createHash('sha256').update(env.ZW_DOUBLE_OS_SECRET ?? 'zonewatch-double').digest();
const deprecated = (api: string) => () => {
  problem(`${api} is deprecated in Electron 45 (use the async call)`);
  throw new Error(`${api} is deprecated`);
};
export const safeStorage = {
  isEncryptionAvailable: deprecated('safeStorage.isEncryptionAvailable'),
  encryptString: deprecated('safeStorage.encryptString'),
  decryptString: deprecated('safeStorage.decryptString'),
  getSelectedStorageBackend: () => (recorder.ready ? (backend === 'none' ? 'basic_text' : backend) : 'unknown'),
  isAsyncEncryptionAvailable: async () => (needsReady('safeStorage'), backend !== 'none'),
  async encryptStringAsync(text: string) {
    needsReady('safeStorage');
    if (backend === 'none') throw new Error('Encryption is not available.');
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', osKey, iv);
    const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]);
  },
  async decryptStringAsync(data: Buffer) {
    needsReady('safeStorage');
    const decipher = createDecipheriv('aes-256-gcm', osKey, data.subarray(0, 12));
    decipher.setAuthTag(data.subarray(12, 28));
    return { result: Buffer.concat([decipher.update(data.subarray(28)), decipher.final()]).toString('utf8'), shouldReEncrypt: false };
  },
};

/** The part of the double a scenario drives: ready, windows, trays. */
export const driver = {
  emitReady() {
    recorder.ready = true;
    app.emit('ready', electronEvent(), {});
  },
  windows,
  trays,
  handlers,
  /** Where the app's log goes, read without counting as a call of the app's. */
  logsDir: () => pathOf('logs'),
};

export default { app, autoUpdater, ipcMain, BrowserWindow, Menu, MenuItem, nativeImage, Tray, dialog, Notification, globalShortcut, nativeTheme, screen, net, powerMonitor, session, shell, clipboard, safeStorage };
