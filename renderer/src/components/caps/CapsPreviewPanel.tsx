import { zonesText } from '../../../../shared/units';
import type { CapBlockedZone, CapChange } from '../../../../shared/caps';
import { alertText, capWarningText } from '../../../../shared/caps-text';
import { useCapsStore } from '../../stores/caps-store';
import { useSelectedReadout } from '../../stores/accounts-store';
import { VirtualRows } from '../VirtualRows';
import { CapsRefusal } from './CapsRefusal';

const zoneKey = (zone: { zoneId: string }) => zone.zoneId;
const listItem = () => ({ role: 'listitem' });
/** A first guess at a line's height in the narrow window; each is measured once drawn. */
const LINE_ESTIMATE = 44;

const renderChange = (c: CapChange) => (
  <div className={c.warning ? 'caps-line warning' : 'caps-line'}>
    <strong>{c.name}</strong>: {alertText(c.before)} → {alertText(c.after)}
    {c.warning && <div className="small caps-warning">{capWarningText(c.warning, c.after)}</div>}
  </div>
);

const renderBlocked = (z: CapBlockedZone) => (
  <div className="caps-line small">
    {z.name}: {z.reason}
  </div>
);

/** Every zone's old and new cap before anything is sent, what would bite at once, and what cannot be changed. */
export function CapsPreviewPanel({ onCancel, onDone }: { onCancel: () => void; onDone: () => void }) {
  const preview = useCapsStore((s) => s.preview);
  const busy = useCapsStore((s) => s.busy);
  const apply = useCapsStore((s) => s.apply);
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
      {changes.length > 0 && <VirtualRows items={changes} keyOf={zoneKey} estimate={LINE_ESTIMATE} render={renderChange} className="caps-lines" role="list" label="Changes" rowProps={listItem} focusable />}
      {unchanged.length > 0 && <p className="muted small">{zonesText(unchanged.length)} already carry this cap: nothing is sent for them.</p>}
      {(cannotChange.length > 0 || notYetKnown > 0) && (
        <>
          <h3>Cannot be changed</h3>
          {cannotChange.length > 0 && <VirtualRows items={cannotChange} keyOf={zoneKey} estimate={LINE_ESTIMATE} render={renderBlocked} className="caps-lines" role="list" label="Cannot be changed" rowProps={listItem} focusable />}
          {notYetKnown > 0 && <p className="small">{zonesText(notYetKnown)} not yet known to Zonewatch: no cap can be set on them until they are found or pinned.</p>}
        </>
      )}
      <div className="actions">
        {changes.length > 0 && !blockedReason && (
          <button
            type="button"
            className={biting > 0 ? 'danger' : 'primary'}
            disabled={busy !== null}
            onClick={() => {
              // The form closes only once the caps are set: a refusal stays beside this button.
              void apply().then((done) => done && onDone());
            }}
          >
            {busy === 'apply' ? 'Setting caps…' : `Set caps on ${zonesText(changes.length)}`}
          </button>
        )}
        <button type="button" onClick={onCancel}>
          Back
        </button>
      </div>
      <CapsRefusal at="apply" />
    </div>
  );
}
