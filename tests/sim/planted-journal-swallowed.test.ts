import { describe, expect, it, vi } from 'vitest';
import { findPlanted } from './planted';

// Planted (docs/development.md › The simulator): the journal's write failure swallowed, so
// an action goes on as if its entry were on disk. The simulator must see a stop or restore sent
// while the disk refuses writes.
vi.mock('../../electron/core/journal/journal', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../electron/core/journal/journal')>();
  return {
    ...real,
    createJournal: (deps: Parameters<typeof real.createJournal>[0]) => {
      const journal = real.createJournal(deps);
      const swallowed = <T>(write: () => T, otherwise: T): T => {
        try {
          return write();
        } catch {
          return otherwise;
        }
      };
      return {
        ...journal,
        ensureWritable: () => swallowed(() => journal.ensureWritable(), undefined),
        begin: (...args: Parameters<typeof journal.begin>) => swallowed(() => journal.begin(...args), { result: () => undefined, end: (save: () => void) => swallowed(() => (save(), null), null) }),
      };
    },
  };
});

describe('a journal whose failed write is swallowed', () => {
  it('is found by the simulator within 200 runs', async () => {
    const found = await findPlanted();
    console.log(found.summary);
    expect(found.violation?.error).toMatch(/with the disk refusing writes is refused|nothing is sent to any service|the refusal says why/);
  });
});
