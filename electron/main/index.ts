import { join } from 'node:path';
import { app, clipboard, dialog, globalShortcut, ipcMain, Menu, nativeTheme, net, safeStorage, session } from 'electron';
import type { NavigateTarget, NotificationRecord, Severity, ViewName } from '../../shared/notification';
import type { Settings } from '../../shared/settings';
import type { Channel } from '../../shared/ipc';
import { createAppCore } from '../core/app-core';
import { runtimeVersions } from '../core/diagnostics/report';
import { toAppError } from '../core/state/error-messages';
import { raisedAttention } from '../core/tray/tray-attention';
import type { TrayAction } from '../core/tray/tray-menu';
import { zoneToggleConfirmation } from '../../shared/zone-toggle-confirmation';
import type { NotificationAction } from '../../shared/notification-action';
import { SpendStopPlan, SpendStopReport } from '../../shared/spend-stop';
import { reportDialog, stopConfirmation } from '../../shared/spend-stop-text';
import { startService } from '../service/start-service';
import { applicationMenuTemplate } from './app-menu';
import { createAppLog } from './app-log';
import { createAppWindow } from './app-window';
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
import { createTrayController } from './tray-controller';

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
  let attention: Severity | null = null;
  let appliedShortcut: string | null | undefined;

  const appWindow = createAppWindow({
    location,
    preloadPath: join(import.meta.dirname, '../preload/index.cjs'),
    iconPath: join(resourcesDir, 'icons', '256x256.png'),
    sizeStore: storeFactory('window-state'),
    logger,
    onVisibilityChange: (visible) => {
      core.setPopoverOpen(visible);
      if (visible && attention !== null) {
        attention = null;
        renderTray();
      }
    },
  });

  const core = createAppCore({
    secretBackends: secretBackendsFor({ safeStorage, platform: process.platform, storeFactory }),
    storeFactory,
    notifier: createNotifier(
      (target) => openUi(target),
      (action) => void onNotificationAction(action),
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
    fetch: netFetchPort((input, init) => net.fetch(input, init)),
    demoService: {
      start: async () => {
        const service = await startService({ host: '127.0.0.1', port: 0 });
        return { url: service.url, apiKey: service.keys.admin, close: () => service.close() };
      },
    },
    appInfo: { version: app.getVersion(), platform: process.platform, shell: 'electron', versions: runtimeVersions(process.versions) },
    recentLogLines: () => log.recentProblems(),
    secretRegistry: log.secrets,
    logsPath: log.dir,
  });

  registerIpc(ipcMain, core.handlers, {
    isTrustedFrameUrl: (url) => isRendererUrl(url, location),
    toAppError: (err) => toAppError(err),
    // Only the scheme is logged: a foreign page's URL may carry anything.
    onForbidden: (channel, url) => logger.warn('security: IPC call from a foreign frame refused', { channel, scheme: url?.split(':', 1)[0] ?? null }),
  });

  const trayView = () => ({ status: core.status(), snapshot: core.snapshot(), attention, spendStop: core.spendStopRecord() });
  const tray = createTrayController(
    trayView(),
    { trayIconsDir: join(resourcesDir, 'tray'), onAction: (action) => void onTrayAction(action), onClick: (bounds) => appWindow.toggle(bounds) },
  );
  function renderTray(): void {
    tray.render(trayView());
  }
  // "updated N min ago" moves on even when nothing else changes.
  setInterval(renderTray, 60_000).unref();

  /** Opens the UI: the popover by the tray icon, or on Linux (unreliable tray clicks) a normal window. */
  function openUi(target?: NavigateTarget): void {
    if (process.platform === 'linux') appWindow.showWindow();
    else appWindow.showPopover(tray.bounds());
    if (target) appWindow.send({ event: 'navigate', payload: target });
  }

  function applySettings(settings: Settings): void {
    nativeTheme.themeSource = settings.theme;
    if (settings.globalShortcut !== appliedShortcut) {
      appliedShortcut = settings.globalShortcut;
      bindGlobalShortcut(settings.globalShortcut, () => (appWindow.isVisible() ? appWindow.hide() : openUi()), logger);
    }
  }

  core.onEvent((event, payload) => {
    appWindow.send({ event, payload } as never);
    if (event === 'settings') applySettings(payload as Settings);
    if (event === 'notification') attention = raisedAttention(attention, payload as NotificationRecord, appWindow.isVisible());
    if (event === 'status' || event === 'snapshot' || event === 'notification' || event === 'spendStop') renderTray();
  });

  async function run(channel: Channel, input: unknown): Promise<void> {
    const result = await core.invoke(channel, input);
    if (!result.ok) {
      logger.warn('tray: action failed', { channel, kind: result.error.kind });
      await appWindow.whileDialog(() => dialog.showMessageBox({ type: 'error', title: 'Zonewatch', message: result.error.message, buttons: ['OK'] }));
    }
  }

  async function showMessage(type: 'info' | 'warning' | 'error', message: string, detail: string, buttons = ['OK']): Promise<number> {
    const { response } = await appWindow.whileDialog(() =>
      dialog.showMessageBox({ type, title: 'Zonewatch', message, detail, buttons, defaultId: buttons.length - 1, cancelId: buttons.length - 1 }),
    );
    return response;
  }

  /** "Stop all spend…" from the tray or a notification: one confirmation, then the per-zone report. */
  async function confirmAndStop(retry: boolean): Promise<void> {
    const plan = await core.invoke('spend:plan', { retry });
    if (!plan.ok) return void (await showMessage('error', plan.error.message, ''));
    const ask = stopConfirmation(SpendStopPlan.parse(plan.value), retry);
    if (ask.kind === 'refuse') return void (await showMessage('info', ask.message, ask.detail));
    if ((await showMessage('warning', ask.message, ask.detail, [ask.confirmLabel, 'Cancel'])) !== 0) return;
    await runSpendStop('spend:stop', { retry });
  }

  async function runSpendStop(channel: 'spend:stop' | 'spend:restore', input: unknown): Promise<void> {
    const result = await core.invoke(channel, input);
    if (!result.ok) return void (await showMessage('error', result.error.message, ''));
    const report = SpendStopReport.parse(result.value);
    const partial = report.outcomes.some((o) => o.result === 'failed' || o.result === 'not_tried');
    const text = reportDialog(report);
    await showMessage(partial ? 'warning' : 'info', text.message, text.detail);
  }

  /** A notification's action button: disabling a zone with open connections still asks first. */
  async function onNotificationAction(action: NotificationAction): Promise<void> {
    if (action.kind === 'stopAllSpend') await confirmAndStop(false);
    else await onTrayAction({ kind: 'toggleZone', zoneId: action.zoneId, enabled: false });
  }

  async function onTrayAction(action: TrayAction): Promise<void> {
    switch (action.kind) {
      case 'open':
        openUi(action.view === 'overview' ? undefined : { view: action.view satisfies ViewName });
        break;
      case 'quit':
        app.quit();
        return;
      case 'refresh':
        await run('poll:refresh', undefined);
        break;
      case 'setPaused':
        await run('poll:setPaused', { paused: action.paused });
        break;
      case 'snooze':
        await run('notifications:snooze', { until: action.until });
        break;
      case 'stopSpend':
        await confirmAndStop(action.retry);
        break;
      case 'restoreSpend':
        await runSpendStop('spend:restore', undefined);
        break;
      case 'dismissSpendStop':
        await run('spend:dismiss', undefined);
        break;
      case 'toggleZone': {
        const zone = core.snapshot().zones[action.zoneId]?.zone;
        const ask = zone ? zoneToggleConfirmation(zone, action.enabled) : null;
        if (ask) {
          const { response } = await appWindow.whileDialog(() =>
            dialog.showMessageBox({ type: 'warning', title: 'Zonewatch', message: ask.message, detail: ask.detail, buttons: [ask.confirmLabel, 'Cancel'], defaultId: 1, cancelId: 1 }),
          );
          if (response !== 0) break;
        }
        await run('zones:setEnabled', { zoneId: action.zoneId, enabled: action.enabled });
        break;
      }
    }
    // A checkbox flips itself on click; re-render so a cancelled or failed toggle shows the truth.
    renderTray();
  }

  // While quitting (the core is stopping) a relaunch must not wake the dying instance.
  let quitting = false;
  app.on('second-instance', () => {
    if (!quitting) openUi();
  });
  app.on('activate', () => {
    if (!quitting) openUi();
  });

  const stopWatching = watchSystemState((state) => core.setSystemState(state));
  let stopped = false;
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
  renderTray();
  // First run, or no key stored: open the window so the user can add a key or try the demo.
  if (core.status().profile === null) openUi();
  logger.info('app: ready');
}
