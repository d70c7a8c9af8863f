import { join } from 'node:path';
import { app, clipboard, dialog, globalShortcut, ipcMain, Menu, nativeTheme, net, safeStorage, session } from 'electron';
import type { NavigateTarget } from '../../shared/notification';
import type { Settings } from '../../shared/settings';
import type { Channel, ChannelInput } from '../../shared/ipc';
import type { ProfileId } from '../../shared/profile-id';
import { createAppCore } from '../core/app-core';
import { runtimeVersions } from '../core/diagnostics/report';
import { toAppError } from '../core/state/error-messages';
import type { TrayAction } from '../core/tray/tray-menu';
import { zoneToggleConfirmation } from '../../shared/zone-toggle-confirmation';
import type { NotificationAction } from '../../shared/notification-action';
import { SpendStopPlan, SpendStopReport } from '../../shared/spend-stop';
import { reportDialog, stopConfirmation } from '../../shared/spend-stop-text';
import { demoPast } from '../service/demo-past';
import { DEMO_PAST_DAYS, DEMO_WARM_UP_MINUTES, startService } from '../service/start-service';
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
  let appliedShortcut: string | null | undefined;

  const appWindow = createAppWindow({
    location,
    preloadPath: join(import.meta.dirname, '../preload/index.cjs'),
    iconPath: join(resourcesDir, 'icons', '256x256.png'),
    sizeStore: storeFactory('window-state'),
    logger,
    // Opening the window clears every account's unseen attention (the core keeps it), so the icon calms down.
    onVisibilityChange: (visible) => {
      core.setPopoverOpen(visible);
      if (visible) renderTray();
    },
  });

  const core = createAppCore({
    secretBackends: secretBackendsFor({ safeStorage, platform: process.platform, storeFactory }),
    storeFactory,
    notifier: createNotifier(
      (target) => openUi(target),
      (action, target) => void onNotificationAction(action, target),
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
        const service = await startService({ host: '127.0.0.1', port: 0, pastDays: DEMO_PAST_DAYS, warmUpMinutes: DEMO_WARM_UP_MINUTES, log: logger });
        return { url: service.url, apiKey: service.keys.admin, close: () => service.close(), past: () => demoPast(service.control) };
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

  const tray = createTrayController(core.accounts(), {
    trayIconsDir: join(resourcesDir, 'tray'),
    onAction: (action) => void onTrayAction(action),
    onClick: (bounds) => appWindow.toggle(bounds),
  });
  function renderTray(): void {
    tray.render(core.accounts());
  }
  // One poll cycle sends several events (status, snapshot, accounts) in a row: one render serves them all.
  let trayRenderQueued = false;
  function queueTrayRender(): void {
    if (trayRenderQueued) return;
    trayRenderQueued = true;
    setImmediate(() => {
      trayRenderQueued = false;
      // Quitting destroys the tray first; the core's last events must not draw on it.
      if (!stopped) renderTray();
    });
  }
  /** The account's name for a dialog, from the same list the tray shows. */
  const accountLabel = (profileId: ProfileId) => core.accounts().find((account) => account.summary.profileId === profileId)?.summary.label ?? null;
  // "updated N min ago" moves on even when nothing else changes.
  setInterval(renderTray, 60_000).unref();

  /** Opens the UI: the popover by the tray icon, or on Linux (unreliable tray clicks) a normal window; `target` names the view and its account. */
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
    if (event === 'accounts' || event === 'status' || event === 'snapshot' || event === 'notification' || event === 'spendStop') queueTrayRender();
  });

  async function run<C extends Channel>(channel: C, input: ChannelInput<C>): Promise<void> {
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

  /** "Stop all spend…" on one account, from the tray or a notification: one confirmation naming the account, then the per-zone report. */
  async function confirmAndStop(profileId: ProfileId, retry: boolean): Promise<void> {
    const plan = await core.invoke('spend:plan', { profileId, retry } satisfies ChannelInput<'spend:plan'>);
    if (!plan.ok) return void (await showMessage('error', plan.error.message, ''));
    const ask = stopConfirmation(SpendStopPlan.parse(plan.value), retry, accountLabel(profileId));
    if (ask.kind === 'refuse') return void (await showMessage('info', ask.message, ask.detail));
    if ((await showMessage('warning', ask.message, ask.detail, [ask.confirmLabel, 'Cancel'])) !== 0) return;
    await runSpendStop('spend:stop', { profileId, retry });
  }

  async function runSpendStop<C extends 'spend:stop' | 'spend:restore'>(channel: C, input: ChannelInput<C>): Promise<void> {
    // Read before the call: a report still names the account if it is removed meanwhile.
    const label = accountLabel(input.profileId);
    const result = await core.invoke(channel, input);
    if (!result.ok) return void (await showMessage('error', result.error.message, ''));
    const report = SpendStopReport.parse(result.value);
    const partial = report.outcomes.some((o) => o.result === 'failed' || o.result === 'not_tried');
    const text = reportDialog(report, label);
    await showMessage(partial ? 'warning' : 'info', text.message, text.detail);
  }

  /**
   * A notification's action button acts on the notification's account: disabling a zone with open
   * connections still asks first. Without an account to act on, the click opens the view instead.
   */
  async function onNotificationAction(action: NotificationAction, target: NavigateTarget): Promise<void> {
    const { profileId } = target;
    if (profileId === undefined) return openUi(target);
    if (action.kind === 'stopAllSpend') await confirmAndStop(profileId, false);
    else await onTrayAction({ kind: 'toggleZone', profileId, zoneId: action.zoneId, enabled: false });
  }

  async function onTrayAction(action: TrayAction): Promise<void> {
    switch (action.kind) {
      case 'open':
        // "Open Zonewatch" shows the window as the user left it; anything else says where to go, and on which account.
        openUi(
          action.view === 'overview' && action.profileId === undefined
            ? undefined
            : { view: action.view, ...(action.profileId === undefined ? {} : { profileId: action.profileId }), ...(action.focus === undefined ? {} : { focus: action.focus }) },
        );
        break;
      case 'quit':
        app.quit();
        return;
      case 'refresh':
        await run('poll:refreshAll', undefined);
        break;
      case 'setPaused':
        await run('poll:setPaused', { paused: action.paused });
        break;
      case 'snooze':
        await run('notifications:snooze', { until: action.until });
        break;
      case 'stopSpend':
        await confirmAndStop(action.profileId, action.retry);
        break;
      case 'restoreSpend':
        await runSpendStop('spend:restore', { profileId: action.profileId });
        break;
      case 'dismissSpendStop':
        await run('spend:dismiss', { profileId: action.profileId });
        break;
      case 'toggleZone': {
        // The zone of this account: another account may have a zone with the same id.
        const zone = core.snapshot(action.profileId)?.zones[action.zoneId]?.zone;
        const ask = zone ? zoneToggleConfirmation(zone, action.enabled) : null;
        if (ask) {
          const label = accountLabel(action.profileId);
          const message = label === null ? ask.message : `${label}: ${ask.message}`;
          const { response } = await appWindow.whileDialog(() =>
            dialog.showMessageBox({ type: 'warning', title: 'Zonewatch', message, detail: ask.detail, buttons: [ask.confirmLabel, 'Cancel'], defaultId: 1, cancelId: 1 }),
          );
          if (response !== 0) break;
        }
        await run('zones:setEnabled', { profileId: action.profileId, zoneId: action.zoneId, enabled: action.enabled });
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
  // First run (no account yet): open the window so the user can add a key or try the demo.
  if (core.accounts().length === 0) openUi();
  logger.info('app: ready');
}
