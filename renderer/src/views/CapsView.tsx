import { zonesText } from '../../../shared/units';
import { type CSSProperties, useEffect, useState } from 'react';
import type { CapOutcome, CapZone } from '../../../shared/caps';
import { currentCapText, usualSpendText } from '../../../shared/caps-text';
import { formatBalance } from '../../../shared/money';
import { AccountCapForm } from '../components/caps/AccountCapForm';
import { CapsForm } from '../components/caps/CapsForm';
import { EmptyState } from '../components/EmptyState';
import { ErrorNotice } from '../components/ErrorNotice';
import { Loading } from '../components/Loading';
import { TimeText } from '../components/TimeText';
import { useCapsStore } from '../stores/caps-store';
import { useNavigationStore } from '../stores/navigation-store';

const trouble = (o: CapOutcome) => o.result === 'failed' || o.result === 'not_tried' || o.result === 'not_allowed';

function usedText(zone: CapZone): string {
  if (zone.capUsed === null) return '—';
  return `${Math.round(zone.capUsed * 100)} %`;
}

function CapRow({ zone }: { zone: CapZone }) {
  const go = useNavigationStore((s) => s.go);
  return (
    <tr className={zone.capUsed !== null && zone.capUsed >= 1 ? 'failed' : undefined}>
      <th scope="row">
        <button type="button" className="link" onClick={() => go('zone', zone.zoneId)}>
          {zone.name}
        </button>
        {zone.enabled === false && <span className="badge">off</span>}
      </th>
      <td>
        {currentCapText(zone.cap)}
        {zone.cap.state === 'set' && zone.cap.lastTriggered && (
          <div className="muted small">
            Last triggered <TimeText at={zone.cap.lastTriggered} />
          </div>
        )}
      </td>
      <td>{usualSpendText(zone.usual)}</td>
      <td className="num">{zone.spendTodayCents === null ? '—' : formatBalance(zone.spendTodayCents)}</td>
      <td className="num" aria-label={`${zone.name}: share of its cap used`}>
        {usedText(zone)}
      </td>
    </tr>
  );
}

/**
 * Caps of one account (docs/desktop.md › Caps): each zone's alert on the service as it is now, its
 * usual daily spend and how much of its cap it has used, the bulk form, and Undo of what Zonewatch set.
 */
export function CapsView() {
  const { view, report, busy, error, open, load, retry, undo, forget, closeReport } = useCapsStore();
  const [setting, setSetting] = useState(false);
  // Each account's caps start afresh: another account's must never show under this one's name.
  useEffect(() => {
    void open();
  }, [open]);

  if (!view) return error ? <ErrorNotice what="Caps" error={error} onRetry={() => void load()} /> : <Loading what="the caps" />;
  const record = view.record;
  return (
    <section aria-labelledby="caps-title">
      <h1 id="caps-title">Caps</h1>
      <p role="status" aria-label="Cap coverage">
        <strong>{view.coverage}</strong>
        {view.notYetKnown > 0 && <span className="muted"> · {zonesText(view.notYetKnown)} not yet known</span>}
      </p>
      <p className="muted small">A zone’s cap is its alert on the service: the service enforces it whether or not Zonewatch runs.</p>
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
        </div>
      )}

      {report && (
        <div className={`notice${report.outcomes.some(trouble) ? ' notice-error' : ''}`} role="status" aria-label="Caps report">
          <p>
            <strong>{report.summary}</strong>
          </p>
          {report.outcomes.some((o) => o.reason) && (
            <ul className="small">
              {report.outcomes
                .filter((o) => o.reason)
                .map((o) => (
                  <li key={o.zoneId}>
                    {o.name}: {o.reason}
                  </li>
                ))}
            </ul>
          )}
          <button type="button" onClick={closeReport}>
            OK
          </button>
        </div>
      )}
      {error && <ErrorNotice what="Caps" error={error} />}

      {!view.readOnlyReason && !setting && view.zones.length > 0 && (
        <div className="actions">
          <button type="button" className="primary" onClick={() => setSetting(true)}>
            Set caps…
          </button>
        </div>
      )}
      {setting && <CapsForm zones={view.zones} onClose={() => setSetting(false)} />}

      {view.zones.length === 0 ? (
        <EmptyState>No zone is known yet.</EmptyState>
      ) : (
        <table className="table stack" style={{ '--stack-cols': 4 } as CSSProperties}>
          <caption className="visually-hidden">Caps by zone</caption>
          <thead>
            <tr>
              <th scope="col">Zone</th>
              <th scope="col">Cap</th>
              <th scope="col">Usual daily spend</th>
              <th scope="col" className="num">
                Today
              </th>
              <th scope="col" className="num">
                Cap used
              </th>
            </tr>
          </thead>
          <tbody>
            {view.zones.map((zone) => (
              <CapRow key={zone.zoneId} zone={zone} />
            ))}
          </tbody>
        </table>
      )}
      <AccountCapForm state={view.accountCap} />
    </section>
  );
}
