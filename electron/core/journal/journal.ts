import { ApiError } from '../api/error';
import { type Clock, type NewId, systemNewId } from '../ports';
import { HandlerError } from '../ipc-dispatch';
import type { PersistentDocument } from '../storage/persistence';
import { type DocumentWriteError, NOTHING_CHANGED, writeFailureOf, writeFailureSentence } from '../storage/write-failure';
import { featureOf, type JournalDoc, type JournalEntry, type JournalFeature, type JournalOperation, type JournalResult, type JournalZone } from './journal-entry';

/** A zone as an operation is about to change it. */
export type JournalZoneInput = Omit<JournalZone, 'result'>;

/** One operation's entry while it runs: each zone's result as it arrives, then ended with its record. */
export type JournalRun = {
  result(zoneId: string, result: JournalResult): void;
  /**
   * Saves the operation's record with `save`, then removes the entry. When the record cannot be
   * written the entry stays, on disk and here, as an interrupted one (Restore, Undo and Retry count
   * it; recovery folds it into the record once the folder takes writes): the failure is returned
   * for the report to say, never reported done.
   */
  end(save: () => void): DocumentWriteError | null;
};

/**
 * How many zone results a run gathers before it writes them. A kill loses at most these many
 * hints: those zones count as perhaps changed until the service can be asked.
 */
export const RESULT_BATCH = 25;

/** Thrown when an action's entry cannot be written: the action refuses, in words, before its first request. */
export class JournalUnwritable extends HandlerError {
  constructor(readonly failure: DocumentWriteError) {
    super({ kind: 'unavailable', message: writeFailureSentence(failure, NOTHING_CHANGED) });
  }
}

/** Runs a journal write whose failure only delays it (a result, a removal, "told"): the entry on disk stays right. */
function later(write: () => void): void {
  try {
    write();
  } catch (err) {
    if (writeFailureOf(err) === null) throw err;
  }
}

/**
 * One account's write-ahead journal (docs/architecture.md › Write ahead, then act), shared by every
 * multi-zone change that promises a put-back: the entry is on disk before the first request, the
 * zones' results are written in batches as they arrive, and the entry is removed once the operation's own record
 * holds what it did. An entry found at start was left by a run that never ended: `interrupted`.
 * The entries here are those on disk: a write that fails changes nothing here, and one that lands
 * later rewrites every entry that landed before (docs/architecture.md › Offline).
 */
