import { z } from 'zod';
import { HistoryPoint } from '../../../shared/history';
import type { NotificationRecord } from '../../../shared/notification';
import { type Profile, type Settings } from '../../../shared/settings';
import { emptySnapshot, Snapshot } from '../../../shared/snapshot';
import { SpendStopRecord } from '../../../shared/spend-stop';
import type { KeyBackend } from '../../../shared/status';
import { type AlertCenter, createAlertCenter, NotificationHistory } from '../alerts/alert-center';
import { AlertMemory, emptyAlertMemory } from '../alerts/alert-memory';
import { type ApiClient, createApiClient, type ListRead, type RequestRecord } from '../api/client';
import { createDataGaps, type DataGaps } from '../state/data-gaps';
import { ApiError } from '../api/error';
import type { RetryPolicy } from '../api/retry-delay';
import { BillingCache, emptyBillingCache } from '../billing/cache';
import { shouldSaveCaches } from '../storage/cache-save-schedule';
import { HistoryStore, storedHistory } from '../state/history-store';
import { NO_KEY_MESSAGE } from '../state/error-messages';
import { HandlerError } from '../ipc-dispatch';
import { createMemoryStore, type DocumentStoreFactory, openDocument, type PersistentDocument } from '../storage/persistence';
import type { Poller } from '../polling/poller';
import type { Clock, DemoService, Logger, Notifier } from '../ports';
import { activeProfile, demoProfile, isDemoProfile, profileDocumentName, replaceProfile } from './profiles';
import type { SecretStore } from '../secrets/secret-store';
import type { SnapshotStore } from '../state/snapshot-store';

/** `key:set` with a key the service answers 401 to: nothing is stored. */
export const KEY_REJECTED_MESSAGE = 'The service rejected this API key. Check it in your dashboard and paste it again.';

const HistoryDoc = z.array(HistoryPoint);
const SpendStopDoc = SpendStopRecord.nullable();

/** The watched account: its key, its client, its per-profile documents and its alerts. */
export type Session = {
  profile: Profile;
  demo: boolean;
  key: string;
  keyBackend: KeyBackend;
  client: ApiClient;
  snapshotDoc: PersistentDocument<Snapshot>;
  historyDoc: PersistentDocument<HistoryPoint[]>;
  billingDoc: PersistentDocument<BillingCache>;
  /** The "stopped by Zonewatch" record (issue 16), null when there is none. */
  spendStopDoc: PersistentDocument<SpendStopRecord | null>;
  /** What the latest answers held that could not be read (zones, users, plans). */
  dataGaps: DataGaps;
  alerts: AlertCenter;
  unsubscribeAlerts: () => void;
  /**
   * Null once the service has accepted the key; otherwise when it was set, unchecked because the
   * service could not be asked (network, timeout, 5xx). The first account fetch after it settles it.
   */
  keyUncheckedSince: number | null;
};

/** What the session lifecycle needs from the rest of the core. */
export type AccountSessionsContext = {
  storeFactory: DocumentStoreFactory;
  secrets: SecretStore;
  settings: { get(): Settings; save(next: Settings): Settings };
  store: SnapshotStore;
  history: HistoryStore;
  poller: Pick<Poller, 'start' | 'stop' | 'keyChanged'>;
  /** Whether the core has been started (polling begins with a session only then). */
  started: () => boolean;
  publishStatus: () => void;
  onNotification: (record: NotificationRecord) => void;
  notifier: Notifier;
  clock: Clock;
  random: () => number;
  logger: Logger;
  demoService: DemoService | null;
  /** Told every key the core learns, so the logger can redact it. */
  secretRegistry: { add(secret: string): void } | null;
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
  retry?: RetryPolicy;
  onRequest?: (record: RequestRecord) => void;
};

