import type { AccountsOverview } from '../../shared/accounts';
import type { EventName, EventPayload, Result } from '../../shared/ipc';
import type { AppState } from '../../shared/app-state';
import type { AppUpdate } from '../../shared/app-update';
import type { Snapshot } from '../../shared/snapshot';
import type { Status } from '../../shared/status';
import type { AppInfo } from '../../shared/views';
import { createAccountRegistry } from './accounts/account-registry';
import { checkNewKey } from './accounts/key-check';
import { createKeyAdmission } from './accounts/key-admission';
import { createRequestBudget, type RequestBudget } from './accounts/request-budget';
import { createApiClient } from './api/client';
import { createAppConditions, type SystemState } from './app-wide/app-conditions';
import { openAppDocuments } from './app-wide/app-documents';
import { createSettingsStore } from './app-wide/settings-store';
import { createSecretRegistry, type SecretRegistry } from './diagnostics/logger';
import { toAppError } from './error-messages';
import { createHandlerTable } from './handlers/handler-table';
import { createRecentChoices } from './palette/recent-choices';
import { dispatch, type HandlerTable } from './ipc-dispatch';
import type { AppNotices } from './notices/app-notices';
import { openAppNotices, setAsideTeller } from './notices/set-aside-notice';
import { writeFailureTeller } from './notices/write-failure-notice';
import { baseIntervalMs } from './polling/schedule';
import { type Clipboard, type Clock, type DemoService, type GlobalShortcuts, type LoginItem, type Logger, type NewId, type Notifier, type PowerState, type Random, type SaveDialog, type SecretBackend, type Shell, systemClock, systemNewId, systemRandom } from './ports';
import { accountsOverview, accountTotals } from './readout/account-readout';
import { createSecretStore } from './secrets/secret-store';
import type { DocumentStoreFactory } from './storage/persistence';
import { removeLeftoverTempFiles, storeFolder } from './storage/store-folder';
import { watchedStoreFactory } from './storage/watched-writes';
import { accountPeriodInput } from './digest/account-period-input';
import { createDigestSender } from './digest/digest-sender';
import type { HttpOptions } from './api/http-options';
import type { Tuning } from './tuning';
import { createUpdateService } from './updates/update-service';
import type { UpdateHost } from './updates/updater-port';
import { openAccountFiles } from './watch/account-files';
import { createAccountWatch } from './watch/account-watch';
import { onlyWhenChanged } from './app-wide/changed-value';
import { callEach } from './app-wide/call-each';
import { type OpenHistory, openHistorySource } from './history/history-source';
import { createCredentialsClipboard } from './zones/credentials-clipboard';
import { createAlertChannels } from './outbox/alert-channels';

export type { SystemState };

export type SecretBackends = {
  keychain?: SecretBackend | null;
  safeStorage?: SecretBackend | null;
  /** Electron's selected safeStorage backend (`basic_text` is refused). */
  safeStorageBackend?: () => string | null;
  memory?: SecretBackend;
};

/** The host's ports (electron/core/ports.ts), what the app says about itself, and the test knobs grouped. */
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
  random?: Random;
  /** Names every record the core writes (journal runs, notices, alerts, profiles); the system's UUIDs unless a seeded host brings its own. */
  newId?: NewId;
  logger: Logger;
  demoService?: DemoService | null;
  /** `versions`: the runtimes for diagnostics (diagnostics.ts › runtimeVersions); not sent by `app:info`. */
  appInfo: AppInfo & { versions?: Record<string, string> };
  /** Recent warning and error log lines, already redacted, oldest first: for "Copy diagnostics". */
  recentLogLines?: () => string[];
  /** The logger's redaction list (diagnostics/logger.ts › SecretRegistry); the core keeps its own when absent. */
  secretRegistry?: Pick<SecretRegistry, 'add' | 'values'>;
  /** Where the log files are, for `app:openLogs`. */
  logsPath?: string | null;
  /** How every request is sent (the host's fetch, deadlines, retries). */
  http?: HttpOptions;
  /** The loops' timings, for tests that want them short. */
  tuning?: Tuning;
  /** The request budget all accounts share; the standard one (4 in flight, 2 per account) unless a test brings its own. */
  budget?: RequestBudget;
  /** Whether and how this copy updates itself; absent: it does not (the browser shell, tests of the core alone). */
  updates?: UpdateHost;
  /** The data folder's history database (main: its worker thread); absent: in this thread (history/history-source.ts). */
  openHistory?: OpenHistory;
};

