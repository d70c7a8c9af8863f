import { useState } from 'react';
import type { AppError } from '../../../shared/app-error';
import { DEMO_PROFILE_ID } from '../../../shared/settings';
import { showAddedAccount } from '../stores/account-added';
import { api } from '../zonewatch-api';
import { ErrorNotice } from './ErrorNotice';

/** Starts watching the demo account (beside any others) and shows it. */
export function DemoButton({ label }: { label: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const start = async () => {
    setBusy(true);
    setError(null);
    const res = await api().demo.start();
    if (!res.ok) {
      setBusy(false);
      return setError(res.error);
    }
    await showAddedAccount(DEMO_PROFILE_ID);
    setBusy(false);
  };
  return (
    <>
      <button type="button" className="primary" onClick={() => void start()} disabled={busy}>
        {busy ? 'Starting the demo…' : label}
      </button>
      {error && <ErrorNotice what="The demo did not start" error={error} />}
    </>
  );
}
