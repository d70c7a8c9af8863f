import { z } from 'zod';
import type { AccountsOverview } from '../../shared/accounts';
import { ACCOUNT_CHANNELS, type AccountChannel, type EventName, type EventPayload, type Result } from '../../shared/ipc';
import { Settings } from '../../shared/settings';
import type { Snapshot } from '../../shared/snapshot';
import type { SpendStopRecord } from '../../shared/spend-stop';
import type { Status } from '../../shared/status';
import type { AppInfo } from '../../shared/views';
import { Timestamp } from '../../shared/api/timestamp';
import { createAccountRegistry } from './accounts/account-registry';
import { accountsOverview } from './accounts/account-summary';
import { createRequestBudget, type RequestBudget } from './accounts/request-budget';
import type { SnoozeStore } from './alerts/alert-center';
import { snoozeEnd } from './alerts/time/snooze';
import type { RequestRecord } from './api/client';
import type { RetryPolicy } from './api/retry-delay';
import { createCredentialsClipboard } from './account/credentials-clipboard';
import { onlyWhenChanged } from './state/changed-value';
import { toAppError } from './state/error-messages';
import { createAccountsHandlers } from './handlers/accounts-handlers';
import { createAppHandlers } from './handlers/app-handlers';
import { createAllHistoryHandlers } from './handlers/history-handlers';
import { createSettingsHandlers } from './handlers/settings-handlers';
import { dispatch, type HandlerTable } from './ipc-dispatch';
import { type DocumentStoreFactory, openDocument } from './storage/persistence';
import type { ExternalPollInputs } from './polling/poller';
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
import { createSecretStore } from './secrets/secret-store';
import type { TrayAccount } from './tray/tray-account';

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
  /** The request budget all accounts share; the standard one (4 in flight, 2 per account) unless a test brings its own. */
  budget?: RequestBudget;
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
  /** The window opened or closed; opening it clears every account's unseen attention. */
  setPopoverOpen(open: boolean): void;
  /** Power and network inputs from the host (powerMonitor suspend/resume, lock, online). */
  setSystemState(state: SystemState): void;
  /** Every watched account, in the user's order (the demo last), as the tray reads it. */
  accounts(): TrayAccount[];
  overview(): AccountsOverview;
  status(profileId: string): Status | null;
  snapshot(profileId: string): Snapshot | null;
  /** The "stopped by Zonewatch" record of one account, for the tray. */
  spendStopRecord(profileId: string): SpendStopRecord | null;
};

const SnoozeDoc = z.object({ until: Timestamp.nullable() });

/**
 * The composition root of the core: the settings, the secret store, the request budget and the
 * registry of watched accounts (accounts/*), each with its own poller, caches and alerts; the
 * handler table routes every account-scoped channel to the account its input names.
 */
