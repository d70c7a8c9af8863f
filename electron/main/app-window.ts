import { app, BrowserWindow, nativeTheme, screen, type Rectangle } from 'electron';
import type { Logger, KeyValueStore } from '../core/ports';
import { popoverPosition } from '../core/tray/popover-position';
import { shouldReloadAfterCrash } from './crash-reload';
import type { EventMessage } from './event-message';
import type { RendererLocation } from './renderer-origin';
import { MIN_WINDOW_SIZE, windowSizeFor } from './window-size';
import { EVENT_CHANNEL } from '../../shared/ipc';

/** `popover`: frameless, beside the tray icon, hides on blur. `window`: an ordinary window (Linux "Open Zonewatch"). */
export type WindowMode = 'popover' | 'window';

export interface AppWindowOptions {
  location: RendererLocation;
  preloadPath: string;
  iconPath: string;
  /** Remembers the size the user gave the window. */
  sizeStore: KeyValueStore;
  logger: Logger;
  onVisibilityChange: (visible: boolean) => void;
}

export interface AppWindow {
  /** Shows the popover beside the tray icon (or near the cursor where the tray reports no bounds). */
  showPopover(trayBounds: Rectangle): void;
  showWindow(): void;
  toggle(trayBounds: Rectangle): void;
  hide(): void;
  isVisible(): boolean;
  send(message: EventMessage): void;
  /** Runs `fn` (a dialog) without the popover hiding when the dialog takes focus. */
  whileDialog<T>(fn: () => Promise<T>): Promise<T>;
  current(): BrowserWindow | null;
  /** From now on closing really closes (the app is quitting). */
  allowClose(): void;
}

const BACKGROUND = { dark: '#111827', light: '#ffffff' };
const background = () => (nativeTheme.shouldUseDarkColors ? BACKGROUND.dark : BACKGROUND.light);

