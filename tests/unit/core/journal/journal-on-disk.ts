// A write-ahead journal on its file in a folder, as an account opens it (docs/architecture.md ›
// Write ahead, then act); opening it again on the same folder plays the app started again.
import fs from 'node:fs';
import path from 'node:path';
import { createJournal } from '../../../../electron/core/journal/journal';
import { emptyJournal, JournalDoc } from '../../../../electron/core/journal/journal-entry';
import { confStoreFactory, openDocument } from '../../../../electron/core/storage/persistence';

export const JOURNAL_NOW = '2026-11-21T10:00:00.000Z';

/** The journal of profile p1 in `dir`; its runs are named `<run>-1`, `<run>-2`… in the order they begin. */
export function journalIn(dir: string, factory = confStoreFactory(dir), run = 'run') {
  let n = 0;
  const doc = openDocument(factory, 'profile-p1-journal', JournalDoc, emptyJournal, undefined, { now: () => 0, onSetAside: () => undefined, durable: true });
  return createJournal({ doc, clock: { now: () => Date.parse(JOURNAL_NOW) }, newId: () => `${run}-${++n}` });
}

/** The journal's entries as its file holds them. */
export const onDisk = (dir: string) => (JSON.parse(fs.readFileSync(path.join(dir, 'profile-p1-journal.json'), 'utf8')) as { data: JournalDoc }).data;