export function createAppCore(deps: AppCoreDeps): AppCore {
  const clock = deps.clock ?? systemClock;
  const random = deps.random ?? Math.random;
  const logger = deps.logger;
  const listeners = new Set<CoreEventListener>();

  const settingsDoc = openDocument(deps.storeFactory, 'settings', Settings, () => Settings.parse({}), logger);
  const snoozeDoc = openDocument(deps.storeFactory, 'snooze', SnoozeDoc, () => ({ until: null }), logger);
  const secrets = createSecretStore({
    keychain: deps.secretBackends.keychain ?? null,
    safeStorage: deps.secretBackends.safeStorage ?? null,
    ...(deps.secretBackends.safeStorageBackend ? { safeStorageBackend: deps.secretBackends.safeStorageBackend } : {}),
    ...(deps.secretBackends.memory ? { memory: deps.secretBackends.memory } : {}),
    logger,
  });
  const budget = deps.budget ?? createRequestBudget();

  let popoverOpen = false;
  let system: Required<SystemState> = { suspended: false, locked: false, online: true };
  let userPaused = false;
  let started = false;

  const emit: CoreEventListener = (event, payload) => {
    for (const listener of listeners) {
      try {
        listener(event, payload);
      } catch (err) {
        logger.warn('core: an event listener failed', { event, error: err });
      }
    }
  };

  const settings = {
    get: () => settingsDoc.get(),
    save(next: Settings): Settings {
      settingsDoc.set(next);
      const saved = settingsDoc.get();
      emit('settings', saved);
      publishOverview();
      return saved;
    },
  };

  // One snooze for every account, as quiet hours are one.
  const snooze: SnoozeStore = {
    get: () => snoozeDoc.get().until,
    set: (until) => snoozeDoc.set({ until }),
  };

  function externalInputs(): ExternalPollInputs {
    const polling = settingsDoc.get().polling;
    let idle = false;
    let locked = system.locked;
    let onBattery = false;
    try {
      // Linux has no lock or battery events: read them at every schedule (docs/architecture.md › Polling).
      const state = deps.power.idleState(polling.idleAfterMin * 60);
      idle = state === 'idle';
      locked ||= state === 'locked';
      onBattery = deps.power.onBattery();
    } catch (err) {
      logger.warn('core: power state unreadable', { error: err });
    }
    return { polling, popoverOpen, idle, onBattery, suspended: system.suspended, locked, offline: !system.online, paused: userPaused };
  }

  const credentials = createCredentialsClipboard({ clipboard: deps.clipboard, clock, logger });

  const accounts = createAccountRegistry({
    shared: {
      storeFactory: deps.storeFactory,
      settings,
      budget,
      snooze,
      credentials,
      notifier: deps.notifier,
      saveDialog: deps.saveDialog,
      shell: deps.shell,
      clock,
      random,
      logger,
      inputs: externalInputs,
      popoverOpen: () => popoverOpen,
      emit: (event, payload) => emit(event, payload),
      onChange: () => publishOverview(),
      ...(deps.fetch ? { fetch: deps.fetch } : {}),
      ...(deps.timeoutMs ? { timeoutMs: deps.timeoutMs } : {}),
      ...(deps.retry ? { retry: deps.retry } : {}),
      ...(deps.onRequest ? { onRequest: deps.onRequest } : {}),
      ...(deps.cycleDeadlineMs !== undefined ? { cycleDeadlineMs: deps.cycleDeadlineMs } : {}),
      ...(deps.watchdogMarginMs !== undefined ? { watchdogMarginMs: deps.watchdogMarginMs } : {}),
      ...(deps.billingPageDelayMs !== undefined ? { billingPageDelayMs: deps.billingPageDelayMs } : {}),
    },
    secrets,
    settings,
    demoService: deps.demoService ?? null,
    logger,
    started: () => started,
    onChange: () => publishOverview(),
    secretRegistry: deps.secretRegistry ?? null,
  });

  function overview(): AccountsOverview {
    return accountsOverview(accounts.all().map((account) => account.summary()));
  }

  const publishChangedOverview = onlyWhenChanged<AccountsOverview>((next) => emit('accounts', next));
  let overviewQueued = false;
  /**
   * Every account's status, snapshot change and notification may change the overview, and one
   * cycle makes several of them at once: the summaries of every account are computed once for them all.
   */
  function publishOverview(): void {
    if (overviewQueued) return;
    overviewQueued = true;
    queueMicrotask(() => {
      overviewQueued = false;
      publishChangedOverview(overview());
    });
  }

  /** Every account reads the host's inputs again: the next cycle's time and the status may change. */
  function rescheduleAll(): void {
    for (const account of accounts.all()) {
      account.poller.reschedule();
      account.publishStatus();
    }
    publishOverview();
  }

  function setPopoverOpen(open: boolean): void {
    if (popoverOpen === open) return;
    popoverOpen = open;
    if (open) for (const account of accounts.all()) account.clearAttention();
    rescheduleAll();
  }

  // Each account-scoped channel goes to the account its input names; main keeps no selection.
  const routed = Object.fromEntries(
    ACCOUNT_CHANNELS.map((channel) => [channel, (input: { profileId: string }) => (accounts.require(input.profileId).handlers[channel] as (args: unknown) => Promise<unknown>)(input)]),
  ) as unknown as Pick<HandlerTable, AccountChannel>;

  const handlers: HandlerTable = {
    ...routed,
    ...createAccountsHandlers({
      accounts,
      settings,
      secrets,
      storeFactory: deps.storeFactory,
      overview,
      setUserPaused: (paused) => (userPaused = paused),
      snooze: (until) => {
        const end = snoozeEnd(until, clock.now());
        const iso = end === null ? null : new Date(end).toISOString();
        snooze.set(iso);
        return iso;
      },
      saveDialog: deps.saveDialog,
      clock,
      logger,
      random,
      ...(deps.fetch ? { fetch: deps.fetch } : {}),
      ...(deps.timeoutMs ? { timeoutMs: deps.timeoutMs } : {}),
      ...(deps.retry ? { retry: deps.retry } : {}),
    }),
    ...createSettingsHandlers({ settings, loginItem: deps.loginItem, globalShortcuts: deps.globalShortcuts ?? null, onChanged: rescheduleAll }),
    ...createAllHistoryHandlers({
      accounts: () => accounts.all().map((account) => ({ id: account.id, label: account.profile().label, demo: account.demo, ledger: account.zoneHistory.ledger })),
      saveDialog: deps.saveDialog,
      clock,
    }),
    ...createAppHandlers({
      knownKeys: () => accounts.knownKeys(),
      accounts: () =>
        accounts.all().map((account) => {
          const snapshot = account.store.get();
          return { status: account.status(), zonesKnown: Object.keys(snapshot.zones).length, zonesNotYetKnown: snapshot.discovery.notYetKnown };
        }),
      settings,
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
      await accounts.resumeAll();
      started = true;
      accounts.startAll();
      publishOverview();
    },
    async stop() {
      started = false;
      await credentials.clearNow();
      await accounts.stopAll();
      await accounts.stopDemo();
    },
    setPopoverOpen,
    setSystemState(state) {
      const wasOnline = system.online;
      system = { ...system, ...state };
      rescheduleAll();
      if (!wasOnline && system.online) logger.info('core: back online');
    },
    accounts: () => accounts.all().map((account) => account.trayAccount()),
    overview,
    status: (profileId) => accounts.get(profileId)?.status() ?? null,
    snapshot: (profileId) => accounts.get(profileId)?.store.get() ?? null,
    spendStopRecord: (profileId) => accounts.get(profileId)?.session.spendStopDoc.get() ?? null,
  };
}
