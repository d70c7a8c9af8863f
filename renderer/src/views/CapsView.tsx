import { zonesText } from '../../../shared/units';
import { memo, useEffect, useId, useState } from 'react';
import type { CapOutcome, CapZone } from '../../../shared/caps';
import { currentCapText, usualSpendText } from '../../../shared/caps-text';
import { formatBalance } from '../../../shared/money';
import { AccountCapForm } from '../components/caps/AccountCapForm';
import { CapsForm } from '../components/caps/CapsForm';
import { CapsRefusal } from '../components/caps/CapsRefusal';
import { EmptyState } from '../components/EmptyState';
import { ErrorNotice } from '../components/ErrorNotice';
import { Loading } from '../components/Loading';
import { TimeText } from '../components/TimeText';
import { VirtualRows } from '../components/VirtualRows';
import { useCapsStore } from '../stores/caps-store';
import { useNavigationStore } from '../stores/navigation-store';

const trouble = (o: CapOutcome) => o.result === 'failed' || o.result === 'not_tried' || o.result === 'not_allowed';
const zoneKey = (zone: { zoneId: string }) => zone.zoneId;
const listItem = () => ({ role: 'listitem' });
const renderReason = (o: CapOutcome) => (
  <div className="caps-line">
    {o.name}: {o.reason}
  </div>
);
/** A first guess at a row's height in the narrow window (name, then the figures); each row is measured. */
const ROW_ESTIMATE = 64;

function usedText(zone: CapZone): string {
  if (zone.capUsed === null) return '—';
  return `${Math.round(zone.capUsed * 100)} %`;
}

/** One zone's caps row: memoised, so a change elsewhere in the view re-renders none of the rows. */
const CapRow = memo(function CapRow({ zone, rowIndex }: { zone: CapZone; rowIndex: number }) {
  const go = useNavigationStore((s) => s.go);
  return (
    <div role="row" aria-rowindex={rowIndex} className={`caps-row${zone.capUsed !== null && zone.capUsed >= 1 ? ' failed' : ''}`}>
      <div role="rowheader" className="caps-name">
        <button type="button" className="link" onClick={() => go('zone', zone.zoneId)}>
          {zone.name}
        </button>
        {zone.enabled === false && <span className="badge">off</span>}
      </div>
      <div role="cell">
        {currentCapText(zone.cap)}
        {zone.cap.state === 'set' && zone.cap.lastTriggered && (
          <div className="muted small">
            Last triggered <TimeText at={zone.cap.lastTriggered} />
          </div>
        )}
      </div>
      <div role="cell">{usualSpendText(zone.usual)}</div>
      <div role="cell" className="num">
        {zone.spendTodayCents === null ? '—' : formatBalance(zone.spendTodayCents)}
      </div>
      <div role="cell" className="num" aria-label={`${zone.name}: share of its cap used`}>
        {usedText(zone)}
      </div>
    </div>
  );
});

// Row 1 is the heads: a screen reader shown only some rows still learns each one's place.
const renderRow = (zone: CapZone, index: number) => <CapRow zone={zone} rowIndex={index + 2} />;
const slot = () => ({ role: 'presentation' });

/** Brings the account cap form into view with its first box focused, past however many zones. */
function toAccountCap(id: string) {
  const form = document.getElementById(id);
  form?.scrollIntoView({ block: 'start' });
  form?.querySelector('input')?.focus({ preventScroll: true });
}

/**
 * Caps of one account (docs/desktop.md › Caps): each zone's alert on the service as it is now, its
 * usual daily spend and how much of its cap it has used, the bulk form, and Undo of what Zonewatch
 * set. The zones scroll in a box of their own under fixed heads, drawn only as far as they show,
 * so the account cap below them is a short scroll away at any number of zones.
 */