export function createJournal(deps: { doc: PersistentDocument<JournalDoc>; clock: Pick<Clock, 'now'>; newId?: NewId }) {
  const { doc } = deps;
  const newId = deps.newId ?? systemNewId;
  /** Entries of runs in this process: never taken for interrupted ones. */
  const live = new Set<string>();
  /** Entries finished here whose removal has not landed yet: gone with the next write that does. */
  const ending = new Set<string>();
  /** Runs of this process that ended without their record (the folder refused it), by when: interrupted ones the user was already told of. */
  const unrecorded = new Map<string, string>();
  /** Their results the folder refused too: what this process knows of them, over what the entry on disk says. */
  const unwrittenResults = new Map<string, ReadonlyMap<string, JournalResult>>();
  const iso = () => new Date(deps.clock.now()).toISOString();

  const write = (fn: (entries: JournalEntry[]) => JournalEntry[]) => {
    doc.update((current) => ({ entries: fn(current.entries).filter((entry) => !ending.has(entry.id)) }));
    ending.clear();
  };
  const remove = (id: string) => {
    ending.add(id);
    unrecorded.delete(id);
    unwrittenResults.delete(id);
    later(() => write((entries) => entries));
  };
  const written = (fn: (entries: JournalEntry[]) => JournalEntry[]) => {
    try {
      write(fn);
    } catch (err) {
      const failure = writeFailureOf(err);
      throw failure ? new JournalUnwritable(failure) : err;
    }
  };

  return {
    /**
     * Refuses, in words, when the journal cannot be written now: called before an action's first
     * request, so a full disk changes nothing on the service. Rewrites the entries as they are.
     */
    ensureWritable(): void {
      written((entries) => entries);
    },
    /** Writes what is about to change before anything is sent; nothing to change, nothing written. Refuses when it cannot be written. */
    begin(operation: JournalOperation, zones: readonly JournalZoneInput[]): JournalRun {
      const id = newId();
      if (zones.length > 0) {
        const entry: JournalEntry = { id, operation, startedAt: iso(), zones: zones.map((zone) => ({ ...zone, result: null })), toldAt: null };
        written((entries) => [...entries, entry]);
        live.add(id);
      }
      // Results are written RESULT_BATCH at a time: each write waits for the disk twice (the file
      // and its folder), and recovery re-reads every zone anyway, so a result is only a hint for
      // the count offered while the service is away (docs/architecture.md › Write ahead, then act).
      // A batch the folder refuses stays pending and goes with the next one.
      const pending = new Map<string, JournalResult>();
      let flushAt = RESULT_BATCH;
      const flush = () => {
        flushAt = pending.size + RESULT_BATCH;
        later(() => {
          write((entries) => entries.map((e) => (e.id === id ? { ...e, zones: e.zones.map((zone) => ({ ...zone, result: pending.get(zone.zoneId) ?? zone.result })) } : e)));
          pending.clear();
          flushAt = RESULT_BATCH;
        });
      };
      return {
        result(zoneId, result) {
          if (!live.has(id)) return;
          pending.set(zoneId, result);
          if (pending.size >= flushAt) flush();
        },
        end(save) {
          try {
            save();
          } catch (err) {
            const failure = writeFailureOf(err);
            if (failure === null) throw err;
            // The entry now stands for the run until recovery: its last results narrow what is offered meanwhile.
            if (live.has(id) && pending.size > 0) {
              unwrittenResults.set(id, pending);
              flush();
            }
            if (live.delete(id)) unrecorded.set(id, iso());
            return failure;
          }
          if (live.delete(id)) remove(id);
          return null;
        },
      };
    },
    /** Entries a run before this one began and never finished (or one of this run whose record could not be written), oldest first. */
    interrupted(feature: JournalFeature): JournalEntry[] {
      return doc
        .get()
        .entries.filter((entry) => !live.has(entry.id) && !ending.has(entry.id) && featureOf(entry.operation) === feature)
        .map((entry) => withUnwrittenResults(entry, unwrittenResults.get(entry.id)))
        .map((entry) => (entry.toldAt === null && unrecorded.has(entry.id) ? { ...entry, toldAt: unrecorded.get(entry.id)! } : entry));
    },
    /** The user was told about this entry. */
    told(id: string): void {
      const at = iso();
      later(() => write((entries) => entries.map((entry) => (entry.id === id ? { ...entry, toldAt: at } : entry))));
    },
    /** The entry's changes are in its operation's record now (recovered, or taken over by a later run). */
    finish(id: string): void {
      remove(id);
    },
    /**
     * Writes away the entries whose runs ended with their record saved but whose removal the
     * folder refused: called as a record is saved again (Forget, Dismiss, a later run), so a kill
     * after it never brings back, as interrupted, a run the record has moved past.
     */
    dropEnded(): void {
      if (ending.size > 0) later(() => write((entries) => entries));
    },
  };
}

export type Journal = ReturnType<typeof createJournal>;

/** An entry with the results its run knew but the folder refused (a zone left as it was is not assumed changed). */
function withUnwrittenResults(entry: JournalEntry, results: ReadonlyMap<string, JournalResult> | undefined): JournalEntry {
  if (results === undefined || results.size === 0) return entry;
  return { ...entry, zones: entry.zones.map((zone) => ({ ...zone, result: results.get(zone.zoneId) ?? zone.result })) };
}

/** A failed request's result: refused by the service (4xx) changed nothing; any other may have. */
export function failedResult(err: unknown): JournalResult {
  return err instanceof ApiError && err.status !== undefined && err.status >= 400 && err.status < 500 ? 'unchanged' : 'unknown';
}
