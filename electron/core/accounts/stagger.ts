/** Accounts never start their cycles closer together than this. */
export const MIN_STAGGER_MS = 1_000;

/**
 * When the account at `index` of `count` polls first: spread evenly over one base interval (at
 * least a second apart), so ten accounts on a 60 s schedule start 6 s apart and keep apart. Pure.
 */
export function staggeredStartMs(index: number, count: number, intervalMs: number): number {
  if (index <= 0 || count <= 1) return 0;
  const spacing = Math.max(MIN_STAGGER_MS, Math.floor(intervalMs / count));
  return index * spacing;
}

/** How long after an overdue moment (resume from sleep, back online) the account at `index` polls: a second apart. Pure. */
export function overdueDelayMs(index: number): number {
  return Math.max(0, index) * MIN_STAGGER_MS;
}
