import { useState } from 'react';
import type { AccountReadout } from '../../../shared/accounts';
import type { AppError } from '../../../shared/app-error';
import { exportNoteText } from '../model/export-note';
import { useAccountsStore } from '../stores/accounts-store';
import { api } from '../zonewatch-api';
import { ConfirmPanel } from './ConfirmPanel';
import { ErrorNotice } from './ErrorNotice';
import { opener } from './use-return-focus';

/** Removes one account after a confirmation that names it; the other accounts go on as they were. */
export function RemoveAccount({ account }: { account: AccountReadout }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const [exportNote, setExportNote] = useState<string | null>(null);
  // Its daily history lives only here: offered as a file before it is erased (docs/desktop.md › History).
  const exportHistory = async () => {
    setExportNote(null);
    setExportNote(exportNoteText(await api().history.exportCsv({ profileId: account.profileId })));
  };
  const remove = async () => {
    setBusy(true);
    setError(null);
    const res = await api().accounts.remove({ profileId: account.profileId });
    // The list without it moves the selection to the first account left (or the first-run screen).
    // Until then the confirmation stays: its button must not come back for an account that is gone.
    if (res.ok) await useAccountsStore.getState().load();
    setBusy(false);
    setAsking(false);
    if (!res.ok) setError(res.error);
  };
  return (
    <div className="danger-zone">
      {!asking ? (
        <button type="button" className="danger" {...opener(`remove-account:${account.profileId}`)} onClick={() => setAsking(true)}>
          Remove this account…
        </button>
      ) : (
        <ConfirmPanel title={`Remove ${account.label}?`} confirmLabel="Remove and erase" danger busy={busy} onConfirm={() => void remove()} onCancel={() => setAsking(false)}>
          <p>Its key and cached data are erased; other accounts stay. The account itself is not touched at the service.</p>
          <p>Its daily history goes with them, and Zonewatch is the only place it is kept.</p>
          <p className="actions">
            <button type="button" onClick={() => void exportHistory()}>
              Export its daily history first (CSV)
            </button>
            {exportNote && (
              <span className="muted" role="status">
                {exportNote}
              </span>
            )}
          </p>
        </ConfirmPanel>
      )}
      {error && <ErrorNotice what={`Could not remove ${account.label}`} error={error} />}
    </div>
  );
}
