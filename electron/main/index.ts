import { join } from 'node:path';
import { app, clipboard, dialog, globalShortcut, ipcMain, Menu, nativeTheme, net, safeStorage, session } from 'electron';
import type { NavigateTarget } from '../../shared/notification';
import type { Settings } from '../../shared/settings';
import { createAppCore } from '../core/app-core';
import { startHistoryThread } from './history-worker/history-thread';
import { runtimeVersions } from '../core/diagnostics/report';
import { toAppError } from '../core/error-messages';
import { demoPast } from '../service/demo-past';
import { DEMO_PAST_DAYS, DEMO_WARM_UP_MINUTES, startService } from '../service/start-service';
import { applicationMenuTemplate } from './app-menu';
import { createAppLog } from './app-log';
import { createAppWindow } from './app-window';
import { createDialogs } from './dialogs';
import { bindGlobalShortcut, globalShortcutsPort } from './global-shortcut';
import { registerIpc } from './ipc-register';
import { secretBackendsFor } from './key-storage';
import { createLoginItem } from './login-item';
import { netFetchPort } from './net-fetch-port';
import { createNotifier } from './notifier';
import { powerState, watchSystemState } from './power-state';
import { isRendererUrl, rendererLocation } from './renderer-origin';
import { createSaveDialog } from './save-dialog';
import { secureAllWebContents, secureSession } from './secure-session';
import { createShellPort } from './shell-port';
import { electronStoreFactory } from './store-factory';
import { APP_STORES } from '../core/storage/store-folder';
import { createTrayActions } from './tray-actions';
import { createTrayController } from './tray-controller';
import { createTrayState } from './tray-state';
import { updateHost } from './updates/update-host';

const APP_USER_MODEL_ID = 'com.zonewatch.app';

// A separate profile folder for development and the Electron e2e suite; never for the packaged app.
if (!app.isPackaged && process.env.ZONEWATCH_USER_DATA) app.setPath('userData', process.env.ZONEWATCH_USER_DATA);

if (!app.requestSingleInstanceLock()) {
  // A second launch only wakes the first (see 'second-instance' below).
  app.quit();
} else {
  if (process.platform === 'win32') app.setAppUserModelId(APP_USER_MODEL_ID);
  // A tray app keeps running with no window open; it quits from the tray menu or the OS.
  app.on('window-all-closed', () => undefined);
  app
    .whenReady()
    .then(start)
    .catch((error: unknown) => {
      dialog.showErrorBox('Zonewatch could not start', error instanceof Error ? error.message : String(error));
      app.exit(1);
    });
}

