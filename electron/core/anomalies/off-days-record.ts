import { z } from 'zod';
import { ZoneId } from '../../../shared/api/zone';
import { UtcDay } from '../../../shared/ledger';
import { CLOSED_MONTHS_KEPT } from '../ledger/ledger-store';
import { addDays, addMonths, monthOf } from '../ledger/utc-calendar';
import type { Logger } from '../ports';
import type { PersistentDocument } from '../storage/persistence';
import type { OffFact } from './off-days';

// What explained each low day, kept with the account's other records (docs/architecture.md › Daily
// anomalies): a fact is worked out once, when the app sees it (off-days.ts › offFacts), and kept as
// it was, so a Restore that clears the stop record, a zone back on, or a restart changes nothing in
// what a day reads.

/** The file: each distinct sentence once, then each fact as [zone, first day, last day, sentence]. */
export const OffDaysFile = z
  .object({
    v: z.literal(1),
    words: z.array(z.string().max(200)),
    facts: z.array(z.tuple([ZoneId, UtcDay, UtcDay, z.number().int().nonnegative()])),
  })
  .refine((file) => file.facts.every(([, from, to, words]) => from <= to && words < file.words.length), { error: 'a fact names a sentence the file does not hold' });
export type OffDaysFile = z.infer<typeof OffDaysFile>;

export const emptyOffDaysFile = (): OffDaysFile => ({ v: 1, words: [], facts: [] });

export function offDaysFile(facts: readonly OffFact[]): OffDaysFile {
  const index = new Map<string, number>();
  const words: string[] = [];
  const indexOf = (text: string) => {
    let found = index.get(text);
    if (found === undefined) index.set(text, (found = words.push(text) - 1));
    return found;
  };
  return { v: 1, words, facts: facts.map((f) => [f.zoneId, f.from, f.to, indexOf(f.words)]) };
}

export function offDaysFromFile(file: OffDaysFile): OffFact[] {
  return file.facts.map(([zoneId, from, to, words]) => ({ zoneId, from, to, words: file.words[words]! }));
}

/** The first day the ledger still holds: facts ending before it explain nothing it shows. */
export function keptFromDay(now: number): string {
  return `${addMonths(monthOf(now), -CLOSED_MONTHS_KEPT)}-01`;
}

/**
 * The kept facts with the observed ones folded in, or null when nothing changed. A fact seen again
 * (same zone, same words) on a day next to or inside one kept joins it; any other is added after
 * the kept ones, whose order never changes. Facts ending before `keepFrom` are dropped, as the
 * ledger drops their months. Pure.
 */
export function foldOffFacts(kept: readonly OffFact[], observed: readonly OffFact[], keepFrom: string): OffFact[] | null {
  const next = kept.filter((f) => f.to >= keepFrom);
  let changed = next.length !== kept.length;
  const byZone = new Map<string, number[]>();
  const index = (zoneId: string, i: number) => {
    const mine = byZone.get(zoneId);
    if (mine) mine.push(i);
    else byZone.set(zoneId, [i]);
  };
  next.forEach((f, i) => index(f.zoneId, i));
  for (const seen of observed) {
    if (seen.to < keepFrom) continue;
    const joins = (byZone.get(seen.zoneId) ?? []).find((i) => next[i]!.words === seen.words && seen.from <= addDays(next[i]!.to, 1) && next[i]!.from <= addDays(seen.to, 1));
    if (joins === undefined) {
      index(seen.zoneId, next.push({ ...seen }) - 1);
      changed = true;
      continue;
    }
    const was = next[joins]!;
    const from = seen.from < was.from ? seen.from : was.from;
    const to = seen.to > was.to ? seen.to : was.to;
    if (from === was.from && to === was.to) continue;
    next[joins] = { ...was, from, to };
    changed = true;
  }
  return changed ? next : null;
}

/** The facts and a count that moves whenever they change (the anomaly memo's key). */
export type OffDays = { facts: readonly OffFact[]; version: number };

/**
 * One account's off-days record over its document. `observe` folds what the app sees now in and
 * writes the document when that changed; a write that fails keeps the facts for this session and
 * is tried again at the next observation, until it lands.
 */
export function createOffDaysRecord(deps: { doc: PersistentDocument<OffDaysFile>; now: () => number; logger: Logger }) {
  let state: OffDays = { facts: offDaysFromFile(deps.doc.get()), version: 0 };
  /** The last write failed: the next observation writes again, changed or not. */
  let failing = false;
  let writing = false;

  function save(): void {
    if (writing) return;
    writing = true;
    const facts = state.facts;
    // The write may throw or reject (a full disk): either way the facts stay, to be written again.
    void Promise.resolve()
      .then(() => deps.doc.set(offDaysFile(facts)))
      .then(
        () => {
          writing = false;
          failing = false;
          if (state.facts !== facts) save();
        },
        (err: unknown) => {
          writing = false;
          if (!failing) deps.logger.error('anomalies: could not write what turned zones off; kept for this session and written again later', { error: err });
          failing = true;
        },
      );
  }

  return {
    current: (): OffDays => state,
    observe(observed: readonly OffFact[]): OffDays {
      const next = foldOffFacts(state.facts, observed, keptFromDay(deps.now()));
      if (next !== null) state = { facts: next, version: state.version + 1 };
      if (next !== null || failing) save();
      return state;
    },
  };
}

export type OffDaysRecord = ReturnType<typeof createOffDaysRecord>;
