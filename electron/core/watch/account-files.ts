import { z } from 'zod';
import { HistoryPoint } from '../../../shared/history';
import { emptySnapshot, Snapshot } from '../../../shared/snapshot';
import { SpendStopRecord } from '../../../shared/spend-stop';
import { AccountCapState, CapsRecord, emptyAccountCapState } from '../../../shared/caps';
import { NotificationHistory } from '../alerts/alert-center';
import { AlertMemory, emptyAlertMemory } from '../alerts/alert-memory';
import { BillingCache, emptyBillingCache } from '../billing/cache';
import { type ProfileDocumentKind, profileDocumentName } from '../accounts/profiles';
import { createJournal, type Journal } from '../journal/journal';
import { emptyJournal, JournalDoc } from '../journal/journal-entry';
import { type AccountHistory, createAccountHistory } from '../ledger/account-history';
import type { DemoPast, Logger } from '../ports';
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
  /** What a multi-zone change is about to send, written before it sends (docs/architecture.md › Write ahead, then act). */
  journal: Journal;
  /** The daily ledger and the last 48 hours of per-zone samples (ledger/account-history.ts). */
  zoneHistory: AccountHistory;
};

const inMemory: DocumentStoreFactory = (name) => createMemoryStore(name);

/** Opens an account's documents; the demo's live in memory only and vanish with it (docs/architecture.md › Accounts). */
export function openAccountFiles(profileId: string, options: { demo: boolean; storeFactory: DocumentStoreFactory; logger: Logger; now: () => number }): AccountFiles {
  const factory = options.demo ? inMemory : options.storeFactory;
  const zoneHistory = createAccountHistory({ profileId, memory: options.demo, factory: options.storeFactory, now: options.now, logger: options.logger });
  const open = <S extends z.ZodType>(kind: ProfileDocumentKind, schema: S, initial: () => z.output<S>) =>
    openDocument(factory, profileDocumentName(kind, profileId), schema, initial, options.logger, kind === 'history' ? { onSetAside: zoneHistory.historySetAside } : {});
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
    journal: createJournal({ doc: open('journal', JournalDoc, emptyJournal), clock: { now: options.now } }),
  };
}

/**
 * The history's points at start: the demo's past from its own service first (docs/architecture.md
 * › The daily ledger; a real account never has one), then the file's, with the zone samples of their
 * last 48 hours put back.
 */
export function startingHistory(files: Pick<AccountFiles, 'history' | 'zoneHistory'>, demoPast: (() => DemoPast) | undefined): HistoryPoint[] {
  const past = demoPast ? files.zoneHistory.backfill(demoPast()) : [];
  return [...past, ...files.zoneHistory.restore(files.history.get())];
}
