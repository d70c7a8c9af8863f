import type { EventName, EventPayload, Result } from '../../shared/ipc';
import { Settings } from '../../shared/settings';
import type { Snapshot } from '../../shared/snapshot';
import type { Status } from '../../shared/status';
import type { AppInfo } from '../../shared/views';
import { createAccountSessions } from './account/session';
import type { RequestRecord } from './api/client';
import type { RetryPolicy } from './api/retry-delay';
import { appStatus } from './state/app-status';
import { createCredentialsClipboard } from './account/credentials-clipboard';
import { toAppError } from './state/error-messages';
import { createAccountHandlers } from './handlers/account-handlers';
import { createAppHandlers } from './handlers/app-handlers';
import { createBillingHandlers } from './handlers/billing-handlers';
import { createKeyHandlers } from './handlers/key-handlers';
import { createNotificationHandlers } from './handlers/notification-handlers';
import { createPollHandlers } from './handlers/poll-handlers';
import { createSettingsHandlers } from './handlers/settings-handlers';
import { createZoneHandlers } from './handlers/zone-handlers';
import { createSpendHandlers } from './handlers/spend-handlers';
import { createSpendStop } from './spend-stop/spend-stop';
import type { SpendStopRecord } from '../../shared/spend-stop';
import { historyPointFrom, HistoryStore } from './state/history-store';
import { dispatch, type HandlerTable } from './ipc-dispatch';
import { type DocumentStoreFactory, openDocument } from './storage/persistence';
import { createPollCycle } from './polling/cycle';
import { createPoller, type ExternalPollInputs, type Poller } from './polling/poller';
import {
  type Clipboard,
  type Clock,
  type DemoService,
  type GlobalShortcuts,
  type LoginItem,
  type Logger,
  type Notifier,
  type PowerState,
  type SaveDialog,
  type SecretBackend,
  type Shell,
  systemClock,
} from './ports';
import { keyFingerprint } from './secrets/key-fingerprint';
import { createSecretStore } from './secrets/secret-store';
import { SnapshotStore } from './state/snapshot-store';
import { createZoneActions } from './account/zone-actions';

export type SecretBackends = {
  keychain?: SecretBackend | null;
  safeStorage?: SecretBackend | null;
  /** Electron's selected safeStorage backend (`basic_text` is refused). */
  safeStorageBackend?: () => string | null;
  memory?: SecretBackend;
};

/** The host ports of electron/core/ports.ts, and a few knobs for tests. */
export type AppCoreDeps = {
  secretBackends: SecretBackends;
  storeFactory: DocumentStoreFactory;
  notifier: Notifier;
  clipboard: Clipboard;
  shell: Shell;
  saveDialog: SaveDialog;
  power: PowerState;
  loginItem: LoginItem;
  /** Absent in tests of the core alone: every accelerator is then accepted. */
  globalShortcuts?: GlobalShortcuts;
  clock?: Clock;
  logger: Logger;
  fetch?: typeof globalThis.fetch;
  demoService?: DemoService | null;
  /** `versions`: the runtimes for diagnostics (diagnostics.ts › runtimeVersions); not sent by `app:info`. */
  appInfo: AppInfo & { versions?: Record<string, string> };
  /** Recent warning and error log lines, already redacted, oldest first: for "Copy diagnostics". */
  recentLogLines?: () => string[];
  /** Told every key the core learns, so the logger can redact it (logger.ts › SecretRegistry). */
  secretRegistry?: { add(secret: string): void };
  /** Where the log files are, for `app:openLogs`. */
  logsPath?: string | null;
  random?: () => number;
  timeoutMs?: number;
  /** The poller's per-cycle deadline and watchdog margin (polling/poller.ts), for tests that want them short. */
  cycleDeadlineMs?: number;
  watchdogMarginMs?: number;
  retry?: RetryPolicy;
  billingPageDelayMs?: number;
  onRequest?: (record: RequestRecord) => void;
};

export type CoreEventListener = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

export type SystemState = { suspended?: boolean; locked?: boolean; online?: boolean };

export type AppCore = {
  handlers: HandlerTable;
  /** Validates the input against the contract and runs the handler; never throws. */
  invoke(channel: unknown, input: unknown): Promise<Result<unknown>>;
  onEvent(listener: CoreEventListener): () => void;
  start(): Promise<void>;
  stop(): Promise<void>;
  setPopoverOpen(open: boolean): void;
  /** Power and network inputs from the host (powerMonitor suspend/resume, lock, online). */
  setSystemState(state: SystemState): void;
  status(): Status;
  snapshot(): Snapshot;
  /** The "stopped by Zonewatch" record of the watched account, for the tray. */
  spendStopRecord(): SpendStopRecord | null;
};

