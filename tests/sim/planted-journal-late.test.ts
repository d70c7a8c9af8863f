import { describe, expect, it, vi } from 'vitest';
import type { JournalRun } from '../../electron/core/journal/journal';
import { findPlanted } from './planted';

// Planted (docs/development.md › The simulator): a run writes its journal entry only once
// its first answer has come, not before its first request. A process killed while that request is
// out leaves no entry, so what it changed is in no record: Restore and Undo forget it. The invariant
// "no money record lost" must catch it.
vi.mock('../../electron/core/journal/journal', async (original) => {
  const real = await original<typeof import('../../electron/core/journal/journal')>();
  return {
    ...real,
    createJournal: (...args: Parameters<typeof real.createJournal>) => {
      const journal = real.createJournal(...args);
      return {
        ...journal,
        begin(operation: Parameters<typeof journal.begin>[0], zones: Parameters<typeof journal.begin>[1]): JournalRun {
          let run: JournalRun | null = null;
          return {
            result(zoneId, result) {
              run ??= journal.begin(operation, zones);
              run.result(zoneId, result);
            },
            end: (save) => (run ?? journal.begin(operation, [])).end(save),
          };
        },
      };
    },
  };
});

describe('a journal entry written after the first request (planted)', () => {
  it('is found by the simulator within 200 runs', async () => {
    const found = await findPlanted();
    console.log(found.summary);
    // The record's check after a run cut short, or the check of the account cap's own writes: each named by an entry on disk when answered.
    expect(found.violation?.error).toMatch(/(record holds|leaves in the record) exactly what|is named by a journal entry on disk/);
  });
});
