import { describe, expect, it, vi } from 'vitest';
import type * as AccountFiles from '../../electron/core/watch/account-files';
import { findPlanted } from './planted';

// Planted (docs/development.md › The simulator): the "caps set by Zonewatch" record is kept in
// memory only, as the stop record the full disk of the last waves never wrote: after a restart Undo
// has nothing to put back. The model's caps record (it names exactly the zones Zonewatch set) and
// the restart's invariant must catch it.
vi.mock('../../electron/core/watch/account-files', async (importOriginal) => {
  const real = await importOriginal<typeof AccountFiles>();
  return {
    ...real,
    openAccountFiles: (...[profileId, options]: Parameters<typeof AccountFiles.openAccountFiles>) => ({
      ...real.openAccountFiles(profileId, options),
      // The demo's documents live in memory only (docs/architecture.md › Accounts).
      caps: real.openAccountFiles(profileId, { ...options, demo: true }).caps,
    }),
  };
});

describe('a caps record that is never written to disk (planted)', () => {
  it('is found by the simulator within 200 runs', async () => {
    const found = await findPlanted();
    console.log(found.summary);
    expect(found.violation?.error).toMatch(/a restart changes no read|the caps record holds exactly what Zonewatch set|Undo leaves in the record/);
  });
});
