import type { ApiClient } from '../api/client';
import type { Logger } from '../ports';
import type { Journal } from './journal';
import type { JournalEntry, JournalFeature } from './journal-entry';
import { recoverInterrupted } from './recover-interrupted';
import { assumedZones, type JournalNotice, type ZoneFound } from './recovery';

export type JournaledRecordDeps<R> = {
  feature: JournalFeature;
  journal: Journal;
  /** The record as saved (the "stopped by Zonewatch" one, the caps one). */
  stored: () => R | null;
  /** Saves the record and tells the views. */
  save: (next: R | null) => void;
  /** What an interrupted entry leaves in the record, by the rules of the run's own end (stop-record.ts, caps-record.ts). */
  fold: (record: R | null, entry: JournalEntry, found: ReadonlyMap<string, ZoneFound>, at: string) => R | null;
  tell: (notice: JournalNotice) => void;
  logger: Logger;
};

/**
 * A feature's record kept with the journal (docs/architecture.md › Write ahead, then act): what it
 * offers counts interrupted runs not yet checked as far as they may have gone, recovery folds each
 * one it can check into the record, and a run that built on the offered record takes them with it.
 * Stop all spend and the caps each keep theirs through this one piece.
 */
export function journaledRecord<R>(deps: JournaledRecordDeps<R>) {
  const { journal, feature } = deps;
  return {
    /** What Restore, Undo and Retry offer. */
    offered: (): R | null => journal.interrupted(feature).reduce((held, entry) => deps.fold(held, entry, assumedZones(entry), entry.startedAt), deps.stored()),

    pending: (): boolean => journal.interrupted(feature).length > 0,

    /** Checks the interrupted runs with the service; `reachable` false when the account cannot send at all. */
    async recover(client: () => ApiClient, reachable: boolean, signal: AbortSignal): Promise<void> {
      if (journal.interrupted(feature).length === 0) return;
      try {
        await recoverInterrupted({
          journal,
          feature,
          client: client(),
          reachable,
          signal,
          // Stamped with when the run began, as `offered` stamps it: the record reads the same before and after a restart, however late the check.
          fold: (entry, found) => deps.save(deps.fold(deps.stored(), entry, found, entry.startedAt)),
          tell: deps.tell,
          logger: deps.logger,
        });
      } catch (err) {
        deps.logger.warn('journal: checking an interrupted run failed', { feature, error: err });
      }
    },

    /** A run saved `next`, built on what `offered()` gave: the interrupted runs it counted are in the record now. */
    saveAfterRun(next: R | null): void {
      const interrupted = journal.interrupted(feature);
      if (next !== deps.stored() || interrupted.length > 0) deps.save(next);
      for (const entry of interrupted) journal.finish(entry.id);
      journal.dropEnded();
    },
  };
}