export function createAppWindow(options: AppWindowOptions): AppWindow {
  const { logger } = options;
  let win: BrowserWindow | null = null;
  let mode: WindowMode = 'popover';
  let dialogDepth = 0;
  let closing = false;
  const reloads: number[] = [];
  /** Events sent while the page loads (a notification click's `navigate`) are delivered once it has. */
  let pending: EventMessage[] = [];

  /** Windows whose `ready-to-show` has fired: Electron emits it once per window, never after a reload. */
  const readyToShow = new WeakSet<BrowserWindow>();

  nativeTheme.on('updated', () => win?.setBackgroundColor(background()));

  function create(nextMode: WindowMode, workArea: Rectangle): BrowserWindow {
    const size = windowSizeFor(options.sizeStore.get('size'), workArea);
    const popover = nextMode === 'popover';
    const created = new BrowserWindow({
      width: size.width,
      height: size.height,
      minWidth: MIN_WINDOW_SIZE.width,
      minHeight: MIN_WINDOW_SIZE.height,
      show: false,
      frame: !popover,
      skipTaskbar: popover,
      alwaysOnTop: popover,
      fullscreenable: false,
      title: 'Zonewatch',
      icon: options.iconPath,
      backgroundColor: background(),
      webPreferences: {
        preload: options.preloadPath,
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        nodeIntegrationInWorker: false,
        webSecurity: true,
        allowRunningInsecureContent: false,
        experimentalFeatures: false,
        disableBlinkFeatures: 'Auxclick',
        spellcheck: false,
        devTools: !app.isPackaged,
      },
    });
    if (popover && process.platform === 'darwin') created.setVisibleOnAllWorkspaces(true, { visibleOnFullScreen: true });

    created.on('blur', () => {
      if (mode === 'popover' && dialogDepth === 0 && !created.webContents.isDevToolsOpened()) created.hide();
    });
    created.on('close', (event) => {
      if (closing) return;
      // Quitting happens only from the tray menu or the OS; closing the window just hides it.
      event.preventDefault();
      created.hide();
    });
    created.once('ready-to-show', () => readyToShow.add(created));
    created.on('show', () => options.onVisibilityChange(true));
    created.on('hide', () => options.onVisibilityChange(false));
    created.on('closed', () => {
      if (win === created) win = null;
      options.onVisibilityChange(false);
    });
    let resizeTimer: ReturnType<typeof setTimeout> | null = null;
    created.on('resize', () => {
      if (resizeTimer) clearTimeout(resizeTimer);
      resizeTimer = setTimeout(() => {
        if (created.isDestroyed()) return;
        const [width, height] = created.getSize();
        options.sizeStore.set('size', { width, height });
      }, 500);
    });
    created.webContents.on('render-process-gone', (_event, details) => {
      const now = Date.now();
      logger.error('window: the renderer went away', { reason: details.reason, exitCode: details.exitCode });
      if (shouldReloadAfterCrash(details.reason, reloads, now)) {
        reloads.push(now);
        created.webContents.reload();
      } else if (details.reason !== 'clean-exit') {
        logger.error('window: the renderer keeps crashing; it stays closed until opened again');
        closing = true;
        created.destroy();
        closing = false;
      }
    });
    created.webContents.on('did-finish-load', () => {
      const queued = pending;
      pending = [];
      for (const message of queued) created.webContents.send(EVENT_CHANNEL, message);
    });
    created.webContents.on('unresponsive', () => logger.warn('window: the renderer is not responding'));

    const target = options.location.kind === 'dev' ? `${options.location.origin}/` : options.location.url;
    void created.loadURL(target).catch((error: unknown) => logger.error('window: could not load the renderer', { error }));
    return created;
  }

  /** The window, unless there is none or it was destroyed. */
  const live = (): BrowserWindow | null => (win && !win.isDestroyed() ? win : null);

  function ensure(nextMode: WindowMode, workArea: Rectangle): BrowserWindow {
    // A window's frame is fixed at creation, so switching between popover and window recreates it.
    const existing = live();
    if (existing && mode === nextMode) return existing;
    if (existing) {
      closing = true;
      existing.destroy();
      closing = false;
    }
    mode = nextMode;
    win = create(nextMode, workArea);
    return win;
  }

  function showWhenReady(target: BrowserWindow): void {
    const show = () => {
      target.show();
      target.focus();
    };
    // After a crash reload the page is loading again but `ready-to-show` will not come a second time.
    if (readyToShow.has(target)) show();
    else target.once('ready-to-show', show);
  }

  const api: AppWindow = {
    showPopover(trayBounds) {
      const cursor = screen.getCursorScreenPoint();
      const empty = trayBounds.width <= 0 || trayBounds.height <= 0;
      const display = empty ? screen.getDisplayNearestPoint(cursor) : screen.getDisplayMatching(trayBounds);
      const target = ensure('popover', display.workArea);
      const [width = 0, height = 0] = target.getSize();
      const { x, y } = popoverPosition(trayBounds, { width, height }, display.workArea, cursor, process.platform);
      target.setPosition(x, y, false);
      showWhenReady(target);
    },
    showWindow() {
      const display = screen.getDisplayNearestPoint(screen.getCursorScreenPoint());
      const target = ensure('window', display.workArea);
      if (!target.isVisible()) target.center();
      showWhenReady(target);
    },
    toggle(trayBounds) {
      if (api.isVisible()) live()?.hide();
      else api.showPopover(trayBounds);
    },
    hide() {
      live()?.hide();
    },
    isVisible: () => live()?.isVisible() ?? false,
    send(message) {
      const target = live();
      if (!target) return;
      if (target.webContents.isLoading()) pending = [...pending.slice(-19), message];
      else target.webContents.send(EVENT_CHANNEL, message);
    },
    async whileDialog(fn) {
      dialogDepth += 1;
      try {
        return await fn();
      } finally {
        dialogDepth -= 1;
      }
    },
    current: live,
    allowClose() {
      closing = true;
    },
  };
  return api;
}