export type AccountSessions = {
  current(): Session | null;
  /** The session, or a `no_key` failure for a handler that needs one. */
  require(): Session;
  /** Makes `profile` the watched account: loads its caches, builds its client, starts polling. */
  begin(profile: Profile, key: string, keyBackend: KeyBackend, demo: boolean, keyChecked?: boolean): Promise<void>;
  /** Saves the caches and forgets the account; the snapshot and history empty. */
  end(): void;
  /**
   * Writes the snapshot and history caches of the session, if any, when they changed since the
   * last write: at once with `force`, otherwise at most every CACHE_SAVE_INTERVAL_MS.
   */
  persist(options?: { force?: boolean }): void;
  /**
   * Reopens the active profile: a real one with its stored key, or the demo when the user chose it
   * with no real account set up (a fresh demo: its data never outlives it); otherwise stays keyless.
   */
  resumeProfile(): Promise<void>;
  /**
   * Asks the service about a key before anything is stored: a 401 refuses it; a 403 is a valid key
   * with a narrow role. Returns false when the service could not be asked (network, timeout, 5xx,
   * 429…): the key is stored anyway and checked by the first poll.
   */
  checkNewKey(baseUrl: string, apiKey: string): Promise<boolean>;
  demoRunning(): boolean;
  /** Starts the embedded demo service and watches it; throws a HandlerError when it cannot start. */
  startDemo(): Promise<void>;
  stopDemo(): Promise<void>;
  /** Changes the session's pinned zone ids, saving them with the profile unless it is the demo. */
  updatePinned(fn: (pinned: string[]) => string[]): void;
  /** Every key seen this run, so diagnostics can redact one a log line may have quoted. */
  rememberKey(key: string): void;
  knownKeys(): string[];
};

