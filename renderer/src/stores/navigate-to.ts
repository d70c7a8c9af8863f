import type { NavigateTarget } from '../../../shared/notification';
import { ALL_ACCOUNTS } from '../model/account-selection';
import { useAccountsStore } from './accounts-store';
import { useNavigationStore } from './navigation-store';

/** Opens a view of ITS account: selects that account first (a notification's click, the palette). */
export function navigateTo(target: NavigateTarget): void {
  const accounts = useAccountsStore.getState();
  if (target.focus === 'addAccount') return accounts.setAdding(true);
  if (target.profileId !== undefined && accounts.selection !== target.profileId) accounts.select(target.profileId);
  else if (target.profileId === undefined && target.view === 'accounts') accounts.select(ALL_ACCOUNTS);
  if (accounts.adding) accounts.setAdding(false);
  useNavigationStore.getState().go(target.view, target.zoneId, target.focus, target.period);
}