export type CoreEventListener = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

export type AppCore = {
  handlers: HandlerTable;
  /** Validates the input against the contract and runs the handler; never throws. */
  invoke(channel: unknown, input: unknown): Promise<Result<unknown>>;
  onEvent(listener: CoreEventListener): () => void;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** The window opened or closed; opening it clears every account's unseen attention. */
  setWindowOpen(open: boolean): void;
  /** Power and network inputs from the host (powerMonitor suspend/resume, lock, online). */
  setSystemState(state: SystemState): void;
  /** Every watched account's read model in the user's order (the demo last), and the totals. */
  overview(): AccountsOverview;
  app(): AppState;
  status(profileId: string): Status | null;
  snapshot(profileId: string): Snapshot | null;
  /** The update view Settings shows, for the tray. */
  appUpdate(): AppUpdate;
  /** The app-wide notices (docs/architecture.md › Notices): what any part of the app raises for the user to see. */
  notices: AppNotices;
};

/**
 * The composition root of the core: the settings, the app-wide conditions, the secret store, the
 * request budget and the registry of watched accounts, each with its own loop, caches and alerts;
 * the handler table routes every account-scoped channel to the account its input names.
 */
export function createAppCore(deps: AppCoreDeps): AppCore {
  const clock = deps.clock ?? systemClock;
  const random = deps.random ?? systemRandom;
  const newId = deps.newId ?? systemNewId;
  const { logger } = deps;
  const http: HttpOptions = { random, ...deps.http };
  const tuning = deps.tuning ?? {};
  const listeners = new Set<CoreEventListener>();
  const emit: CoreEventListener = (event, payload) =>
    callEach(listeners, (listener) => listener(event, payload), (err) => logger.warn('core: an event listener failed', { event, error: err }));

  const now = () => clock.now();
  removeLeftoverTempFiles(storeFolder(deps.storeFactory), logger);
  const { notices, tell } = openAppNotices({ storeFactory: deps.storeFactory, notifier: deps.notifier, clock, newId, logger, publish: (list) => emit('notices', list) });
  // Every store after the notices' own: a write the data folder refuses is said once (docs/architecture.md › Notices).
  const storeFactory = watchedStoreFactory(deps.storeFactory, writeFailureTeller(notices, now));
  const documents = openAppDocuments({ storeFactory, logger, now, tell });
  const history = openHistorySource({ ...(deps.openHistory ? { open: deps.openHistory } : {}), folder: storeFolder(deps.storeFactory), now, logger, tell, raise: (notice) => void notices.raise(notice) });
  const settings = createSettingsStore({
    doc: documents.settings,
    onSaved: (saved) => {
      emit('settings', saved);
      publishList();
      updates.settingsChanged();
    },
  });
  const conditions = createAppConditions({ settings, snoozeDoc: documents.snooze, power: deps.power, clock, logger });
  const secrets = createSecretStore({
    keychain: deps.secretBackends.keychain ?? null,
    safeStorage: deps.secretBackends.safeStorage ?? null,
    ...(deps.secretBackends.safeStorageBackend ? { safeStorageBackend: deps.secretBackends.safeStorageBackend } : {}),
    ...(deps.secretBackends.memory ? { memory: deps.secretBackends.memory } : {}),
    logger,
  });
  const budget = deps.budget ?? createRequestBudget();
  const redaction = deps.secretRegistry ?? createSecretRegistry();
  const updates = createUpdateService({ host: deps.updates ?? null, currentVersion: deps.appInfo.version, automatic: () => settings.get().updateAutomatically, clock, logger, publish: (view) => emit('appUpdate', view) });
  const credentials = createCredentialsClipboard({ clipboard: deps.clipboard, clock, logger });
  const channels = createAlertChannels({ factory: storeFactory, onSetAside: documents.channelsTell, secrets, redaction, settings: () => settings.get(), clock, random, newId: () => newId().replace(/-/g, ''), fetch: http.fetch ?? globalThis.fetch, logger, publish: { channels: (list) => emit('channels', list), deliveries: (list) => emit('deliveries', list) }, ...tuning.outbox });
  let started = false;

  // docs/architecture.md › Digest: checked whenever an account has news, sent once per period for all accounts.
  const digest = createDigestSender({ factory: storeFactory, onSetAside: documents.digestTell, logger, notifier: deps.notifier, now, settings: () => settings.get(),
    accounts: (period) => Promise.all(accounts.all().map((account) => accountPeriodInput(account, period))), route: (note) => channels.routeNote({ ...note, account: null }),
  });
  const accounts = createAccountRegistry({
    newWatch: (profile, { demo, key, overdueDelayMs, demoPast }) =>
      createAccountWatch({
        profile,
        demo,
        key,
        files: openAccountFiles(profile.id, { demo, storeFactory, history: history.forAccount(profile.id, demo), timers: clock, logger, now, newId, tell: setAsideTeller(notices, profile.id) }),
        demoPast,
        http,
        budget,
        tuning,
        clock, random, newId,
        logger,
        notifier: deps.notifier,
        credentials,
        host: {
          app: () => conditions.state(),
          pollInputs: () => conditions.pollInputs(),
          windowOpen: () => conditions.windowOpen(),
          alertSettings: () => settings.get(),
          snooze: conditions.snoozeStore,
          accountCount: () => accounts.all().length,
          overdueDelayMs,
          saveProfile: (next) => settings.saveProfile(next),
          raise: (input) => channels.interrupted(notices.raise(input), input, accounts.get(profile.id)?.profile().label ?? profile.label),
          routeNotification: (record, label, zoneName) => channels.routeNotification(record, label, zoneName),
        },
        send: (change) => {
          emit('account', { ...change, totals: accountTotals(accounts.all().map((account) => account.published())) });
          void digest.tick();
        },
        syncProgress: (progress) => emit('billingSync', { ...progress, profileId: profile.id }),
      }),
    settings,
    secrets,
    demoService: deps.demoService ?? null,
    logger,
    intervalMs: () => baseIntervalMs(conditions.pollInputs()),
    started: () => started,
    onChange: () => publishList(),
    redaction,
  });

  const overview = (): AccountsOverview => accountsOverview(accounts.all().map((account) => account.published()));
  // The list itself (added, removed, reordered, renamed); each account's own changes go as `account` updates.
  const publishChangedList = onlyWhenChanged<AccountsOverview>((next) => emit('accounts', next));
  function publishList(): void {
    publishChangedList(overview());
  }

  /** The app-wide state changed: every account replans and says what it is doing now, and the views hear it once. */
  function appChanged(): void {
    for (const account of accounts.all()) account.reschedule();
    emit('app', conditions.state());
  }

  function setWindowOpen(open: boolean): void {
    if (!conditions.setWindowOpen(open)) return;
    if (open) for (const account of accounts.all()) account.windowOpened();
    for (const account of accounts.all()) account.reschedule();
  }

  const handlers = createHandlerTable({
    accounts,
    admission: createKeyAdmission({
      accounts,
      settings,
      secrets,
      // A client of its own for the check, sent through no budget: the key is not an account's yet.
      check: (baseUrl, apiKey) => checkNewKey(createApiClient({ ...http, baseUrl, getApiKey: () => apiKey }), logger),
      newId,
    }),
    settings,
    secrets,
    storeFactory,
    forgetHistory: (profileId) => history.forget(profileId),
    overview,
    conditions: {
      state: () => conditions.state(),
      setPaused: (paused) => void (conditions.setPaused(paused) && appChanged()),
      snooze: (choice) => {
        const until = conditions.snooze(choice);
        emit('app', conditions.state());
        return until;
      },
    },
    paletteRecent: createRecentChoices(documents.paletteRecent, () => new Set(accounts.all().map((watch) => watch.id))),
    settingsChanged: () => accounts.all().forEach((account) => account.reschedule()),
    updates,
    notices,
    redaction,
    channels,
    ports: { saveDialog: deps.saveDialog, shell: deps.shell, clipboard: deps.clipboard, loginItem: deps.loginItem, globalShortcuts: deps.globalShortcuts, appInfo: deps.appInfo, recentLogLines: deps.recentLogLines, logsPath: deps.logsPath },
    clock,
    logger,
  });

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
      publishList();
      updates.start();
    },
    async stop() {
      started = false;
      for (const part of [updates, channels]) part.stop();
      await credentials.clearNow();
      await accounts.stopAll();
      await accounts.stopDemo();
      await history.close();
    },
    setWindowOpen,
    setSystemState(state) {
      if (!conditions.setSystem(state)) return;
      appChanged();
      updates.setOnline(!conditions.state().offline);
    },
    overview,
    app: () => conditions.state(),
    status: (profileId) => accounts.get(profileId)?.status() ?? null,
    snapshot: (profileId) => accounts.get(profileId)?.snapshot() ?? null,
    appUpdate: () => updates.view(),
    notices,
  };
}
