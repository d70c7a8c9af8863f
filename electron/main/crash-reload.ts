/** At most this many automatic reloads in the window below; a renderer that keeps dying stays down. */
export const MAX_RELOADS = 3;
export const RELOAD_WINDOW_MS = 60_000;

/**
 * Whether to reload a renderer that went away (`render-process-gone`). A clean exit is not a
 * crash; a crash loop would spin the CPU and flood the log, so after MAX_RELOADS within a minute
 * the window is left closed until the user opens it again.
 */
export function shouldReloadAfterCrash(reason: string, recentReloads: readonly number[], nowMs: number): boolean {
  if (reason === 'clean-exit') return false;
  return recentReloads.filter((at) => nowMs - at < RELOAD_WINDOW_MS).length < MAX_RELOADS;
}
