import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { AppError } from '../../shared/app-error';
import { HistoryPoint } from '../../shared/history';
import type { Channel, EventName, EventPayload, Result } from '../../shared/ipc';
import type { Zone } from '../../shared/api/zone';
import { DEFAULT_BASE_URL, DEMO_PROFILE_ID, type Profile, Settings } from '../../shared/settings';
import { emptySnapshot, Snapshot } from '../../shared/snapshot';
import type { KeyBackend, Status } from '../../shared/status';
import type { AppInfo, BillingSyncProgress } from '../../shared/views';
import { type ApiClient, createApiClient, type RequestRecord } from './api/api-client';
import { ApiError } from './api/api-error';
import { type AlertCenter, createAlertCenter, NotificationHistory } from './alerts/alert-center';
import { AlertMemory, emptyAlertMemory } from './alerts/alert-memory';
import type { RetryPolicy } from './api/retry-delay';
import { BillingCache, emptyBillingCache, isKnownDocumentUrl, queryBillingCache, selectBillingEntries } from './billing-cache';
import { billingCsv } from './billing-csv';
import { syncBilling } from './billing-sync';
import { diagnosticsText } from './diagnostics';
import { toAppError } from './error-messages';
import { historyPointFrom, HistoryStore, storedHistory, withoutZoneDetail } from './history-store';
import { dispatch, HandlerError, type HandlerTable } from './ipc-dispatch';
import { createMemoryStore, type DocumentStoreFactory, openDocument, type PersistentDocument } from './persistence';
import { adviseOnPlans } from './plan-advice';
import { baseIntervalMs } from './poll-schedule';
import { createPollCycle } from './poll-cycle';
import { createPoller, type ExternalPollInputs, type Poller, type PollerState } from './poller';
import {
  type Clipboard,
  type Clock,
  type DemoService,
  type LoginItem,
  type Logger,
  type Notifier,
  type PowerState,
  type SaveDialog,
  type SecretBackend,
  type Shell,
  systemClock,
} from './ports';
import {
  activeProfile,
  demoProfile,
  eraseProfileData,
  profileDocumentName,
  profileForNewKey,
  updateProfile,
  withoutProfile,
} from './profiles';
import { createSecretStore, type SecretStore } from './secret-store';
import { SnapshotStore } from './snapshot-store';
import { createZoneActions, type ZoneActions } from './zone-actions';
import { parsePinnedIds, verifyPinnedIds } from './zone-discovery';

/** DESIGN.md › Client behaviour › Secrets: copied credentials leave the clipboard after 30 s. */
export const CLIPBOARD_CLEAR_MS = 30_000;
/** Data older than this (or two intervals, if longer) counts as stale. */
const STALE_AFTER_MS = 5 * 60_000;

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
};

const HistoryDoc = z.array(HistoryPoint);

type Session = {
  profile: Profile;
  demo: boolean;
  key: string;
  keyBackend: KeyBackend;
  client: ApiClient;
  snapshotDoc: PersistentDocument<Snapshot>;
  historyDoc: PersistentDocument<HistoryPoint[]>;
  billingDoc: PersistentDocument<BillingCache>;
  alerts: AlertCenter;
  unsubscribeAlerts: () => void;
  /**
   * Null once the service has accepted the key; otherwise when it was set, unchecked because the
   * service could not be asked (network, timeout, 5xx). The first account fetch after it settles it.
   */
  keyUncheckedSince: number | null;
};

/** Said in the status while a new key waits for its first answer from the service. */
export const KEY_NOT_CHECKED_MESSAGE = 'The new API key is saved, but Zonewatch could not check it with the service yet.';
/** `key:set` with a key the service answers 401 to: nothing is stored. */
export const KEY_REJECTED_MESSAGE = 'The service rejected this API key. Check it in your dashboard and paste it again.';

