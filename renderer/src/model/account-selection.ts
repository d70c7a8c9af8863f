/** What the window shows: one account (its profile id) or the "All accounts" overview. */
export const ALL_ACCOUNTS = 'all';
export type Selection = string;

/**
 * The selection once the list of accounts is known: the current one while its account is still
 * watched, else the one remembered from the last session, else the first account in the user's
 * order; "All accounts" stays chosen while there is any account. Null when no account is watched
 * (the first-run screen). Pure.
 */
export function reconcileSelection(profileIds: readonly string[], current: Selection | null, remembered: Selection | null): Selection | null {
  if (profileIds.length === 0) return null;
  for (const candidate of [current, remembered]) {
    if (candidate === ALL_ACCOUNTS || (candidate !== null && profileIds.includes(candidate))) return candidate;
  }
  return profileIds[0]!;
}

/** The one account a selection names; null for "All accounts" or none. */
export function selectedAccountId(selection: Selection | null): string | null {
  return selection === null || selection === ALL_ACCOUNTS ? null : selection;
}
