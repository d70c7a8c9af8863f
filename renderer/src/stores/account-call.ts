import type { Result } from '../../../shared/ipc';
import { selectedAccountId } from '../model/account-selection';
import { useAccountsStore } from './accounts-store';

/** The profile id of the account the window shows; null while "All accounts" (or nothing) is shown. */
export function selectedProfileId(): string | null {
  return selectedAccountId(useAccountsStore.getState().selection);
}

const NO_ACCOUNT: Result<never> = {
  ok: false,
  error: { kind: 'invalid_argument', message: 'Choose an account in the switcher at the top first' },
};

/**
 * Makes an account-scoped call for the selected account, naming it explicitly. Resolves to null
 * when the person switched to another account before the answer came: that answer belongs to the
 * account they left and must not land in the stores of the one they now see.
 */
export async function callForSelectedAccount<T>(call: (profileId: string) => Promise<Result<T>>): Promise<Result<T> | null> {
  const profileId = selectedProfileId();
  if (profileId === null) return NO_ACCOUNT;
  const res = await call(profileId);
  return selectedProfileId() === profileId ? res : null;
}
