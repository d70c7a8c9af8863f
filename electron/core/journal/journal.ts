import { randomUUID } from 'node:crypto';
import { ApiError } from '../api/error';
import type { Clock } from '../ports';
import type { PersistentDocument } from '../storage/persistence';
import { featureOf, type JournalDoc, type JournalEntry, type JournalFeature, type JournalOperation, type JournalResult, type JournalZone } from './journal-entry';

/** A zone as an operation is about to change it. */
export type JournalZoneInput = Omit<JournalZone, 'result'>;

/** One operation's entry while it runs: each zone's result as it arrives, then finished. */
export type JournalRun = {
  result(zoneId: string, result: JournalResult): void;
  /** The operation's record is saved: the entry goes. */
  finish(): void;
};

/**
 * How many zone results a run gathers before it writes them. A kill loses at most these many
 * hints: those zones count as perhaps changed until the service can be asked.
 */
export const RESULT_BATCH = 25;

const idle: JournalRun = { result: () => undefined, finish: () => undefined };

/**
 * One account's write-ahead journal (docs/architecture.md › Write ahead, then act), shared by every
 * multi-zone change that promises a put-back: the entry is on disk before the first request, the
 * zones' results are written in batches as they arrive, and the entry is removed once the operation's own record
 * holds what it did. An entry found at start was left by a run that never ended: `interrupted`.
 */
export function createJournal(deps: { doc: PersistentDocument<JournalDoc>; clock: Pick<Clock, 'now'>; newId?: () => string }) {
  const { doc } = deps;
  const newId = deps.newId ?? randomUUID;
  /** Entries of runs in this process: never taken for interrupted ones. */
  const live = new Set<string>();
  const iso = () => new Date(deps.clock.now()).toISOString();

  const write = (fn: (entries: JournalEntry[]) => JournalEntry[]) => doc.update((current) => ({ entries: fn(current.entries) }));
  const remove = (id: string) => write((entries) => entries.filter((entry) => entry.id !== id));

  return {
    /** Writes what is about to change before anything is sent; nothing to change, nothing written. */
    begin(operation: JournalOperation, zones: readonly JournalZoneInput[]): JournalRun {
      if (zones.length === 0) return idle;
      const id = newId();
      live.add(id);
      const entry: JournalEntry = { id, operation, startedAt: iso(), zones: zones.map((zone) => ({ ...zone, result: null })), toldAt: null };
      write((entries) => [...entries, entry]);
      // Results are written RESULT_BATCH at a time: each write waits for the disk twice (the file
      // and its folder), and recovery re-reads every zone anyway, so a result is only a hint for
      // the count offered while the service is away (docs/architecture.md › Write ahead, then act).
      const pending = new Map<string, JournalResult>();
      const flush = () => {
        const results = new Map(pending);
        pending.clear();
        write((entries) => entries.map((e) => (e.id === id ? { ...e, zones: e.zones.map((zone) => ({ ...zone, result: results.get(zone.zoneId) ?? zone.result })) } : e)));
      };
      return {
        result(zoneId, result) {
          pending.set(zoneId, result);
          if (pending.size >= RESULT_BATCH) flush();
        },
        finish() {
          remove(id);
          live.delete(id);
        },
      };
    },
    /** Entries a run before this one began and never finished, oldest first. */
    interrupted(feature: JournalFeature): JournalEntry[] {
      return doc.get().entries.filter((entry) => !live.has(entry.id) && featureOf(entry.operation) === feature);
    },
    /** The user was told about this entry. */
    told(id: string): void {
      const at = iso();
      write((entries) => entries.map((entry) => (entry.id === id ? { ...entry, toldAt: at } : entry)));
    },
    /** The entry's changes are in its operation's record now (recovered, or taken over by a later run). */
    finish(id: string): void {
      remove(id);
    },
  };
}

export type Journal = ReturnType<typeof createJournal>;

/** A failed request's result: refused by the service (4xx) changed nothing; any other may have. */
export function failedResult(err: unknown): JournalResult {
  return err instanceof ApiError && err.status !== undefined && err.status >= 400 && err.status < 500 ? 'unchanged' : 'unknown';
}
