import { z } from 'zod';
import type { AccountSummary } from '../../../shared/accounts';
import { HistoryPoint } from '../../../shared/history';
import type { AccountChannel, ChannelArgs, ChannelOutput, EventName, EventPayload } from '../../../shared/ipc';
import { type NotificationRecord, type Severity } from '../../../shared/notification';
import type { Profile, Settings } from '../../../shared/settings';
import { emptySnapshot, Snapshot } from '../../../shared/snapshot';
import { SpendStopRecord } from '../../../shared/spend-stop';
import type { KeyBackend, Status } from '../../../shared/status';
import { replaceProfile } from '../account/profiles';
import type { AccountSessions, Session } from '../account/session';
import { createZoneActions } from '../account/zone-actions';
import type { CredentialsClipboard } from '../account/credentials-clipboard';
import { createAlertCenter, NotificationHistory, type SnoozeStore } from '../alerts/alert-center';
import { AlertMemory, emptyAlertMemory } from '../alerts/alert-memory';
import { createApiClient, type ListRead, type RequestRecord } from '../api/client';
import type { RetryPolicy } from '../api/retry-delay';
import { BillingCache, emptyBillingCache } from '../billing/cache';
import { createAccountHandlers } from '../handlers/account-handlers';
import { createHistoryHandlers } from '../handlers/history-handlers';
import { type AccountHistory, createAccountHistory } from '../ledger/account-history';
import { createBillingHandlers } from '../handlers/billing-handlers';
import { createNotificationHandlers } from '../handlers/notification-handlers';
import { createPollHandlers } from '../handlers/poll-handlers';
import { createSpendHandlers } from '../handlers/spend-handlers';
import { createZoneHandlers } from '../handlers/zone-handlers';
import { createPollCycle } from '../polling/cycle';
import { createPoller, type ExternalPollInputs, type Poller } from '../polling/poller';
import type { Clock, DemoPast, Logger, Notifier, SaveDialog, Shell } from '../ports';
import { keyFingerprint } from '../secrets/key-fingerprint';
import { createSpendStop, type SpendStop } from '../spend-stop/spend-stop';
import { appStatus } from '../state/app-status';
import { onlyWhenChanged } from '../state/changed-value';
import { createDataGaps } from '../state/data-gaps';
import { toAppError } from '../state/error-messages';
import { historyPointFrom, HistoryStore, storedHistory } from '../state/history-store';
import { SnapshotStore } from '../state/snapshot-store';
import { shouldSaveCaches } from '../storage/cache-save-schedule';
import { createMemoryStore, type DocumentStoreFactory, openDocument } from '../storage/persistence';
import { profileDocumentName } from '../account/profiles';
import type { TrayAccount } from '../tray/tray-account';
import { raisedAttention } from './attention';
import { accountSummary } from './account-summary';
import type { RequestBudget } from './request-budget';

const HistoryDoc = z.array(HistoryPoint);
const SpendStopDoc = SpendStopRecord.nullable();

/** The handlers of the channels that act on one account, served by that account's watch. */
export type AccountHandlerTable = { [C in AccountChannel]: (args: ChannelArgs<C>) => Promise<ChannelOutput<C>> };

/** An account event without its `profileId`: the watch adds its own. */
type AccountEvent = Extract<EventName, 'snapshot' | 'status' | 'billingSync' | 'notification' | 'spendStop'>;
type Unscoped<E extends AccountEvent> = Omit<EventPayload<E>, 'profileId'>;