export function createAccountSessions(ctx: AccountSessionsContext): AccountSessions {
  const { logger, clock } = ctx;
  const memoryFactory: DocumentStoreFactory = (name) => createMemoryStore(name);
  let session: Session | null = null;
  let demoHandle: { url: string; apiKey: string; close(): Promise<void> } | null = null;
  const knownKeys = new Set<string>();

  function rememberKey(key: string): void {
    knownKeys.add(key);
    ctx.secretRegistry?.add(key);
  }

  function require(): Session {
    if (!session) throw new HandlerError({ kind: 'no_key', message: NO_KEY_MESSAGE });
    return session;
  }

  /** What was last written (or loaded) and when: the stores replace their data on every change. */
  let saved: { snapshot: Snapshot; history: readonly HistoryPoint[]; historyLength: number; at: number | null } | null = null;

  function persist({ force = false }: { force?: boolean } = {}): void {
    if (!session) return;
    const snapshot = ctx.store.get();
    const history = ctx.history.all();
    const now = clock.now();
    const changed = saved === null || saved.snapshot !== snapshot || saved.history !== history || history.length !== saved.historyLength;
    if (!shouldSaveCaches({ savedAt: saved?.at ?? null, changed }, now, force)) return;
    saved = { snapshot, history, historyLength: history.length, at: now };
    try {
      session.snapshotDoc.set(snapshot);
      session.historyDoc.set(storedHistory(history));
    } catch (err) {
      logger.error('core: could not save the snapshot cache', { error: err });
    }
  }

  function openProfileDoc<S extends z.ZodType>(demo: boolean, name: string, schema: S, initial: () => z.output<S>) {
    // The demo's caches live in memory only and vanish with it (DESIGN.md › Profiles).
    const factory = demo ? memoryFactory : ctx.storeFactory;
    return openDocument(factory, name, schema, initial, logger);
  }

  function apiClientFor(baseUrl: string, getApiKey: () => string | null, dataGaps?: DataGaps): ApiClient {
    return createApiClient({
      ...(dataGaps ? { onListRead: (read: ListRead) => dataGaps.record(read) } : {}),
      baseUrl,
      getApiKey,
      ...(ctx.fetch ? { fetch: ctx.fetch } : {}),
      ...(ctx.timeoutMs ? { timeoutMs: ctx.timeoutMs } : {}),
      ...(ctx.retry ? { retry: ctx.retry } : {}),
      random: ctx.random,
      onRequest: (record) => {
        ctx.onRequest?.(record);
        if (record.error) logger.info('api: request failed', { operation: record.operation, status: record.status, kind: record.error, ms: record.ms });
      },
    });
  }

  async function checkNewKey(baseUrl: string, apiKey: string): Promise<boolean> {
    const client = apiClientFor(baseUrl, () => apiKey);
    try {
      await client.getAccountInfo();
      return true;
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (err.kind === 'unauthorized') throw new HandlerError({ kind: 'unauthorized', message: KEY_REJECTED_MESSAGE });
      if (err.kind === 'forbidden') return true;
      // A base URL that redirects is a wrong address, not a service that is down: saving the key
      // against it would only poll the redirect. The key form is on screen to fix the URL.
      if (err.kind === 'redirected') {
        const code = err.status ? ` (${err.status})` : '';
        throw new HandlerError({ kind: 'redirected', message: `The service at ${err.host ?? 'this address'} answered with a redirect to another address${code}.` });
      }
      logger.warn('core: a new API key could not be checked yet', { kind: err.kind, status: err.status ?? null });
      return false;
    }
  }

  async function begin(profile: Profile, key: string, keyBackend: KeyBackend, demo: boolean, keyChecked = true): Promise<void> {
    end();
    rememberKey(key);
    const dataGaps = createDataGaps(logger);
    const client = apiClientFor(profile.baseUrl, () => (session?.profile.id === profile.id ? session.key : null), dataGaps);
    const snapshotDoc = openProfileDoc(demo, profileDocumentName('snapshot', profile.id), Snapshot, emptySnapshot);
    const historyDoc = openProfileDoc(demo, profileDocumentName('history', profile.id), HistoryDoc, () => []);
    const billingDoc = openProfileDoc(demo, profileDocumentName('billing', profile.id), BillingCache, emptyBillingCache);
    const spendStopDoc = openProfileDoc(demo, profileDocumentName('spend-stop', profile.id), SpendStopDoc, () => null);
    const alerts = createAlertCenter({
      notifier: ctx.notifier,
      memoryDoc: openProfileDoc(demo, profileDocumentName('alert-memory', profile.id), AlertMemory, emptyAlertMemory),
      historyDoc: openProfileDoc(demo, profileDocumentName('notifications', profile.id), NotificationHistory, () => []),
      clock,
      getSettings: () => ctx.settings.get(),
      logger,
    });
    const unsubscribeAlerts = alerts.subscribe(ctx.onNotification);
    const keyUncheckedSince = keyChecked ? null : clock.now();
    session = { profile, demo, key, keyBackend, client, snapshotDoc, historyDoc, billingDoc, spendStopDoc, dataGaps, alerts, unsubscribeAlerts, keyUncheckedSince };
    ctx.store.replace(snapshotDoc.get());
    ctx.history.clear();
    for (const point of historyDoc.get()) ctx.history.add(point);
    // What was just loaded needs no write; the first cycle's data is written at once.
    saved = { snapshot: ctx.store.get(), history: ctx.history.all(), historyLength: ctx.history.all().length, at: null };
    if (ctx.started()) {
      ctx.poller.start();
      await ctx.poller.keyChanged();
    }
    ctx.publishStatus();
  }

  function end(): void {
    ctx.poller.stop();
    if (session) {
      persist({ force: true });
      session.unsubscribeAlerts();
    }
    session = null;
    saved = null;
    ctx.store.replace(emptySnapshot());
    ctx.history.clear();
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

  async function startDemo(): Promise<void> {
    if (!ctx.demoService) throw new HandlerError({ kind: 'unavailable', message: 'The demo account is not available in this build.' });
    await stopDemo();
    try {
      demoHandle = await ctx.demoService.start();
    } catch (err) {
      logger.error('core: the demo service did not start', { error: err });
      throw new HandlerError({ kind: 'unavailable', message: 'The demo account could not be started. Try again, or add your own API key.' });
    }
    await begin(demoProfile(demoHandle.url), demoHandle.apiKey, 'memory', true);
  }

  async function resumeProfile(): Promise<void> {
    const settings = ctx.settings.get();
    if (isDemoProfile(settings.activeProfileId) && ctx.demoService) {
      try {
        await startDemo();
        return;
      } catch {
        // startDemo logged why; the first-run screen offers the demo again.
      }
    }
    const profile = activeProfile(settings);
    if (!profile || isDemoProfile(profile.id)) {
      end();
      ctx.publishStatus();
      return;
    }
    const stored = await ctx.secrets.lookup(profile.id);
    if (!stored) {
      end();
      ctx.publishStatus();
      return;
    }
    await begin(profile, stored.secret, stored.backend, false);
  }

  function updatePinned(fn: (pinned: string[]) => string[]): void {
    const s = require();
    const pinnedZoneIds = fn([...s.profile.pinnedZoneIds]);
    s.profile = { ...s.profile, pinnedZoneIds };
    if (!s.demo) ctx.settings.save(replaceProfile(ctx.settings.get(), s.profile));
  }

  return {
    current: () => session,
    require,
    begin,
    end,
    persist,
    resumeProfile,
    checkNewKey,
    demoRunning: () => demoHandle !== null,
    startDemo,
    stopDemo,
    updatePinned,
    rememberKey,
    knownKeys: () => [...knownKeys],
  };
}