/**
 * The composition root of the core: builds the stores, the poller and the account sessions, and
 * assembles the handler table from its domain groups (handlers/*). What happens after each poll
 * cycle (history, saving, alerts) and the status pushed to the views live here.
 */
export function createAppCore(deps: AppCoreDeps): AppCore {
  const clock = deps.clock ?? systemClock;
  const random = deps.random ?? Math.random;
  const logger = deps.logger;
  const listeners = new Set<CoreEventListener>();

  const settingsDoc = openDocument(deps.storeFactory, 'settings', Settings, () => Settings.parse({}), logger);
  const secrets = createSecretStore({
    keychain: deps.secretBackends.keychain ?? null,
    safeStorage: deps.secretBackends.safeStorage ?? null,
    ...(deps.secretBackends.safeStorageBackend ? { safeStorageBackend: deps.secretBackends.safeStorageBackend } : {}),
    ...(deps.secretBackends.memory ? { memory: deps.secretBackends.memory } : {}),
    logger,
  });

  const store = new SnapshotStore();
  const history = new HistoryStore();
  let popoverOpen = false;
  let system: Required<SystemState> = { suspended: false, locked: false, online: true };
  let userPaused = false;
  let started = false;
  let lastStatusJson = '';

  const emit: CoreEventListener = (event, payload) => {
    for (const listener of listeners) {
      try {
        listener(event, payload);
      } catch (err) {
        logger.warn('core: an event listener failed', { event, error: err });
      }
    }
  };

  store.subscribe((delta) => emit('snapshot', delta));

  const settings = {
    get: () => settingsDoc.get(),
    save(next: Settings): Settings {
      settingsDoc.set(next);
      const saved = settingsDoc.get();
      emit('settings', saved);
      return saved;
    },
  };

  function externalInputs(): ExternalPollInputs {
    const polling = settingsDoc.get().polling;
    let idle = false;
    let locked = system.locked;
    let onBattery = false;
    try {
      // Linux has no lock or battery events: read them at every schedule (DESIGN.md › Polling).
      const state = deps.power.idleState(polling.idleAfterMin * 60);
      idle = state === 'idle';
      locked ||= state === 'locked';
      onBattery = deps.power.onBattery();
    } catch (err) {
      logger.warn('core: power state unreadable', { error: err });
    }
    return {
      polling,
      popoverOpen,
      idle,
      onBattery,
      suspended: system.suspended,
      locked,
      offline: !system.online,
      paused: userPaused,
    };
  }

  const poller: Poller = createPoller({
    clock,
    random,
    inputs: externalInputs,
    runCycle: (request) => pollCycle(request),
    // After the poller recorded the outcome, so the alerts of a cycle that met a 401 see it.
    onSettled: () => {
      try {
        afterCycle();
      } catch (err) {
        logger.error('core: after the poll cycle', { error: err });
      }
    },
    onChange: () => publishStatus(),
    ...(deps.cycleDeadlineMs !== undefined ? { cycleDeadlineMs: deps.cycleDeadlineMs } : {}),
    ...(deps.watchdogMarginMs !== undefined ? { watchdogMarginMs: deps.watchdogMarginMs } : {}),
  });

  const sessions = createAccountSessions({
    storeFactory: deps.storeFactory,
    secrets,
    settings,
    store,
    history,
    poller,
    started: () => started,
    publishStatus: () => publishStatus(),
    onNotification: (record) => emit('notification', record),
    notifier: deps.notifier,
    clock,
    random,
    logger,
    demoService: deps.demoService ?? null,
    secretRegistry: deps.secretRegistry ?? null,
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
    ...(deps.timeoutMs ? { timeoutMs: deps.timeoutMs } : {}),
    ...(deps.retry ? { retry: deps.retry } : {}),
    ...(deps.onRequest ? { onRequest: deps.onRequest } : {}),
  });

  const pollCycle = createPollCycle({
    client: () => sessions.current()?.client ?? null,
    store,
    now: () => clock.now(),
    pinnedIds: () => sessions.current()?.profile.pinnedZoneIds ?? [],
    toAppError: (err) => toAppError(err),
    billingCache: () => sessions.current()?.billingDoc ?? null,
  });

  function afterCycle(): void {
    const session = sessions.current();
    if (!session) return;
    const snapshot = store.get();
    const fetchedAt = snapshot.account.fetchedAt === null ? null : Date.parse(snapshot.account.fetchedAt);
    if (session.keyUncheckedSince !== null && fetchedAt !== null && fetchedAt >= session.keyUncheckedSince) session.keyUncheckedSince = null;
    // Stamped with when its data was fetched: a failed cycle fetched nothing new and adds no point.
    const point = historyPointFrom(snapshot);
    if (point !== null) history.add(point);
    sessions.persist();
    try {
      session.alerts.onCycle({
        snapshot,
        history: history.all(),
        status: status(),
        billing: session.billingDoc.get().asOf === null ? null : session.billingDoc.get().entries,
        keyFingerprint: keyFingerprint(session.key),
      });
    } catch (err) {
      logger.error('core: the alert rules failed', { error: err });
    }
  }

  function status(): Status {
    return appStatus({
      poller: poller.state(),
      session: sessions.current(),
      accountFetchedAt: store.get().account.fetchedAt,
      inputs: externalInputs(),
      now: clock.now(),
    });
  }

  function publishStatus(): void {
    const next = status();
    const json = JSON.stringify(next);
    if (json === lastStatusJson) return;
    lastStatusJson = json;
    emit('status', next);
  }

  function setPopoverOpen(open: boolean): void {
    if (popoverOpen === open) return;
    popoverOpen = open;
    poller.reschedule();
    publishStatus();
  }

  const credentials = createCredentialsClipboard({ clipboard: deps.clipboard, clock, logger });
  const billing = createBillingHandlers({
    sessions,
    saveDialog: deps.saveDialog,
    shell: deps.shell,
    clock,
    onSyncProgress: (progress) => {
      emit('billingSync', progress);
      // The status counts the cache's unreadable entries: a finished sync may have changed them.
      if (progress.done) publishStatus();
    },
    ...(deps.billingPageDelayMs !== undefined ? { billingPageDelayMs: deps.billingPageDelayMs } : {}),
  });

  const spendStop = createSpendStop({
    sessions,
    store,
    status,
    clock,
    logger,
    onChange: (record) => emit('spendStop', { record }),
  });

  const handlers: HandlerTable = {
    ...createPollHandlers({
      sessions,
      store,
      history,
      poller,
      setUserPaused: (paused) => (userPaused = paused),
      status,
      publishStatus,
    }),
    ...createZoneHandlers({
      sessions,
      store,
      actions: createZoneActions({ client: () => sessions.require().client, store, now: () => clock.now() }),
      poller,
      credentials,
      logger,
    }),
    ...createSpendHandlers({ spendStop, logger }),
    ...billing.handlers,
    ...createAccountHandlers({ sessions, store, shell: deps.shell, clock, logger }),
    ...createSettingsHandlers({ settings, sessions, secrets, loginItem: deps.loginItem, globalShortcuts: deps.globalShortcuts ?? null, poller, publishStatus }),
    ...createKeyHandlers({ settings, sessions, secrets, storeFactory: deps.storeFactory, status, publishStatus }),
    ...createNotificationHandlers({ sessions, status, publishStatus }),
    ...createAppHandlers({
      sessions,
      store,
      settings,
      status,
      setPopoverOpen,
      appInfo: deps.appInfo,
      recentLogLines: deps.recentLogLines ?? null,
      logsPath: deps.logsPath ?? null,
      shell: deps.shell,
      clipboard: deps.clipboard,
      logger,
    }),
  };

  return {
    handlers,
    invoke: (channel, input) => dispatch(handlers, channel, input, (err) => toAppError(err)),
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async start() {
      if (started) return;
      started = true;
      await sessions.resumeProfile();
      if (sessions.current()) poller.start();
      publishStatus();
    },
    async stop() {
      started = false;
      poller.stop();
      credentials.cancel();
      await billing.stopSync();
      sessions.persist({ force: true });
      if (sessions.current()?.demo) sessions.end();
      await sessions.stopDemo();
    },
    setPopoverOpen,
    setSystemState(state) {
      const wasOnline = system.online;
      system = { ...system, ...state };
      poller.reschedule();
      publishStatus();
      if (!wasOnline && system.online) logger.info('core: back online');
    },
    status,
    snapshot: () => store.get(),
    spendStopRecord: () => spendStop.record(),
  };
}
