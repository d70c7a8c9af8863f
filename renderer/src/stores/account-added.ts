import { useAccountsStore } from './accounts-store';
import { useNavigationStore } from './navigation-store';

/** A new account (a key, or the demo) was added: read the list again and show the new one. */
export async function showAddedAccount(profileId: string): Promise<void> {
  const accounts = useAccountsStore.getState();
  await accounts.load();
  useAccountsStore.getState().select(profileId);
  useNavigationStore.getState().go('overview');
}
