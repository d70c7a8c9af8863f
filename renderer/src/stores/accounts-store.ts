import { create } from 'zustand';
import type { AccountReadout, AccountsOverview } from '../../../shared/accounts';
import type { AccountUpdate } from '../../../shared/account-update';
import type { AppError } from '../../../shared/app-error';
import { reconcileSelection, selectedAccountId, type Selection } from '../model/account-selection';
import { api } from '../zonewatch-api';

/** The window remembers its last selection itself: main keeps no "selected account" (docs/architecture.md › One account, one watch). */
const REMEMBERED = 'zonewatch.selectedAccount';

function remembered(): Selection | null {
  try {
    return localStorage.getItem(REMEMBERED);
  } catch {
    return null;
  }
}

function remember(selection: Selection): void {
  try {
    localStorage.setItem(REMEMBERED, selection);
  } catch {
    // A window without storage just starts at the first account next time.
  }
}

type AccountsState = {
  overview: AccountsOverview | null;
  error: AppError | null;
  /** The account the window shows, or "All accounts"; null until the list is read, or when it is empty. */
  selection: Selection | null;
  /** "Add account…" was chosen: the key form shows until the account is added or the person cancels. */
  adding: boolean;
  load(): Promise<void>;
  setOverview(overview: AccountsOverview): void;
  /** One account's update: its new read model and the totals with it (accounts it does not list come with `accounts`). */
  applyUpdate(update: Pick<AccountUpdate, 'profileId' | 'readout' | 'totals'>): void;
  select(selection: Selection): void;
  setAdding(adding: boolean): void;
};

export const useAccountsStore = create<AccountsState>()((set, get) => ({
  overview: null,
  error: null,
  selection: null,
  adding: false,
  async load() {
    const res = await api().accounts.list();
    if (res.ok) get().setOverview(res.value);
    else set({ error: res.error });
  },
  setOverview(overview) {
    const selection = reconcileSelection(
      overview.accounts.map((a) => a.profileId),
      get().selection,
      remembered(),
    );
    // Only the person's own pick is remembered: a fallback (its account removed) is not a choice.
    set({ overview, error: null, selection });
  },
  applyUpdate({ profileId, readout, totals }) {
    const { overview } = get();
    if (!overview || !overview.accounts.some((account) => account.profileId === profileId)) return;
    set({ overview: { accounts: overview.accounts.map((account) => (account.profileId === profileId ? readout : account)), totals } });
  },
  select(selection) {
    remember(selection);
    set({ selection, adding: false });
  },
  setAdding(adding) {
    set({ adding });
  },
}));

/** The read model of the selected account; null for "All accounts" or before the list is read. */
export function useSelectedReadout(): AccountReadout | null {
  return useAccountsStore((s) => {
    const id = selectedAccountId(s.selection);
    return s.overview?.accounts.find((a) => a.profileId === id) ?? null;
  });
}