/** The composition root of the core: every IPC channel, the poller, the caches and the events. */
export function createAppCore(deps: AppCoreDeps): AppCore {
  const clock = deps.clock ?? systemClock;
  const random = deps.random ?? Math.random;
  const logger = deps.logger;
  const listeners = new Set<CoreEventListener>();
  const memoryFactory: DocumentStoreFactory = (name) => createMemoryStore(name);

  const settingsDoc = openDocument(deps.storeFactory, 'settings', Settings, () => Settings.parse({}), logger);
  const secrets: SecretStore = createSecretStore({
    keychain: deps.secretBackends.keychain ?? null,
    safeStorage: deps.secretBackends.safeStorage ?? null,
    ...(deps.secretBackends.safeStorageBackend ? { safeStorageBackend: deps.secretBackends.safeStorageBackend } : {}),
    ...(deps.secretBackends.memory ? { memory: deps.secretBackends.memory } : {}),
    logger,
  });

  const store = new SnapshotStore();
  const history = new HistoryStore();
  let session: Session | null = null;
  let demoHandle: { url: string; apiKey: string; close(): Promise<void> } | null = null;
  let popoverOpen = false;
  let system: Required<SystemState> = { suspended: false, locked: false, online: true };
  let userPaused = false;
  let started = false;
  let billingSyncRun: Promise<BillingSyncProgress> | null = null;
  let clipboardTimer: unknown = null;
  let lastStatusJson = '';
  /** Every key seen this session, so diagnostics can redact one a log line may have quoted. */
  const knownKeys = new Set<string>();
  const rememberKey = (key: string) => {
    knownKeys.add(key);
    deps.secretRegistry?.add(key);
  };

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

  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

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
    runCycle: async (request) => {
      try {
        await pollCycle(request);
      } finally {
        afterCycle();
      }
    },
    onChange: () => publishStatus(),
  });

  const pollCycle = createPollCycle({
    client: () => session?.client ?? null,
    store,
    now: () => clock.now(),
    pinnedIds: () => session?.profile.pinnedZoneIds ?? [],
    toAppError: (err) => toAppError(err),
  });

  const actions: ZoneActions = createZoneActions({ client: () => requireSession().client, store, now: () => clock.now() });

  function afterCycle(): void {
    if (!session) return;
    const snapshot = store.get();
    const fetchedAt = snapshot.account.fetchedAt === null ? null : Date.parse(snapshot.account.fetchedAt);
    if (session.keyUncheckedSince !== null && fetchedAt !== null && fetchedAt >= session.keyUncheckedSince) session.keyUncheckedSince = null;
    if (snapshot.account.data || Object.keys(snapshot.zones).length > 0) {
      history.add(historyPointFrom(snapshot, clock.now()));
    }
    persist();
    try {
      session.alerts.onCycle({
        snapshot,
        history: history.all(),
        status: status(),
        billing: session.billingDoc.get().asOf === null ? null : session.billingDoc.get().entries,
      });
    } catch (err) {
      logger.error('core: the alert rules failed', { error: err });
    }
  }

  function persist(): void {
    if (!session) return;
    try {
      session.snapshotDoc.set(store.get());
      session.historyDoc.set(storedHistory(history.all()));
    } catch (err) {
      logger.error('core: could not save the snapshot cache', { error: err });
    }
  }

  function requireSession(): Session {
    if (!session) throw new HandlerError({ kind: 'no_key', message: 'No API key is set. Add one in Settings to start watching the account.' });
    return session;
  }

  function pollerStateToStatus(p: PollerState): Status {
    const s = session;
    const lastSuccess = p.lastSuccessAt ?? (store.get().account.fetchedAt ? Date.parse(store.get().account.fetchedAt!) : null);
    const interval = baseIntervalMs(externalInputs());
    const now = clock.now();
    const stale = s !== null && lastSuccess !== null && now - lastSuccess > Math.max(2 * interval, STALE_AFTER_MS);
    const inputs = externalInputs();
    let poll: Status['poll'] = 'running';
    if (!s) poll = 'no_key';
    else if (p.unauthorized) poll = 'stopped_unauthorized';
    else if (p.noKey) poll = 'no_key';
    else if (inputs.suspended || inputs.locked) poll = 'suspended';
    else if (userPaused || inputs.offline) poll = 'paused';
    let lastError: AppError | null =
      p.lastError === null
        ? null
        : toAppError(p.lastError, {
            showingDataFrom: lastSuccess,
            retryInMs: p.nextPollAt === null ? null : Math.max(0, p.nextPollAt - now),
          });
    const keyUnchecked = s !== null && s.keyUncheckedSince !== null && !p.unauthorized;
    if (keyUnchecked && lastError !== null) lastError = { ...lastError, message: `${KEY_NOT_CHECKED_MESSAGE} ${lastError.message}` };
    const networkDown = p.lastError instanceof ApiError && (p.lastError.kind === 'network' || p.lastError.kind === 'timeout');
    return {
      poll,
      refreshing: p.refreshing,
      lastSuccessAt: iso(lastSuccess),
      lastAttemptAt: iso(p.lastAttemptAt),
      nextPollAt: iso(p.nextPollAt),
      consecutiveFailures: p.consecutiveFailures,
      lastError,
      offline: inputs.offline || networkDown,
      stale,
      auth: !s ? 'no_key' : p.unauthorized ? 'rejected' : !keyUnchecked && lastSuccess !== null && p.lastSuccessAt !== null ? 'ok' : 'unknown',
      keyBackend: s?.keyBackend ?? 'none',
      profile: s ? { id: s.profile.id, label: s.profile.label, baseUrl: s.profile.baseUrl, demo: s.demo } : null,
      snoozedUntil: s?.alerts.snoozedUntil() ?? null,
    };
  }

  function status(): Status {
    return pollerStateToStatus(poller.state());
  }

  function publishStatus(): void {
    const next = status();
    const json = JSON.stringify(next);
    if (json === lastStatusJson) return;
    lastStatusJson = json;
    emit('status', next);
  }

  function openProfileDoc<S extends z.ZodType>(profile: Profile, demo: boolean, name: string, schema: S, initial: () => z.output<S>) {
    // The demo's caches live in memory only and vanish with it (DESIGN.md › Profiles).
    const factory = demo ? memoryFactory : deps.storeFactory;
    return openDocument(factory, name, schema, initial, logger);
  }

  function apiClientFor(baseUrl: string, getApiKey: () => string | null): ApiClient {
    return createApiClient({
      baseUrl,
      getApiKey,
      ...(deps.fetch ? { fetch: deps.fetch } : {}),
      ...(deps.timeoutMs ? { timeoutMs: deps.timeoutMs } : {}),
      ...(deps.retry ? { retry: deps.retry } : {}),
      random,
      onRequest: (record) => {
        deps.onRequest?.(record);
        if (record.error) logger.info('api: request failed', { operation: record.operation, status: record.status, kind: record.error, ms: record.ms });
      },
    });
  }

  /**
   * Asks the service about a key before anything is stored: a 401 refuses it; a 403 is a valid key
   * with a narrow role. Returns false when the service could not be asked (network, timeout, 5xx,
   * 429…): the key is stored anyway and checked by the first poll.
   */
  async function checkNewKey(baseUrl: string, apiKey: string): Promise<boolean> {
    const client = apiClientFor(baseUrl, () => apiKey);
    try {
      await client.getAccountInfo();
      return true;
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (err.kind === 'unauthorized') throw new HandlerError({ kind: 'unauthorized', message: KEY_REJECTED_MESSAGE });
      if (err.kind === 'forbidden') return true;
      logger.warn('core: a new API key could not be checked yet', { kind: err.kind, status: err.status ?? null });
      return false;
    }
  }

  /** Makes `profile` the watched account: loads its caches, builds its client, starts polling. */
  async function beginSession(profile: Profile, key: string, keyBackend: KeyBackend, demo: boolean, keyChecked = true): Promise<void> {
    endSession();
    rememberKey(key);
    const client = apiClientFor(profile.baseUrl, () => (session?.profile.id === profile.id ? session.key : null));
    const snapshotDoc = openProfileDoc(profile, demo, profileDocumentName('snapshot', profile.id), Snapshot, emptySnapshot);
    const historyDoc = openProfileDoc(profile, demo, profileDocumentName('history', profile.id), HistoryDoc, () => []);
    const billingDoc = openProfileDoc(profile, demo, profileDocumentName('billing', profile.id), BillingCache, emptyBillingCache);
    const alerts = createAlertCenter({
      notifier: deps.notifier,
      memoryDoc: openProfileDoc(profile, demo, profileDocumentName('alert-memory', profile.id), AlertMemory, emptyAlertMemory),
      historyDoc: openProfileDoc(profile, demo, profileDocumentName('notifications', profile.id), NotificationHistory, () => []),
      clock,
      getSettings: () => settingsDoc.get(),
      logger,
    });
    const unsubscribeAlerts = alerts.subscribe((record) => emit('notification', record));
    const keyUncheckedSince = keyChecked ? null : clock.now();
    session = { profile, demo, key, keyBackend, client, snapshotDoc, historyDoc, billingDoc, alerts, unsubscribeAlerts, keyUncheckedSince };
    store.replace(snapshotDoc.get());
    history.clear();
    for (const point of historyDoc.get()) history.add(point);
    if (started) {
      poller.start();
      await poller.keyChanged();
    }
    publishStatus();
  }

  function endSession(): void {
    poller.stop();
    if (session) {
      persist();
      session.unsubscribeAlerts();
    }
    session = null;
    store.replace(emptySnapshot());
    history.clear();
  }

  async function stopDemo(): Promise<void> {
    const handle = demoHandle;
    demoHandle = null;
    if (!handle) return;
    try {
      await handle.close();
    } catch (err) {
      logger.warn('core: the demo service did not stop cleanly', { error: err });
    }
  }

  /** Reopens the real active profile (if it has a key), or stays keyless. */
  async function resumeRealProfile(): Promise<void> {
    const profile = activeProfile(settingsDoc.get());
    if (!profile || profile.id === DEMO_PROFILE_ID) {
      endSession();
      publishStatus();
      return;
    }
    const key = await secrets.read(profile.id);
    if (!key) {
      endSession();
      publishStatus();
      return;
    }
    await beginSession(profile, key, await secrets.locate(profile.id), false);
  }

  function saveSettings(next: Settings): Settings {
    settingsDoc.set(next);
    const saved = settingsDoc.get();
    emit('settings', saved);
    return saved;
  }

  function updatePinned(fn: (pinned: string[]) => string[]): void {
    const s = requireSession();
    const pinnedZoneIds = fn([...s.profile.pinnedZoneIds]);
    s.profile = { ...s.profile, pinnedZoneIds };
    if (!s.demo) {
      const settings = settingsDoc.get();
      saveSettings({ ...settings, profiles: settings.profiles.map((p) => (p.id === s.profile.id ? s.profile : p)) });
    }
  }

  /** Runs an API call for a handler, turning failures into plain words about `action`. */
  async function apiCall<T>(action: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof HandlerError) throw err;
      const appError = toAppError(err, { action });
      if (!(err instanceof ApiError)) logger.error(`core: ${action} failed`, { error: err });
      throw new HandlerError(appError);
    }
  }

  /** The app made this change itself: the zone-state rule must not report it as made elsewhere. */
  function acknowledged(zone: Zone): Zone {
    session?.alerts.acknowledgeZone(zone);
    return zone;
  }

  function isLoopbackHttp(url: URL): boolean {
    return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  }

  const handlers: HandlerTable = {
    'snapshot:get': async () => ({ snapshot: store.get(), status: status() }),
    // The renderer charts account figures; per-zone samples stay in the core (history-store.ts).
    'history:get': async ({ sinceMs }) => history.since(sinceMs ?? 0).map(withoutZoneDetail),

    'poll:refresh': async () => {
      requireSession();
      await poller.refreshNow();
      return status();
    },
    'poll:setPaused': async ({ paused }) => {
      userPaused = paused;
      poller.reschedule();
      publishStatus();
      return status();
    },

    'zones:setEnabled': async ({ zoneId, enabled }) =>
      acknowledged(await apiCall(`${enabled ? 'enable' : 'disable'} zone ${zoneId}`, () => actions.setEnabled(zoneId, enabled))),
    'zones:preview': async ({ zoneId, changes }) => apiCall(`preview the change to zone ${zoneId}`, () => actions.preview(zoneId, changes)),
    'zones:update': async ({ zoneId, changes, skipResourceCheck }) =>
      acknowledged(await apiCall(`change zone ${zoneId}`, () => actions.update(zoneId, changes, skipResourceCheck))),
    'zones:refreshIps': async ({ zoneId, ips }) => apiCall(`refresh IPs of zone ${zoneId}`, () => actions.refreshIps(zoneId, ips)),
    'zones:deleteIps': async ({ zoneId, ips }) => {
      const result = await apiCall(`delete IPs of zone ${zoneId}`, () => actions.deleteIps(zoneId, ips));
      if (result.zone) acknowledged(result.zone);
      return result;
    },
    'zones:delete': async ({ zoneId }) => {
      const result = await apiCall(`delete zone ${zoneId}`, () => actions.deleteZone(zoneId));
      session?.alerts.acknowledgeZoneDeleted(zoneId);
      if (session?.profile.pinnedZoneIds.includes(zoneId)) updatePinned((pinned) => pinned.filter((id) => id !== zoneId));
      persist();
      return result;
    },
    'zones:pin': async ({ text }) => {
      const s = requireSession();
      const discovery = store.get().discovery;
      const known = [...new Set([...s.profile.pinnedZoneIds, ...discovery.discoveredIds])];
      const result = await verifyPinnedIds(s.client, parsePinnedIds(text, known));
      if (result.added.length > 0) {
        updatePinned((pinned) => [...pinned, ...result.added]);
        void poller.refreshNow();
      }
      return result;
    },
    'zones:unpin': async ({ zoneId }) => {
      updatePinned((pinned) => pinned.filter((id) => id !== zoneId));
      if (!store.get().discovery.discoveredIds.includes(zoneId)) store.removeZone(zoneId);
      return { zoneId };
    },
    'zones:copyCredentials': async ({ zoneId }) => {
      const s = requireSession();
      // The proxy login (service-facts.md › Proxy endpoint): username `zone-<ID>`, password = the key.
      const text = `zone-${zoneId}\n${s.key}`;
      await deps.clipboard.writeText(text);
      if (clipboardTimer !== null) clock.clearTimeout(clipboardTimer);
      clipboardTimer = clock.setTimeout(() => {
        clipboardTimer = null;
        // Only our own text: whatever the user copied since stays.
        const clear = async () => {
          if ((await deps.clipboard.readText()) === text) await deps.clipboard.writeText('');
        };
        clear().catch((err: unknown) => logger.warn('core: could not clear the clipboard', { error: err }));
      }, CLIPBOARD_CLEAR_MS);
      return { clearsAfterMs: CLIPBOARD_CLEAR_MS };
    },

    'billing:query': async (query) => queryBillingCache(requireSession().billingDoc.get(), query),
    'billing:sync': async ({ full }) => {
      const s = requireSession();
      if (billingSyncRun) return billingSyncRun;
      billingSyncRun = syncBilling({
        full,
        cache: s.billingDoc,
        fetchPage: async (page, count) => {
          const result = await s.client.getBillingHistory({ filter: 'all', page, count });
          return { status: 'ok' as const, pagination: result.pagination, billing_histories: result.entries };
        },
        onProgress: (progress) => emit('billingSync', progress),
        sleep: (ms) => new Promise((resolve) => clock.setTimeout(resolve, ms)),
        ...(deps.billingPageDelayMs !== undefined ? { pageDelayMs: deps.billingPageDelayMs } : {}),
        now: () => new Date(clock.now()),
        describeError: (err) => toAppError(err, { action: 'fetch the billing history' }).message,
      }).finally(() => {
        billingSyncRun = null;
      });
      return billingSyncRun;
    },
    'billing:exportCsv': async ({ filter, search }) => {
      const entries = selectBillingEntries(requireSession().billingDoc.get(), filter, search);
      const day = new Date(clock.now()).toISOString().slice(0, 10);
      const saved = await deps.saveDialog.saveText(`zonewatch-billing-${day}.csv`, billingCsv(entries));
      return { saved: saved !== null, rows: entries.length, fileName: saved?.fileName ?? null };
    },
    'billing:openDocument': async ({ url }) => {
      const s = requireSession();
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        throw new HandlerError({ kind: 'invalid_argument', message: 'That link is not a valid address.' });
      }
      // Only links of cached billing entries, over https (http only for the demo's loopback service).
      const schemeOk = parsed.protocol === 'https:' || (s.demo && isLoopbackHttp(parsed));
      if (!schemeOk || !isKnownDocumentUrl(s.billingDoc.get(), url)) {
        throw new HandlerError({ kind: 'invalid_argument', message: 'Zonewatch opens only invoice and receipt links from your billing history.' });
      }
      await deps.shell.openExternal(url);
      return { opened: true };
    },

    'account:openDashboard': async () => {
      const url = session?.profile.dashboardUrl ?? null;
      if (!url) return { opened: false };
      await deps.shell.openExternal(url);
      return { opened: true };
    },
    'users:list': async (query) => {
      const s = requireSession();
      const result = await apiCall('list the team members', () => s.client.listUsers(query));
      return { users: result.users, pagination: result.pagination, info: result.info, dropped: result.dropped.length };
    },
    'plans:advisor': async () => {
      const s = requireSession();
      let plans = store.get().plans.data;
      if (!plans) {
        const fetched = await apiCall('list the plans', () => s.client.listPlans());
        store.plansFetched(fetched.plans, new Date(clock.now()).toISOString());
        plans = fetched.plans;
      }
      const snapshot = store.get();
      const lastInvoice = s.billingDoc.get().entries.find((e) => e.type === 'invoice') ?? null;
      return adviseOnPlans({
        plans,
        zones: Object.values(snapshot.zones).map((entry) => entry.zone),
        currentPlanId: snapshot.account.data?.plan.plan_id ?? null,
        lastInvoice,
        month: new Date(clock.now()).toISOString().slice(0, 7),
      });
    },

    'settings:get': async () => settingsDoc.get(),
    'settings:update': async (patch) => {
      let next = settingsDoc.get();
      if (patch.polling) next = { ...next, polling: patch.polling };
      if (patch.alerts) next = { ...next, alerts: patch.alerts };
      if (patch.quietHours) next = { ...next, quietHours: patch.quietHours };
      if (patch.globalShortcut !== undefined) next = { ...next, globalShortcut: patch.globalShortcut };
      if (patch.theme) next = { ...next, theme: patch.theme };
      if (patch.launchAtLogin !== undefined && patch.launchAtLogin !== next.launchAtLogin) {
        await deps.loginItem.set(patch.launchAtLogin);
        next = { ...next, launchAtLogin: patch.launchAtLogin };
      }
      let keyRequired = false;
      if (patch.profile) {
        const s = session;
        if (!s || s.demo) throw new HandlerError({ kind: 'invalid_argument', message: 'There is no account to change. Add an API key first.' });
        const updated = updateProfile(next, s.profile.id, patch.profile);
        next = updated.settings;
        keyRequired = updated.keyRequired;
      }
      const saved = saveSettings(next);
      if (keyRequired && session) {
        // The key was meant for the old host: never send it to the new one (DESIGN.md › Profiles).
        await secrets.remove(session.profile.id);
        endSession();
      } else if (patch.profile && session) {
        const profile = activeProfile(saved);
        if (profile) await beginSession(profile, session.key, session.keyBackend, false, session.keyUncheckedSince === null);
      }
      poller.reschedule();
      publishStatus();
      return saved;
    },

    'key:set': async ({ apiKey, baseUrl, label }) => {
      rememberKey(apiKey);
      const chosen = profileForNewKey(settingsDoc.get(), { baseUrl, label }, { baseUrl: DEFAULT_BASE_URL, label: 'My account' }, randomUUID);
      // Before anything changes: a key the service rejects leaves the previous key, profile and demo as they were.
      const checked = await checkNewKey(chosen.profile.baseUrl, apiKey);
      if (demoHandle) await stopDemo();
      saveSettings(chosen.settings);
      const keyBackend = await secrets.write(chosen.profile.id, apiKey);
      await beginSession(chosen.profile, apiKey, keyBackend, false, checked);
      return { keyBackend, profileId: chosen.profile.id };
    },
    'key:remove': async () => {
      const s = session;
      if (!s) return { removed: false };
      endSession();
      if (s.demo) {
        await stopDemo();
      } else {
        await eraseProfileData(s.profile.id, { secrets, factory: deps.storeFactory });
        saveSettings(withoutProfile(settingsDoc.get(), s.profile.id));
      }
      publishStatus();
      return { removed: true };
    },
    'demo:start': async () => {
      if (!deps.demoService) throw new HandlerError({ kind: 'unavailable', message: 'The demo account is not available in this build.' });
      if (session?.demo && demoHandle) return status();
      await stopDemo();
      try {
        demoHandle = await deps.demoService.start();
      } catch (err) {
        logger.error('core: the demo service did not start', { error: err });
        throw new HandlerError({ kind: 'unavailable', message: 'The demo account could not be started. Try again, or add your own API key.' });
      }
      await beginSession(demoProfile(demoHandle.url), demoHandle.apiKey, 'memory', true);
      return status();
    },

    'notifications:list': async () => session?.alerts.list() ?? [],
    'notifications:test': async ({ rule }) => requireSession().alerts.sendTest(rule),
    'notifications:snooze': async ({ until }) => {
      requireSession().alerts.snooze(until);
      publishStatus();
      return status();
    },

    'app:info': async () => ({ version: deps.appInfo.version, platform: deps.appInfo.platform, shell: deps.appInfo.shell }),
    'app:setPopoverOpen': async ({ open }) => {
      setPopoverOpen(open);
      return { open };
    },
    'app:openLogs': async () => {
      if (!deps.logsPath) return { opened: false };
      await deps.shell.openPath(deps.logsPath);
      return { opened: true };
    },
    'app:copyDiagnostics': async () => {
      const snapshot = store.get();
      let logLines: string[] = [];
      try {
        logLines = deps.recentLogLines?.() ?? [];
      } catch (err) {
        logger.warn('core: recent log lines unreadable for diagnostics', { error: err });
      }
      const text = diagnosticsText(
        {
          appInfo: deps.appInfo,
          status: status(),
          settings: settingsDoc.get(),
          zonesKnown: Object.keys(snapshot.zones).length,
          zonesNotYetKnown: snapshot.discovery.notYetKnown,
          logLines,
        },
        [...knownKeys],
      );
      await deps.clipboard.writeText(text);
      return { copied: true };
    },
  };

  function setPopoverOpen(open: boolean): void {
    if (popoverOpen === open) return;
    popoverOpen = open;
    poller.reschedule();
    publishStatus();
  }

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
      await resumeRealProfile();
      if (session) poller.start();
      publishStatus();
    },
    async stop() {
      started = false;
      poller.stop();
      if (clipboardTimer !== null) clock.clearTimeout(clipboardTimer);
      clipboardTimer = null;
      if (billingSyncRun) await billingSyncRun.catch(() => undefined);
      persist();
      if (session?.demo) endSession();
      await stopDemo();
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
  };
}

export type { Channel };
