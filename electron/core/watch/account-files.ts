import { z } from 'zod';
import { HistoryPoint } from '../../../shared/history';
import { emptySnapshot, Snapshot } from '../../../shared/snapshot';
import { SpendStopRecord } from '../../../shared/spend-stop';
import { AccountCapState, CapsRecord, emptyAccountCapState } from '../../../shared/caps';
import { emptyOffDaysFile, OffDaysFile } from '../anomalies/off-days-record';
import { NotificationHistory } from '../alerts/alert-center';
import { AlertMemory, emptyAlertMemory } from '../alerts/alert-memory';
import { BillingCache, emptyBillingCache } from '../billing/cache';
import { type ProfileDocumentKind, profileDocumentName } from '../accounts/profiles';
import { createJournal, type Journal } from '../journal/journal';
import { emptyJournal, JournalDoc } from '../journal/journal-entry';
import { type AccountHistory, createAccountHistory } from '../ledger/account-history';
import type { SetAsideTeller, StoreMeaning } from '../notices/set-aside-notice';
import type { DemoPast, Logger, NewId } from '../ports';
import type { HistoryStore } from '../data/history-store';
import type { Timers } from '../history/history-facade';
import type { HistoryChannel } from '../history-worker/protocol';
import { createMemoryStore, type DocumentStoreFactory, openDocument, type PersistentDocument } from '../storage/persistence';

const HistoryDoc = z.array(HistoryPoint);
const SpendStopDoc = SpendStopRecord.nullable();
const CapsDoc = CapsRecord.nullable();

/** The persisted documents of one account, each keyed by its profile id (`profile-<id>-<kind>`). */
export type AccountFiles = {
  snapshot: PersistentDocument<Snapshot>;
  history: PersistentDocument<HistoryPoint[]>;
  billing: PersistentDocument<BillingCache>;
  alertMemory: PersistentDocument<AlertMemory>;
  notifications: PersistentDocument<NotificationHistory>;
  /** The "stopped by Zonewatch" record (docs/architecture.md › Stop all spend), null when there is none. */
  spendStop: PersistentDocument<SpendStopRecord | null>;
  /** The "caps set by Zonewatch" record Undo reads (docs/desktop.md › Caps), null when there is none. */
  caps: PersistentDocument<CapsRecord | null>;
  /** The account cap's rule and what it did (docs/desktop.md › Caps › Account cap). */
  accountCap: PersistentDocument<AccountCapState>;
  /** What turned zones off, kept for the days it explains (docs/architecture.md › Daily anomalies). */
  offDays: PersistentDocument<OffDaysFile>;
  /** What a multi-zone change is about to send, written before it sends (docs/architecture.md › Write ahead, then act). */
  journal: Journal;
  /** The daily ledger and the last 48 hours of per-zone samples (ledger/account-history.ts). */
  zoneHistory: AccountHistory;
};

const inMemory: DocumentStoreFactory = (name) => createMemoryStore(name);

/**
 * What each file of an account holds and what its loss means (docs/architecture.md › Notices). The
 * money records are also written durably (docs/architecture.md › Offline).
 */
const MEANING: Record<ProfileDocumentKind, StoreMeaning> = {
  snapshot: { what: "This account's last figures", consequence: 'They show again after the next update.', money: false },
  history: { what: 'The spend and throughput history', consequence: 'The charts start again from the next update.', money: false },
  billing: { what: 'The saved billing history', consequence: 'It is read again from the service at the next billing sync.', money: false },
  'alert-memory': { what: 'The memory of alerts already sent', consequence: 'An alert already sent may come once more.', money: false },
  notifications: { what: 'The list of past notifications', consequence: 'Notifications from before no longer show under Notifications.', money: false },
  'spend-stop': {
    what: 'The record of the zones Stop all spend turned off',
    consequence: 'Restore can no longer turn them back on: zones off on the service stay off until you turn them on in Zones.',
    money: true,
  },
  caps: { what: 'The record of the caps Zonewatch set', consequence: 'Undo is no longer offered: the caps on the service stay as they are.', money: true },
  'account-cap': { what: 'The account cap', consequence: 'It is off until you set it again in Caps, and a Restore it owed will not happen by itself.', money: true },
  journal: {
    what: 'The journal of a stop or caps change under way',
    consequence: 'If one was cut short, Zonewatch cannot tell what it changed: check the zones in Zones and Caps.',
    money: true,
  },
  'off-days': {
    what: 'The record of what turned zones off',
    consequence: 'Low days before now that a stop, a cap or a zone turned off explained may read as unusual.',
    money: false,
  },
};
/** What explains a stop's days is written as durably as the stop record it outlives. */
const DURABLE: ReadonlySet<ProfileDocumentKind> = new Set(['spend-stop', 'caps', 'account-cap', 'journal', 'off-days']);

/** Opens an account's documents; the demo's live in memory only and vanish with it (docs/architecture.md › Accounts). */
export function openAccountFiles(
  profileId: string,
  options: { demo: boolean; storeFactory: DocumentStoreFactory; history: HistoryChannel; timers: Timers; logger: Logger; now: () => number; newId?: NewId; tell: SetAsideTeller },
): AccountFiles {
  const factory = options.demo ? inMemory : options.storeFactory;
  const { now, tell } = options;
  const zoneHistory = createAccountHistory({ profileId, channel: options.history, timers: options.timers, now, logger: options.logger });
  const open = <S extends z.ZodType>(kind: ProfileDocumentKind, schema: S, initial: () => z.output<S>) =>
    openDocument(factory, profileDocumentName(kind, profileId), schema, initial, options.logger, { now, onSetAside: tell(MEANING[kind]), durable: DURABLE.has(kind) });
  return {
    zoneHistory,
    snapshot: open('snapshot', Snapshot, emptySnapshot),
    history: open('history', HistoryDoc, () => []),
    billing: open('billing', BillingCache, emptyBillingCache),
    alertMemory: open('alert-memory', AlertMemory, emptyAlertMemory),
    notifications: open('notifications', NotificationHistory, () => []),
    spendStop: open('spend-stop', SpendStopDoc, () => null),
    caps: open('caps', CapsDoc, () => null),
    accountCap: open('account-cap', AccountCapState, emptyAccountCapState),
    offDays: open('off-days', OffDaysFile, emptyOffDaysFile),
    journal: createJournal({ doc: open('journal', JournalDoc, emptyJournal), clock: { now }, ...(options.newId ? { newId: options.newId } : {}) }),
  };
}

/**
 * The history's points at start: the demo's past from its own service first (docs/architecture.md
 * › The daily ledger; a real account never has one), then the file's; the zone samples of their
 * last 48 hours are put back once the history database answers.
 */
export function startHistory(files: Pick<AccountFiles, 'history' | 'zoneHistory'>, demoPast: (() => DemoPast) | undefined, history: Pick<HistoryStore, 'add' | 'putBackZoneDetail'>): void {
  const past = demoPast ? files.zoneHistory.backfill(demoPast()) : [];
  const stored = files.history.get();
  for (const point of [...past, ...stored]) history.add(point);
  void files.zoneHistory.restore(stored).then((restored) => history.putBackZoneDetail(restored));
}
