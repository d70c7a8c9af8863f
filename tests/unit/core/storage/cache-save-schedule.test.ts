import { describe, expect, it } from 'vitest';
import { CACHE_SAVE_INTERVAL_MS, shouldSaveCaches } from '../../../../electron/core/storage/cache-save-schedule';

describe('when the caches are written', () => {
  it('writes the first changed data of a session at once', () => {
    expect(shouldSaveCaches({ savedAt: null, changed: true }, 1_000, false)).toBe(true);
  });

  it('does not rewrite data that has not changed, even when forced', () => {
    expect(shouldSaveCaches({ savedAt: 0, changed: false }, 10 * CACHE_SAVE_INTERVAL_MS, true)).toBe(false);
  });

  it('holds changes back until the save interval has passed since the last write', () => {
    expect(shouldSaveCaches({ savedAt: 0, changed: true }, CACHE_SAVE_INTERVAL_MS - 1, false)).toBe(false);
    expect(shouldSaveCaches({ savedAt: 0, changed: true }, CACHE_SAVE_INTERVAL_MS, false)).toBe(true);
  });

  it('writes changes at once when forced (stopping, switching profile, deleting a zone)', () => {
    expect(shouldSaveCaches({ savedAt: 0, changed: true }, 1, true)).toBe(true);
  });
});
