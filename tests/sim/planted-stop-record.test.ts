import { describe, expect, it, vi } from 'vitest';
import type * as AccountFiles from '../../electron/core/watch/account-files';
import { findPlanted } from './planted';

// Planted (docs/development.md › The simulator): the "stopped by Zonewatch" record is kept in
// memory only — the stop record the full disk of the last waves never wrote, so that after it
// Restore said "There is nothing to restore" with 44 zones left off. A restart's invariant (it
// changes no read: Stop all spend's view included) must catch it.
vi.mock('../../electron/core/watch/account-files', async (importOriginal) => {
  const real = await importOriginal<typeof AccountFiles>();
  return {
    ...real,
    openAccountFiles: (...[profileId, options]: Parameters<typeof AccountFiles.openAccountFiles>) => ({
      ...real.openAccountFiles(profileId, options),
      // The demo's documents live in memory only (docs/architecture.md › Accounts).
      spendStop: real.openAccountFiles(profileId, { ...options, demo: true }).spendStop,
    }),
  };
});

describe('a stop record that is never written to disk (planted)', () => {
  it('is found by the simulator within 200 runs', async () => {
    const found = await findPlanted();
    console.log(found.summary);
    expect(found.violation?.error).toMatch(/a restart changes no read|the stop record keeps every zone a stop turned off|the stop record holds exactly what the stops turned off/);
  });
});