export type AccountWatchDeps = {
  profile: Profile;
  demo: boolean;
  key: string;
  keyBackend: KeyBackend;
  /** False when the service could not be asked about a new key yet: the first poll checks it. */
  keyChecked: boolean;
  storeFactory: DocumentStoreFactory;
  settings: { get(): Settings; save(next: Settings): Settings };
  budget: RequestBudget;
  snooze: SnoozeStore;
  credentials: CredentialsClipboard;
  notifier: Notifier;
  saveDialog: SaveDialog;
  shell: Shell;
  clock: Clock;
  random: () => number;
  logger: Logger;
  inputs: () => ExternalPollInputs;
  popoverOpen: () => boolean;
  /** How many accounts are watched: with more than one, a notification names its account. */
  accountCount: () => number;
  overdueDelayMs: () => number;
  emit: <E extends AccountEvent>(event: E, payload: EventPayload<E>) => void;
  /** Something the overview shows may have changed (status, figures, attention). */
  onChange: () => void;
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
  retry?: RetryPolicy;
  onRequest?: (record: RequestRecord) => void;
  cycleDeadlineMs?: number;
  watchdogMarginMs?: number;
  billingPageDelayMs?: number;
  /** The demo's past from its service: its ledger and charts start from it (real accounts: never). */
  demoPast?: (() => DemoPast) | undefined;
};

export type AccountWatch = {
  readonly id: string;
  readonly demo: boolean;
  readonly session: Session;
  readonly store: SnapshotStore;
  readonly history: HistoryStore;
  /** The daily ledger and the per-zone intraday file (electron/core/ledger/account-history.ts). */
  readonly zoneHistory: AccountHistory;
  readonly poller: Poller;
  readonly spendStop: SpendStop;
  readonly handlers: AccountHandlerTable;
  profile(): Profile;
  /** A new label, colour or alert rules: the key, client and caches stay. */
  setProfile(profile: Profile): void;
  status(): Status;
  summary(): AccountSummary;
  trayAccount(): TrayAccount;
  /** Starts polling, the first cycle after `delayMs` (staggered with the other accounts). */
  start(delayMs: number): void;
  /** Stops polling and any billing sync, saves the caches and lets go of the alerts. */
  stop(): Promise<void>;
  /** The user opened the window: what was waiting to be seen has been. */
  clearAttention(): void;
  /** Backing off or timing out: the request budget gives it one slot, not two. */
  degraded(): boolean;
  /** Publishes the status if it changed since the last one published. */
  publishStatus(): void;
};

/**
 * One watched account (issue 17): its own client, caches, poller, schedule, back-off, rejected-key
 * stop, alert memory and "stopped by Zonewatch" record; its requests go through the budget all
 * accounts share. Everything it tells the views carries its profile id.
 */
