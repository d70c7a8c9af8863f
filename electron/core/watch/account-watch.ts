import type { AccountReadout } from '../../../shared/accounts';
import type { AlertRule } from '../../../shared/alert-settings';
import type { Zone } from '../../../shared/api/zone';
import type { Severity } from '../../../shared/notification';
import type { Profile } from '../../../shared/settings';
import type { Status } from '../../../shared/status';
import type { BillingSyncProgress } from '../../../shared/views';
import type { RequestBudget } from '../accounts/request-budget';
import { createAlertCenter } from '../alerts/alert-center';
import { presentNotification } from '../alerts/present-notification';
import { createBillingBook } from '../billing/billing-book';
import { createDataGaps } from '../data/data-gaps';
import { historyPointFrom, HistoryStore } from '../data/history-store';
import { SnapshotStore } from '../data/snapshot-store';
import { baseIntervalMs } from '../polling/schedule';
import type { Clock, Logger, NewId, Notifier, Random } from '../ports';
import { accountReadout } from '../readout/account-readout';
import { accountStatus } from './account-status';
import { raisedAttention } from '../readout/attention';
import { createSpendStop } from '../spend-stop/spend-stop';
import { createCaps } from '../caps/caps-run';
import { createAccountCapGuard } from '../caps/account-cap-guard';
import type { JournalNotice } from '../journal/recovery';
import type { HttpOptions } from '../api/http-options';
import type { Tuning } from '../tuning';
import { createAccountZones } from '../zones/account-zones';
import { createLedgerFigures } from './ledger-figures';
import type { CredentialsClipboard } from '../zones/credentials-clipboard';
import { type AccountFiles, startHistory } from './account-files';
import { type AccountKey, createAccountConnection } from './account-connection';
import { createAccountLookups } from './account-lookups';
import { createAccountLoop } from './account-loop';
import { type AccountChange, createAccountUpdates, reporting } from './account-updates';
import type { WatchHost } from './watch-host';
import { createCacheSaver } from './cache-saver';

export type AccountWatchDeps = {
  profile: Profile;
  demo: boolean;
  key: AccountKey;
  files: AccountFiles;
  http: HttpOptions;
  budget: Pick<RequestBudget, 'gateFor'>;
  tuning: Tuning;
  clock: Clock;
  random: Random;
  newId?: NewId;
  logger: Logger;
  host: WatchHost;
  notifier: Notifier;
  credentials: CredentialsClipboard;
  /** Where the account's updates go: one per poll cycle, one per burst of changes outside a cycle. */
  send: (change: AccountChange) => void;
  /** Where a billing sync's progress goes, page by page (the `billingSync` event). */
  syncProgress: (progress: BillingSyncProgress) => void;
  /** The demo's past from its service: its ledger and charts start from it (real accounts: never). */
  demoPast?: Parameters<typeof startHistory>[1];
};

export type { AccountNotifications, AccountWatch } from './account-watch-api';
import type { AccountWatch } from './account-watch-api';

/**
 * One watched account (docs/architecture.md › One account, one watch): its connection (key, client), files and caches, its loop (poller,
 * schedule, back-off, 401 stop), its alerts and stop record, and its read model, sent as one update
 * per cycle. Its requests go through the budget all accounts share.
 */
