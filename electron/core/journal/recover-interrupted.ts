import type { ApiClient } from '../api/client';
import type { Logger } from '../ports';
import type { Journal } from './journal';
import type { JournalEntry, JournalFeature } from './journal-entry';
import { readZones } from './read-zones';
import { foundZones, interruptedNotice, type JournalNotice, type ZoneFound } from './recovery';

export type RecoverDeps = {
  journal: Journal;
  feature: JournalFeature;
  client: ApiClient;
  /** False when the account cannot send (no key, key rejected, offline): nothing is read, the entries stay. */
  reachable: boolean;
  signal: AbortSignal;
  /** Folds what the entry changed into the operation's own record (stop-record.ts, caps-record.ts). */
  fold: (entry: JournalEntry, found: ReadonlyMap<string, ZoneFound>) => void;
  tell: (notice: JournalNotice) => void;
  logger: Logger;
};

/**
 * Recovers the feature's interrupted entries (docs/architecture.md › Write ahead, then act): re-reads
 * each entry's zones, folds what they show into the record and finishes the entry; an entry whose
 * zones cannot all be read stays unfinished for the next try. The user is told of each entry once,
 * at its first try.
 */
export async function recoverInterrupted(deps: RecoverDeps): Promise<void> {
  for (const entry of deps.journal.interrupted(deps.feature)) {
    const found = deps.reachable ? foundZones(entry, await readZones(deps.client, entry.zones.map((zone) => zone.zoneId), deps.signal)) : null;
    if (found === null) {
      deps.logger.warn('journal: an interrupted run could not be checked yet', { operation: entry.operation, zones: entry.zones.length });
      if (entry.toldAt === null) {
        deps.tell(interruptedNotice(entry, null));
        deps.journal.told(entry.id);
      }
      continue;
    }
    // Folded first: a kill before the entry is finished folds it again, to the same record.
    deps.fold(entry, found);
    deps.journal.finish(entry.id);
    deps.logger.info('journal: recovered an interrupted run', { operation: entry.operation, changed: [...found.values()].filter((f) => f === 'changed').length });
    if (entry.toldAt === null) deps.tell(interruptedNotice(entry, found));
  }
}
