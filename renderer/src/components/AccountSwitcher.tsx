import { useId } from 'react';
import type { AccountReadout } from '../../../shared/accounts';
import { ALL_ACCOUNTS } from '../model/account-selection';
import { useAccountsStore } from '../stores/accounts-store';
import { useNavigationStore } from '../stores/navigation-store';
import { AccountSwatch } from './AccountSwatch';

const ADD = 'add-account';

/** An account's option in words: its name and whether it asks for a look, as its read model says. */
export function accountOptionText(account: Pick<AccountReadout, 'label' | 'needsAttention'>): string {
  return `${account.label}${account.needsAttention ? ' — needs attention' : ''}`;
}

/**
 * Which account the window shows: a labelled native select, so the keyboard and screen readers
 * work as everywhere else. "All accounts" opens the overview; "Add account…" the key form.
 */
export function AccountSwitcher() {
  const { overview, selection, adding, select, setAdding } = useAccountsStore();
  const id = useId();
  const accounts = overview?.accounts ?? [];
  const selected = accounts.find((a) => a.profileId === selection);
  const choose = (value: string) => {
    const navigation = useNavigationStore.getState();
    if (value === ADD) return setAdding(true);
    select(value);
    if (value === ALL_ACCOUNTS) navigation.go('accounts');
    else if (navigation.view === 'accounts') navigation.go('overview');
  };
  return (
    <span className="switcher">
      <label htmlFor={id} className="visually-hidden">
        Account
      </label>
      {selected && <AccountSwatch color={selected.color} />}
      <select id={id} value={adding ? ADD : (selection ?? '')} onChange={(e) => choose(e.target.value)}>
        <option value={ALL_ACCOUNTS}>All accounts</option>
        {accounts.map((a) => (
          <option key={a.profileId} value={a.profileId}>
            {accountOptionText(a)}
          </option>
        ))}
        <option value={ADD}>Add account…</option>
      </select>
    </span>
  );
}
