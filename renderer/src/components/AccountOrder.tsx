import { useState } from 'react';
import type { AccountReadout } from '../../../shared/accounts';
import type { AppError } from '../../../shared/app-error';
import { moveAccount } from '../model/account-order';
import { useAccountsStore } from '../stores/accounts-store';
import { api } from '../zonewatch-api';
import { ErrorNotice } from './ErrorNotice';

/** Moves the account up or down the user's order (the switcher, the tray menu, "All accounts"). */
export function AccountOrder({ account }: { account: AccountReadout }) {
  const overview = useAccountsStore((s) => s.overview);
  const ids = overview?.accounts.map((a) => a.profileId) ?? [];
  const [error, setError] = useState<AppError | null>(null);
  const at = ids.indexOf(account.profileId);
  const move = async (step: -1 | 1) => {
    setError(null);
    const res = await api().accounts.reorder({ profileIds: moveAccount(ids, account.profileId, step) });
    if (res.ok) useAccountsStore.getState().setOverview(res.value);
    else setError(res.error);
  };
  if (ids.length < 2) return null;
  return (
    <>
      <div className="actions" role="group" aria-label="Order">
        <span className="muted small">
          {at + 1} of {ids.length} in the list
        </span>
        <button type="button" disabled={at <= 0} onClick={() => void move(-1)}>
          Move up
        </button>
        <button type="button" disabled={at >= ids.length - 1} onClick={() => void move(1)}>
          Move down
        </button>
      </div>
      {error && <ErrorNotice what="Could not change the order" error={error} />}
    </>
  );
}
