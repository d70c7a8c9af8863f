import { z } from 'zod';
import { HistoryPoint } from '../../../shared/history';
import { emptySnapshot, Snapshot } from '../../../shared/snapshot';
import { SpendStopRecord } from '../../../shared/spend-stop';
import { CapsRecord } from '../../../shared/caps';
import { NotificationHistory } from '../alerts/alert-center';
import { AlertMemory, emptyAlertMemory } from '../alerts/alert-memory';
import { BillingCache, emptyBillingCache } from '../billing/cache';
import { type ProfileDocumentKind, profileDocumentName } from '../accounts/profiles';
import type { Logger } from '../ports';
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
  /** The "stopped by Zonewatch" record (issue 16), null when there is none. */
  spendStop: PersistentDocument<SpendStopRecord | null>;
  /** The "caps set by Zonewatch" record Undo reads (docs/desktop.md › Caps), null when there is none. */
  caps: PersistentDocument<CapsRecord | null>;
};

const inMemory: DocumentStoreFactory = (name) => createMemoryStore(name);

/** Opens an account's documents; the demo's live in memory only and vanish with it (docs/architecture.md › Accounts). */
export function openAccountFiles(profileId: string, options: { demo: boolean; storeFactory: DocumentStoreFactory; logger: Logger }): AccountFiles {
  const factory = options.demo ? inMemory : options.storeFactory;
  const open = <S extends z.ZodType>(kind: ProfileDocumentKind, schema: S, initial: () => z.output<S>) =>
    openDocument(factory, profileDocumentName(kind, profileId), schema, initial, options.logger);
  return {
    snapshot: open('snapshot', Snapshot, emptySnapshot),
    history: open('history', HistoryDoc, () => []),
    billing: open('billing', BillingCache, emptyBillingCache),
    alertMemory: open('alert-memory', AlertMemory, emptyAlertMemory),
    notifications: open('notifications', NotificationHistory, () => []),
    spendStop: open('spend-stop', SpendStopDoc, () => null),
    caps: open('caps', CapsDoc, () => null),
  };
}
