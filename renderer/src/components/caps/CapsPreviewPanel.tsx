import { zonesText } from '../../../../shared/units';
import { alertText, capWarningText } from '../../../../shared/caps-text';
import { useCapsStore } from '../../stores/caps-store';
import { useSelectedReadout } from '../../stores/accounts-store';


/** Every zone's old and new cap before anything is sent, what would bite at once, and what cannot be changed. */
export function CapsPreviewPanel({ onCancel, onDone }: { onCancel: () => void; onDone: () => void }) {
  const { preview, busy, apply } = useCapsStore();
  const account = useSelectedReadout();
  if (!preview) return null;
  const { changes, unchanged, cannotChange, notYetKnown, blockedReason } = preview.result;
  const biting = changes.filter((c) => c.warning !== null).length;
  return (
    <div className="caps-panel" role="region" aria-label="Caps preview">
      <h2>
        Preview: {changes.length === 0 ? 'nothing to change' : `new caps on ${zonesText(changes.length)}`}
        {account ? ` of ${account.label}` : ''}
      </h2>
      {blockedReason && (
        <p className="notice notice-error" role="alert">
          {blockedReason}
        </p>
      )}
      {biting > 0 && (
        <p className="notice notice-error" role="alert">
          {zonesText(biting)} would be over the new cap at once.
        </p>
      )}
      {changes.length > 0 && (
        <ul aria-label="Changes">
          {changes.map((c) => (
            <li key={c.zoneId} className={c.warning ? 'warning' : undefined}>
              <strong>{c.name}</strong>: {alertText(c.before)} → {alertText(c.after)}
              {c.warning && <div className="small caps-warning">{capWarningText(c.warning, c.after)}</div>}
            </li>
          ))}
        </ul>
      )}
      {unchanged.length > 0 && <p className="muted small">{zonesText(unchanged.length)} already carry this cap: nothing is sent for them.</p>}
      {(cannotChange.length > 0 || notYetKnown > 0) && (
        <>
          <h3>Cannot be changed</h3>
          <ul className="small" aria-label="Cannot be changed">
            {cannotChange.map((z) => (
              <li key={z.zoneId}>
                {z.name}: {z.reason}
              </li>
            ))}
            {notYetKnown > 0 && <li>{zonesText(notYetKnown)} not yet known to Zonewatch: no cap can be set on them until they are found or pinned.</li>}
          </ul>
        </>
      )}
      <div className="actions">
        {changes.length > 0 && !blockedReason && (
          <button
            type="button"
            className={biting > 0 ? 'danger' : 'primary'}
            disabled={busy !== null}
            onClick={() => {
              void apply().then(onDone);
            }}
          >
            {busy === 'apply' ? 'Setting caps…' : `Set caps on ${zonesText(changes.length)}`}
          </button>
        )}
        <button type="button" onClick={onCancel}>
          Back
        </button>
      </div>
    </div>
  );
}