export function CapsView() {
  const view = useCapsStore((s) => s.view);
  const report = useCapsStore((s) => s.report);
  const busy = useCapsStore((s) => s.busy);
  const error = useCapsStore((s) => s.error);
  const errorAt = useCapsStore((s) => s.errorAt);
  const open = useCapsStore((s) => s.open);
  const load = useCapsStore((s) => s.load);
  const retry = useCapsStore((s) => s.retry);
  const undo = useCapsStore((s) => s.undo);
  const forget = useCapsStore((s) => s.forget);
  const closeReport = useCapsStore((s) => s.closeReport);
  const previewAgain = useCapsStore((s) => s.previewAgain);
  const lastAsked = useCapsStore((s) => s.asked);
  const [setting, setSetting] = useState(false);
  const zoneId = useNavigationStore((s) => s.zoneId);
  const focus = useNavigationStore((s) => s.focus);
  const focusTaken = useNavigationStore((s) => s.focusTaken);
  const accountCapId = useId();
  // Each account's caps start afresh: another account's must never show under this one's name.
  useEffect(() => {
    void open();
  }, [open]);

  if (!view) return error ? <ErrorNotice what="Caps" error={error} onRetry={() => void load()} /> : <Loading what="the caps" />;
  const record = view.record;
  // The palette's "Set cap…" asks for the form on one zone (docs/desktop.md › The command palette): the ask holds until the form closes.
  const asked = focus === 'setCap' && !view.readOnlyReason;
  const picked = asked && view.zones.some((z) => z.zoneId === zoneId) ? zoneId : null;
  const closeForm = () => {
    setSetting(false);
    if (asked) focusTaken();
  };
  // Zones Apply or Retry left because their cap changed since the preview: a fresh preview shows them as they are now.
  const changedSince = report && report.action !== 'undo' && report.outcomes.some((o) => o.result === 'skipped');
  return (
    <section aria-labelledby="caps-title" className="caps">
      <h1 id="caps-title">Caps</h1>
      <p role="status" aria-label="Cap coverage">
        <strong>{view.coverage}</strong>
        {view.notYetKnown > 0 && <span className="muted"> · {zonesText(view.notYetKnown)} not yet known</span>}
      </p>
      <p className="muted small">
        A zone’s cap is its alert on the service: the service enforces it whether or not Zonewatch runs.{' '}
        <button type="button" className="link" onClick={() => toAccountCap(accountCapId)}>
          Account cap
        </button>
      </p>
      {view.readOnlyReason && (
        <p className="notice" role="note">
          {view.readOnlyReason}
        </p>
      )}

      {record && (
        <div className={`notice${record.failed.length > 0 ? ' notice-error' : ''}`} role="region" aria-label="Caps set by Zonewatch">
          <p>
            <strong>Caps set by Zonewatch</strong> <TimeText at={record.appliedAt} />: {zonesText(record.changed.length)}
            {record.failed.length > 0 && `, ${zonesText(record.failed.length)} failed`}.
          </p>
          <div className="actions">
            {record.failed.length > 0 && (
              <button type="button" disabled={busy !== null} onClick={() => void retry()}>
                {busy === 'retry' ? 'Retrying…' : `Retry ${zonesText(record.failed.length)}`}
              </button>
            )}
            {record.changed.length > 0 && (
              <button type="button" className="primary" disabled={busy !== null} onClick={() => void undo()}>
                {busy === 'undo' ? 'Undoing…' : `Undo caps on ${zonesText(record.changed.length)}`}
              </button>
            )}
            <button type="button" disabled={busy !== null} onClick={() => void forget()}>
              Forget
            </button>
          </div>
          <CapsRefusal at={['retry', 'undo', 'forget']} />
        </div>
      )}

      {report && (
        <div className={`notice${report.outcomes.some(trouble) ? ' notice-error' : ''}`} role="status" aria-label="Caps report">
          <p>
            <strong>{report.summary}</strong>
          </p>
          {report.outcomes.some((o) => o.reason) && (
            <VirtualRows items={report.outcomes.filter((o) => o.reason)} keyOf={zoneKey} estimate={24} render={renderReason} className="caps-lines small" role="list" label="Zones and why" rowProps={listItem} focusable />
          )}
          <div className="actions">
            {changedSince && lastAsked && !view.readOnlyReason && (
              <button type="button" className="primary" disabled={busy !== null} onClick={() => void previewAgain().then(() => setSetting(true))}>
                {busy === 'preview' ? 'Working it out…' : 'Preview again'}
              </button>
            )}
            <button type="button" onClick={closeReport}>
              OK
            </button>
          </div>
        </div>
      )}
      {error && errorAt === 'load' && <ErrorNotice what="Caps" error={error} />}

      {!view.readOnlyReason && !setting && !asked && view.zones.length > 0 && (
        <div className="actions">
          <button type="button" className="primary" onClick={() => setSetting(true)}>
            Set caps…
          </button>
        </div>
      )}
      {(setting || asked) && <CapsForm key={picked ?? ''} zones={view.zones} picked={picked} onClose={closeForm} />}

      {view.zones.length === 0 ? (
        <EmptyState>No zone is known yet.</EmptyState>
      ) : (
        <div role="table" aria-label="Caps by zone" aria-rowcount={view.zones.length + 1} className="caps-table">
          <div role="rowgroup" className="caps-heads">
            <div role="row" aria-rowindex={1} className="caps-row">
              <span role="columnheader">Zone</span>
              <span role="columnheader">Cap</span>
              <span role="columnheader">Usual daily spend</span>
              <span role="columnheader" className="num">
                Today
              </span>
              <span role="columnheader" className="num">
                Cap used
              </span>
            </div>
          </div>
          <VirtualRows items={view.zones} keyOf={zoneKey} estimate={ROW_ESTIMATE} render={renderRow} className="caps-list" role="rowgroup" rowProps={slot} />
        </div>
      )}
      <AccountCapForm id={accountCapId} state={view.accountCap} />
    </section>
  );
}
