import type { StoreApi, UseBoundStore } from 'zustand';
import { selectedAccountId } from '../model/account-selection';
import { useAccountsStore } from './accounts-store';
import { useBillingStore } from './billing-store';
import { useHistoryStore } from './history-store';
import { useLedgerStore } from './ledger-store';
import { useNavigationStore } from './navigation-store';
import { useNotificationsStore } from './notifications-store';
import { usePlansStore } from './plans-store';
import { useSnapshotStore } from './snapshot-store';
import { useSpendStopStore } from './spend-stop-store';
import { useUsersStore } from './users-store';
import { useZonesStore } from './zones-store';

function emptied<S>(store: UseBoundStore<StoreApi<S>>): () => void {
  return () => store.setState(store.getInitialState(), true);
}

/** Every store that holds one account's data: emptied when the window shows another account. */
const RESETS = [useSnapshotStore, useHistoryStore, useLedgerStore, useBillingStore, useUsersStore, usePlansStore, useNotificationsStore, useSpendStopStore, useZonesStore].map(
  (store) => emptied(store as UseBoundStore<StoreApi<unknown>>),
);

export function resetAccountStores(): void {
  for (const reset of RESETS) reset();
}

/**
 * Follows the selection: on a switch to another account its stores start empty and the account's
 * snapshot, notifications and stop record are read (each view reads the rest when it shows).
 * Returns the function that stops following.
 */
export function followSelectedAccount(): () => void {
  return useAccountsStore.subscribe((state, before) => {
    const now = selectedAccountId(state.selection);
    const was = selectedAccountId(before.selection);
    if (now === was) return;
    resetAccountStores();
    const navigation = useNavigationStore.getState();
    // A zone of the account left behind is not one of this account's.
    if (navigation.view === 'zone') navigation.go('overview');
    if (now === null) return;
    void useSnapshotStore.getState().load();
    void useNotificationsStore.getState().load();
    void useSpendStopStore.getState().load();
  });
}