/** Wires Electron to the core: the window, the tray, notifications, IPC and the app's life. */
async function start(): Promise<void> {
  const log = createAppLog(app.getPath('logs'), !app.isPackaged);
  const { logger } = log;
  logger.info('app: starting', { version: app.getVersion(), electron: process.versions.electron, platform: process.platform });

  const location = rendererLocation(process.env.ELECTRON_RENDERER_URL, app.isPackaged, join(import.meta.dirname, '../renderer/index.html'));
  secureSession(session.defaultSession, location, logger);
  secureAllWebContents(location, logger);
  const menuTemplate = applicationMenuTemplate(process.platform, app.getName());
  Menu.setApplicationMenu(menuTemplate ? Menu.buildFromTemplate(menuTemplate) : null);
  if (process.platform === 'darwin') app.dock?.hide();

  const resourcesDir = app.isPackaged ? process.resourcesPath : join(app.getAppPath(), 'resources');
  const storeFactory = electronStoreFactory(app.getPath('userData'));
  let appliedShortcut: string | null | undefined;

  const appWindow = createAppWindow({
    location,
    preloadPath: join(import.meta.dirname, '../preload/index.cjs'),
    iconPath: join(resourcesDir, 'icons', '256x256.png'),
    sizeStore: storeFactory(APP_STORES.windowState),
    logger,
    // Opening the window clears every account's unseen attention (the core keeps it): the icon calms down with its updates.
    onVisibilityChange: (visible) => core.setWindowOpen(visible),
  });

  const core = createAppCore({
    secretBackends: secretBackendsFor({ safeStorage, platform: process.platform, storeFactory }),
    storeFactory,
    notifier: createNotifier(
      (target) => openUi(target),
      (action, target) => void actions.notificationAction(action, target),
      logger,
    ),
    clipboard,
    shell: createShellPort(logger),
    saveDialog: createSaveDialog(() => appWindow.current(), app.getPath('downloads'), (fn) => appWindow.whileDialog(fn)),
    power: powerState,
    loginItem: createLoginItem(),
    globalShortcuts: globalShortcutsPort(() => appliedShortcut ?? null),
    logger,
    // Electron's network stack, so system proxy settings and certificates apply.
    http: { fetch: netFetchPort((input, init) => net.fetch(input, init)) },
    demoService: {
      start: async () => {
        const service = await startService({ host: '127.0.0.1', port: 0, pastDays: DEMO_PAST_DAYS, warmUpMinutes: DEMO_WARM_UP_MINUTES, log: logger });
        return { url: service.url, apiKey: service.keys.admin, close: () => service.close(), past: () => demoPast(service.control) };
      },
    },
    appInfo: { version: app.getVersion(), platform: process.platform, shell: 'electron', versions: runtimeVersions(process.versions) },
    recentLogLines: () => log.recentProblems(),
    secretRegistry: log.secrets,
    logsPath: log.dir,
    updates: updateHost(logger),
    // The history database and the work over its rows in a worker thread (docs/architecture.md › The history database).
    openHistory: (tell) => startHistoryThread({ folder: app.getPath('userData'), logger, tell }),
  });

  registerIpc(ipcMain, core.handlers, {
    isTrustedFrameUrl: (url) => isRendererUrl(url, location),
    toAppError: (err) => toAppError(err),
    // Only the scheme is logged: a foreign page's URL may carry anything.
    onForbidden: (channel, url) => logger.warn('security: IPC call from a foreign frame refused', { channel, scheme: url?.split(':', 1)[0] ?? null }),
  });

  // The tray is drawn from what the core sends, never by asking it again.
  const trayState = createTrayState({ overview: core.overview(), app: core.app(), update: core.appUpdate() });
  const actions = createTrayActions({
    invoke: (channel, input) => core.invoke(channel, input),
    dialogs: createDialogs((fn) => appWindow.whileDialog(fn)),
    open: (target) => openUi(target),
    findZone: () => findZone(),
    quit: () => app.quit(),
    label: (profileId) => trayState.label(profileId),
    zone: (profileId, zoneId) => core.snapshot(profileId)?.zones[zoneId]?.zone ?? null,
    logger,
  });
  const tray = createTrayController(trayState.model(), {
    trayIconsDir: join(resourcesDir, 'tray'),
    // A checkbox flips itself on click; drawing again after the action shows the truth if it was cancelled or failed.
    onAction: (action) => void actions.run(action).finally(drawTray),
    onClick: (bounds) => appWindow.toggle(bounds),
  });
  let stopped = false;
  function drawTray(): void {
    // Quitting destroys the tray first; the core's last events must not draw on it.
    if (!stopped) tray.render(trayState.model());
  }
  // "Updated N min ago" moves on even when nothing else changes.
  setInterval(drawTray, 60_000).unref();

  /** Opens the UI: the popover by the tray icon, or on Linux (unreliable tray clicks) a normal window; `target` names the view and its account. */
  function openUi(target?: NavigateTarget): void {
    if (process.platform === 'linux') appWindow.showWindow();
    else appWindow.showPopover(tray.bounds());
    if (target) appWindow.send({ event: 'navigate', payload: target });
  }

  /** The window with its command palette focused: the tray's "Find a zone…", the global shortcut while the window shows. */
  function findZone(): void {
    openUi();
    appWindow.send({ event: 'palette', payload: {} });
  }

  function applySettings(settings: Settings): void {
    nativeTheme.themeSource = settings.theme;
    if (settings.globalShortcut !== appliedShortcut) {
      appliedShortcut = settings.globalShortcut;
      // Pressed while the window shows, it focuses the palette rather than hiding the window (docs/desktop.md › The command palette).
      bindGlobalShortcut(settings.globalShortcut, () => (appWindow.isVisible() ? findZone() : openUi()), logger);
    }
  }

  core.onEvent((event, payload) => {
    appWindow.send({ event, payload } as never);
    if (event === 'settings') applySettings(payload as Settings);
    if (trayState.apply(event, payload)) drawTray();
  });

  // While quitting (the core is stopping) a relaunch must not wake the dying instance.
  let quitting = false;
  app.on('second-instance', () => {
    if (!quitting) openUi();
  });
  app.on('activate', () => {
    if (!quitting) openUi();
  });

  const stopWatching = watchSystemState((state) => core.setSystemState(state));
  app.on('before-quit', () => {
    quitting = true;
    appWindow.allowClose();
  });
  app.on('will-quit', (event) => {
    if (stopped) return;
    event.preventDefault();
    stopped = true;
    globalShortcut.unregisterAll();
    stopWatching();
    tray.destroy();
    void core
      .stop()
      .catch((error: unknown) => logger.error('app: stopping the core failed', { error }))
      .finally(() => app.quit());
  });

  await core.start();
  applySettings(await core.handlers['settings:get']());
  drawTray();
  // First run (no account yet): open the window so the user can add a key or try the demo.
  if (trayState.model().accounts.length === 0) openUi();
  logger.info('app: ready');
}