export function createAccountWatch(deps: AccountWatchDeps): AccountWatch {
  const { clock, logger, demo, host, files } = deps;
  const id = deps.profile.id;
  let profile = deps.profile;
  let attention: Severity | null = null;
  const now = () => clock.now();
  const label = () => profile.label;

  const store = new SnapshotStore();
  const history = new HistoryStore();
  const dataGaps = createDataGaps(logger);
  const connection = createAccountConnection({
    profileId: id,
    baseUrl: profile.baseUrl,
    key: deps.key,
    http: deps.http,
    budget: deps.budget,
    degraded: () => loop.degraded(),
    onListRead: (read) => dataGaps.record(read),
    now,
    logger,
    label,
  });
  const alerts = createAlertCenter({
    notifier: deps.notifier,
    memoryDoc: files.alertMemory,
    historyDoc: files.notifications,
    clock,
    ...(deps.newId ? { newId: deps.newId } : {}),
    getSettings: () => ({ alerts: profile.alerts ?? host.alertSettings().alerts, quietHours: host.alertSettings().quietHours }),
    logger,
    snoozeStore: host.snooze,
    present: (record) => host.routeNotification(presentNotification(record, profile.label, id, host.accountCount() > 1), profile.label, (zoneId) => store.get().zones[zoneId]?.zone.name ?? null),
  });
  store.replace(files.snapshot.get());
  startHistory(files, deps.demoPast, history);
  const saver = createCacheSaver({ store, history, files, now, logger, label });
  const figures = createLedgerFigures({ files, store, stopRecord: () => files.spendStop.get(), now, logger, onFresh: () => updates.changed() });
  const { monthEnd, anomalies, usualSpend } = figures;

  const loop = createAccountLoop({
    clock,
    random: deps.random,
    tuning: deps.tuning,
    inputs: () => host.pollInputs(),
    overdueDelayMs: () => host.overdueDelayMs(),
    client: () => connection.client(),
    store,
    billingCache: () => files.billing,
    pinnedIds: () => profile.pinnedZoneIds,
    timingOut: () => connection.timingOut(),
    settle: figures.settle,
    // After the poller recorded the outcome, so the alerts of a cycle that met a 401 see it.
    onSettled: () => {
      try {
        afterCycle();
      } catch (err) {
        logger.error('core: after the poll cycle', { account: label(), error: err });
      }
    },
    onChange: () => updates.changed(),
  });

  function status(): Status {
    return accountStatus({
      poller: loop.state(),
      profile: { id, label: profile.label, baseUrl: profile.baseUrl, color: profile.color, demo },
      key: connection.key(),
      gaps: dataGaps.entries(),
      billingUnreadable: files.billing.get().unreadable,
      accountFetchedAt: store.get().account.fetchedAt,
      intervalMs: baseIntervalMs(host.pollInputs()),
      now: now(),
    });
  }

  function derive(): { readout: AccountReadout; status: Status } {
    const current = status();
    const facts = { profile, demo, status: current, app: host.app(), snapshot: store.get(), history: history.all(), monthEnd: monthEnd().account, spendStop: spendStop.record(), attention, now: now() };
    return { readout: accountReadout(facts), status: current };
  }

  const updates = createAccountUpdates({ profileId: id, derive, busy: () => loop.state().refreshing, send: deps.send, defer: queueMicrotask });
  store.subscribe((delta) => updates.snapshotChanged(delta));
  const unsubscribeAlerts = alerts.subscribe((record) => {
    attention = raisedAttention(attention, record, host.windowOpen());
    updates.notified(record);
  });

  function afterCycle(): void {
    const snapshot = store.get();
    if (snapshot.account.fetchedAt !== null) connection.confirmKey(Date.parse(snapshot.account.fetchedAt));
    // Stamped with when its data was fetched: a failed cycle fetched nothing new and adds no point.
    const point = historyPointFrom(snapshot);
    if (point !== null) history.add(point);
    void saver.save();
    const { readout, status: current } = derive();
    const billing = files.billing.get();
    try {
      // A stop or a caps run under way records its answered zones in batches: the rules must see them as the app's own.
      spendStop.settle();
      caps.settle();
      alerts.onCycle({ snapshot, history: history.all(), status: current, figures: readout.figures, billing: billing.asOf === null ? null : billing.entries, keyFingerprint: connection.fingerprint(), usualDailySpend: usualSpend(), anomalies: anomalies.recent() });
      capGuard.afterCycle(snapshot, readout.figures);
    } catch (err) {
      logger.error('core: the alert rules or the account cap failed', { account: label(), error: err });
    }
    recoverInterrupted();
  }

  /** Runs a kill interrupted are checked at start and after each cycle until settled (docs/architecture.md › Write ahead, then act). */
  const recoverInterrupted = () => void Promise.all([spendStop.recover(), caps.recover()]);
  /** What Stop all spend and the caps share: the account's client, its fresh state and its journal. */
  const changing = {
    client: () => connection.client(),
    store,
    blockedBy: () => derive().readout.offers.changeBlockedBy,
    acknowledge: (zones: readonly Zone[]) => alerts.acknowledgeZones(zones),
    clock,
    logger,
    journal: files.journal,
    tell: (notice: JournalNotice) => void host.raise({ ...notice, profileId: id, notify: true }),
  };
  const spendStop = createSpendStop({ ...changing, record: files.spendStop, onChange: (record) => { anomalies.observe(); updates.spendStopChanged(record); saver.save({ force: true }); } });
  const caps = createCaps({ ...changing, record: files.caps, accountCap: () => capGuard.state(), usual: usualSpend, onChange: () => { updates.changed(); saver.save({ force: true }); } });
  const capGuard = createAccountCapGuard({
    doc: files.accountCap,
    spendStop,
    announce: (event) => alerts.announce(event),
    clock,
    logger,
    onChange: () => updates.changed(),
  });
  const billing = createBillingBook({
    client: () => connection.client(),
    cache: files.billing,
    clock,
    ...(deps.tuning.billingPageDelayMs !== undefined ? { pageDelayMs: deps.tuning.billingPageDelayMs } : {}),
    onProgress: (progress) => {
      deps.syncProgress(progress);
      // The status counts the cache's unreadable entries: a finished sync may have changed them.
      if (progress.done) updates.changed();
    },
  });
  const zones = createAccountZones({
    client: () => connection.client(),
    store,
    now,
    alerts,
    blockedBy: changing.blockedBy,
    pins: {
      get: () => profile.pinnedZoneIds,
      set(pinnedZoneIds) {
        if (!demo) host.saveProfile({ ...profile, pinnedZoneIds }); // a refused write throws: the pins stay as saved
        profile = { ...profile, pinnedZoneIds };
      },
    },
    saveCaches: () => void saver.save({ force: true }),
    refresh: () => loop.refresh(),
    credentials: deps.credentials,
    proxyCredentials: (zoneId) => connection.proxyCredentials(zoneId),
  });

  return {
    id,
    demo,
    profile: () => profile,
    async setProfile(next) {
      const moved = next.baseUrl !== profile.baseUrl;
      profile = next;
      // The user's own change: the views (and the list the caller answers with) have it at once.
      updates.flush();
      if (!moved) return;
      // Same host, another path: a new client for the new address, the key and caches kept.
      connection.setBaseUrl(next.baseUrl);
      await loop.restart();
    },
    async replaceKey(key, next = profile) {
      // Key and address change together: the old key is never sent to the new address.
      connection.setKey(key);
      if (next.baseUrl !== profile.baseUrl) connection.setBaseUrl(next.baseUrl);
      profile = next;
      updates.changed();
      await loop.restart();
    },
    sendsKey: (secret) => connection.sends(secret),
    status,
    published: () => updates.current(),
    snapshot: () => store.get(),
    updateSeq: () => updates.seq(),
    history: (sinceMs) => history.since(sinceMs),
    refresh: () => loop.refresh(),
    start(delayMs) {
      anomalies.observe();
      loop.start(delayMs);
      recoverInterrupted();
      updates.changed();
    },
    async stop() {
      loop.stop();
      await billing.stopSync();
      await saver.save({ force: true });
      unsubscribeAlerts();
    },
    reschedule() {
      loop.reschedule();
      updates.changed();
    },
    windowOpened() {
      if (attention === null) return;
      attention = null;
      updates.changed();
    },
    zones: reporting(zones, updates.flush, ['setEnabled', 'update', 'refreshIps', 'deleteIps', 'delete', 'pin', 'unpin']),
    spendStop: reporting(spendStop, updates.flush, ['stop', 'restore', 'dismiss']),
    caps: reporting({ ...caps, setAccountCap: capGuard.setRule, accountCapSettled: capGuard.settled }, updates.flush, ['apply', 'retry', 'undo', 'forget', 'setAccountCap']),
    billing: reporting(billing, updates.flush, ['sync']),
    lookups: reporting(createAccountLookups({ client: () => connection.client(), store, billing: () => files.billing.get(), now }), updates.flush, ['planAdvice']),
    zoneHistory: files.zoneHistory,
    monthEnd,
    anomalies: () => anomalies.refresh().then(anomalies.all),
    notifications: reporting({ list: () => alerts.list(), test: (rule: AlertRule) => alerts.sendTest(rule) }, updates.flush, ['test']),
  };
}
