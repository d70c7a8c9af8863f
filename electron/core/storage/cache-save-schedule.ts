/**
 * At 1,000 zones the snapshot cache is about a megabyte and the history some hundreds of KB:
 * validating and rewriting both after every poll cycle cost more CPU than the cycle's own
 * parsing. The cache only has to be recent enough to show at the next start (docs/architecture.md › Offline:
 * in this session the data is in memory), so cycles write it at most this often; stopping, a
 * profile switch, a zone deletion and every change the app makes to zones (a toggle, an edit, a
 * stop, a restore, caps) write it at once, so that a restart before the service can be read again
 * shows the zones as the app left them.
 */
export const CACHE_SAVE_INTERVAL_MS = 5 * 60_000;

export type CacheSaveState = {
  /** When the caches were last written, or null if not in this session. */
  savedAt: number | null;
  /** Whether the data in memory differs from what was last written. */
  changed: boolean;
};

/** Whether a save now should write the caches. Pure. */
export function shouldSaveCaches(state: CacheSaveState, now: number, force: boolean): boolean {
  if (!state.changed) return false;
  if (force || state.savedAt === null) return true;
  return now - state.savedAt >= CACHE_SAVE_INTERVAL_MS;
}