export function createAccountWatch(deps: AccountWatchDeps): AccountWatch {
  const { clock, logger, demo } = deps;
  const id = deps.profile.id;
  let profile = deps.profile;
  let attention: Severity | null = null;
  let timingOut = false;

  const memoryFactory: DocumentStoreFactory = (name) => createMemoryStore(name);
  // The demo's caches live in memory only and vanish with it (docs/architecture.md › Accounts).
  const zoneHistory = createAccountHistory({ profileId: id, memory: demo, factory: deps.storeFactory, now: () => clock.now(), logger });
  const open = <S extends z.ZodType>(kind: Parameters<typeof profileDocumentName>[0], schema: S, initial: () => z.output<S>) =>
    openDocument(demo ? memoryFactory : deps.storeFactory, profileDocumentName(kind, id), schema, initial, logger, kind === 'history' ? { onSetAside: zoneHistory.historySetAside } : {});

  const emit = <E extends AccountEvent>(event: E, payload: Unscoped<E>) => deps.emit(event, { ...payload, profileId: id } as EventPayload<E>);

  const store = new SnapshotStore();
  const history = new HistoryStore();
  const dataGaps = createDataGaps(logger);
  const client = createApiClient({
    baseUrl: profile.baseUrl,
    getApiKey: () => session.key || null,
    onListRead: (read: ListRead) => dataGaps.record(read),
    gate: deps.budget.gateFor(id, () => degraded()),
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
    ...(deps.timeoutMs ? { timeoutMs: deps.timeoutMs } : {}),
    ...(deps.retry ? { retry: deps.retry } : {}),
    random: deps.random,
    onRequest: (record) => {
      if (record.error === 'timeout') timingOut = true;
      else if (record.error === undefined) timingOut = false;
      deps.onRequest?.(record);
      if (record.error) logger.info('api: request failed', { account: profile.label, operation: record.operation, status: record.status, kind: record.error, ms: record.ms });
    },
  });

  const alerts = createAlertCenter({
    notifier: deps.notifier,
    memoryDoc: open('alert-memory', AlertMemory, emptyAlertMemory),
    historyDoc: open('notifications', NotificationHistory, () => []),
    clock,
    // Quiet hours are app-wide; the rules are the account's own, or the shared ones.
    getSettings: () => {
      const settings = deps.settings.get();
      return { alerts: profile.alerts ?? settings.alerts, quietHours: settings.quietHours };
    },
    logger,
    snoozeStore: deps.snooze,
    present: (record) => presentNotification(record, profile.label, id, deps.accountCount() > 1),
  });

  const session: Session = {
    profile,
    demo,
    key: deps.key,
    keyBackend: deps.keyBackend,
    client,
    snapshotDoc: open('snapshot', Snapshot, emptySnapshot),
    historyDoc: open('history', HistoryDoc, () => []),
    billingDoc: open('billing', BillingCache, emptyBillingCache),
    spendStopDoc: open('spend-stop', SpendStopDoc, () => null),
    dataGaps,
    alerts,
    keyUncheckedSince: deps.keyChecked ? null : clock.now(),
  };

  store.replace(session.snapshotDoc.get());
  if (deps.demoPast) for (const point of zoneHistory.backfill(deps.demoPast())) history.add(point);
  for (const point of zoneHistory.restore(session.historyDoc.get())) history.add(point);
  store.subscribe((delta) => {
    emit('snapshot', delta);
    deps.onChange();
  });
  const unsubscribeAlerts = alerts.subscribe((record: NotificationRecord) => {
    attention = raisedAttention(attention, record, deps.popoverOpen());
    emit('notification', record);
    deps.onChange();
  });

  // What was just loaded needs no write; the first cycle's data is written at once.
  let saved: { snapshot: Snapshot; history: readonly HistoryPoint[]; historyLength: number; at: number | null } = {
    snapshot: store.get(),
    history: history.all(),
    historyLength: history.all().length,
    at: null,
  };

  function persist({ force = false }: { force?: boolean } = {}): void {
    const snapshot = store.get();
    const points = history.all();
    const now = clock.now();
    const changed = saved.snapshot !== snapshot || saved.history !== points || points.length !== saved.historyLength;
    if (!shouldSaveCaches({ savedAt: saved.at, changed }, now, force)) return;
    saved = { snapshot, history: points, historyLength: points.length, at: now };
    try {
      session.snapshotDoc.set(snapshot);
      session.historyDoc.set(storedHistory(points));
      zoneHistory.save(points);
    } catch (err) {
      logger.error('core: could not save the snapshot cache', { account: profile.label, error: err });
    }
  }

  const sessions: AccountSessions = {
    current: () => session,
    require: () => session,
    updatePinned(fn) {
      const pinnedZoneIds = fn([...profile.pinnedZoneIds]);
      profile = { ...profile, pinnedZoneIds };
      session.profile = profile;
      if (!demo) deps.settings.save(replaceProfile(deps.settings.get(), profile));
    },
    persist,
  };

  const poller: Poller = createPoller({
    clock,
    random: deps.random,
    inputs: deps.inputs,
    runCycle: (request) => pollCycle(request),
    // After the poller recorded the outcome, so the alerts of a cycle that met a 401 see it.
    onSettled: () => {
      try {
        afterCycle();
      } catch (err) {
        logger.error('core: after the poll cycle', { account: profile.label, error: err });
      }
    },
    onChange: () => publishStatus(),
    overdueDelayMs: deps.overdueDelayMs,
    ...(deps.cycleDeadlineMs !== undefined ? { cycleDeadlineMs: deps.cycleDeadlineMs } : {}),
    ...(deps.watchdogMarginMs !== undefined ? { watchdogMarginMs: deps.watchdogMarginMs } : {}),
  });

  const pollCycle = createPollCycle({
    client: () => client,
    store,
    now: () => clock.now(),
    pinnedIds: () => profile.pinnedZoneIds,
    toAppError: (err) => toAppError(err),
    billingCache: () => session.billingDoc,
  });

  function degraded(): boolean {
    const state = poller.state();
    return timingOut || state.consecutiveFailures > 0 || state.rateLimited !== false;
  }

  function status(): Status {
    return appStatus({ poller: poller.state(), session, accountFetchedAt: store.get().account.fetchedAt, inputs: deps.inputs(), now: clock.now() });
  }

  const publishChangedStatus = onlyWhenChanged<Status>((next) => {
    emit('status', next);
    deps.onChange();
  });
  function publishStatus(): void {
    publishChangedStatus(status());
  }

  function afterCycle(): void {
    const snapshot = store.get();
    const fetchedAt = snapshot.account.fetchedAt === null ? null : Date.parse(snapshot.account.fetchedAt);
    if (session.keyUncheckedSince !== null && fetchedAt !== null && fetchedAt >= session.keyUncheckedSince) session.keyUncheckedSince = null;
    // Stamped with when its data was fetched: a failed cycle fetched nothing new and adds no point.
    const point = historyPointFrom(snapshot);
    if (point !== null) history.add(point);
    if (point !== null) zoneHistory.record(snapshot);
    persist();
    try {
      alerts.onCycle({
        snapshot,
        history: history.all(),
        status: status(),
        billing: session.billingDoc.get().asOf === null ? null : session.billingDoc.get().entries,
        keyFingerprint: keyFingerprint(session.key),
      });
    } catch (err) {
      logger.error('core: the alert rules failed', { account: profile.label, error: err });
    }
  }

  const spendStop = createSpendStop({ sessions, store, status, clock, logger, onChange: (record) => emit('spendStop', { record }) });
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

  const handlers: AccountHandlerTable = {
    ...createPollHandlers({ sessions, store, history, poller, status }),
    ...createZoneHandlers({
      sessions,
      store,
      actions: createZoneActions({ client: () => client, store, now: () => clock.now() }),
      poller,
      credentials: deps.credentials,
      logger,
    }),
    ...createSpendHandlers({ spendStop, logger }),
    ...billing.handlers,
    ...createAccountHandlers({ sessions, store, shell: deps.shell, clock, logger }),
    ...createNotificationHandlers({ sessions }),
    ...createHistoryHandlers({ zoneHistory, history, label: () => profile.label, saveDialog: deps.saveDialog, clock }),
  };

  function summary(current: Status = status()): AccountSummary {
    return accountSummary({ profile, demo, status: current, snapshot: store.get(), history: history.all(), attention, now: clock.now() });
  }

  return {
    id,
    demo,
    session,
    store,
    history,
    zoneHistory,
    poller,
    spendStop,
    handlers,
    profile: () => profile,
    setProfile(next) {
      profile = next;
      session.profile = next;
      publishStatus();
      deps.onChange();
    },
    status,
    summary,
    trayAccount() {
      const current = status();
      return { summary: summary(current), status: current, snapshot: store.get(), spendStop: session.spendStopDoc.get() };
    },
    start(delayMs) {
      poller.start(delayMs);
      publishStatus();
    },
    async stop() {
      poller.stop();
      await billing.stopSync();
      persist({ force: true });
      unsubscribeAlerts();
    },
    clearAttention() {
      if (attention === null) return;
      attention = null;
      deps.onChange();
    },
    degraded,
    publishStatus,
  };
}

/**
 * A notification names its account when more than one is watched ("Client B · Spend today passed
 * $50"), and a click on it opens that account. Pure.
 */
export function presentNotification(record: NotificationRecord, label: string, profileId: string, nameIt: boolean): NotificationRecord {
  const prefix = `${label} · `;
  const title = nameIt && !record.title.startsWith(prefix) ? `${prefix}${record.title}` : record.title;
  return { ...record, title, target: { ...record.target, profileId } };
}
