import { zonesText } from '../../../shared/units';
import { useEffect, useMemo, useRef } from 'react';
import type { Snapshot } from '../../../shared/snapshot';
import type { SpendStopOutcome } from '../../../shared/spend-stop';
import { stopProgress, stopProgressText } from '../../../shared/spend-stop-progress';
import { outcomeLine, stopConfirmation } from '../../../shared/spend-stop-text';
import { useSelectedReadout } from '../stores/accounts-store';
import { useNavigationStore } from '../stores/navigation-store';
import { useSpendStopStore } from '../stores/spend-stop-store';
import { anyZoneRunning } from '../stores/zone-selectors';
import { ConfirmPanel } from './ConfirmPanel';
import { ErrorNotice } from './ErrorNotice';
import { TimeText } from './TimeText';
import { opener, useReturnFocus } from './use-return-focus';

const stillRunning = (o: SpendStopOutcome) => o.result === 'failed' || o.result === 'not_allowed' || o.result === 'not_tried';

/** Why a stop cannot run, in place of its confirmation: answered with OK, it gives the focus back as a confirmation does. */
function Refusal({ message, detail, onClose }: { message: string; detail: string; onClose: () => void }) {
  useReturnFocus();
  return (
    <div className="notice notice-error" role="alert">
      <p>
        <strong>{message}</strong> {detail}
      </p>
      <button type="button" onClick={onClose}>
        OK
      </button>
    </div>
  );
}

/**
 * "Stop all spend…" with its one confirmation, the per-zone report, and while a "stopped by
 * Zonewatch" record exists: how far it holds, retry, Restore and Dismiss (docs/architecture.md › Stop all spend).
 */
export function SpendStopPanel({ snapshot }: { snapshot: Snapshot }) {
  const { record, asking, busy, report, error, load, ask, cancel, confirm, restore, dismiss, closeReport } = useSpendStopStore();
  const { focus, focusTaken } = useNavigationStore();
  const account = useSelectedReadout();
  const accountLabel = account?.label ?? 'this account';
  const openerKey = (what: string) => `${what}:${account?.profileId ?? ''}`;
  const stopButton = useRef<HTMLButtonElement>(null);
  // A zone whose on/off state is unknown may be running: Stop all spend includes it (stopPlan).
  const anyRunning = anyZoneRunning(snapshot.zones);

  useEffect(() => {
    void load();
  }, [load]);
  // An account notification's "Stop all spend…" (or a click on it where the OS shows no button)
  // lands here: open the confirmation at once, which takes the keyboard.
  useEffect(() => {
    if (focus !== 'stopSpend') return;
    focusTaken();
    stopButton.current?.focus();
    void ask(false);
  }, [focus, focusTaken, ask]);

  const confirmation = asking ? stopConfirmation(asking.plan, asking.retry) : null;
  const zones = snapshot.zones;
  const progress = useMemo(() => (record ? stopProgress(record, { zones }) : null), [record, zones]);
  const retryable = record?.remaining.filter((zone) => zone.result !== 'not_allowed').length ?? 0;

  return (
    <div className="spend-stop" aria-label="Stop all spend" role="region">
      {record && progress && (
        <div className={`notice${progress.running > 0 ? ' notice-error' : ''}`} role="status">
          <p>
            <strong>Stopped by Zonewatch</strong> <TimeText at={record.stoppedAt} />: {stopProgressText(progress)}.
          </p>
          {record.remaining.length > 0 && (
            <ul className="small">
              {record.remaining.map((zone) => (
                <li key={zone.zoneId}>{outcomeLine(zone)}</li>
              ))}
            </ul>
          )}
          <div className="actions">
            {retryable > 0 && (
              <button type="button" disabled={busy !== null} {...opener(openerKey('retry-stop'))} onClick={() => void ask(true)}>
                Retry stopping {zonesText(retryable)}…
              </button>
            )}
            {record.disabled.length > 0 && (
              <button type="button" className="primary" disabled={busy !== null} onClick={() => void restore()}>
                {busy === 'restore' ? 'Restoring…' : `Restore ${zonesText(record.disabled.length)}`}
              </button>
            )}
            <button type="button" disabled={busy !== null} onClick={() => void dismiss()}>
              Dismiss
            </button>
          </div>
        </div>
      )}

      {!asking && (
        <div className="actions">
          <button ref={stopButton} type="button" className="danger" disabled={busy !== null || !anyRunning} {...opener(openerKey('stop-all-spend'))} onClick={() => void ask(false)}>
            {busy === 'plan' ? 'Checking…' : 'Stop all spend…'}
          </button>
          {!anyRunning && <span className="muted small">No zone is running.</span>}
        </div>
      )}

      {confirmation?.kind === 'refuse' && <Refusal message={`${accountLabel}: ${confirmation.message}`} detail={confirmation.detail} onClose={cancel} />}
      {confirmation?.kind === 'confirm' && (
        <ConfirmPanel title={`Stop all spend on ${accountLabel}?`} confirmLabel={confirmation.confirmLabel} danger busy={busy === 'stop'} onConfirm={() => void confirm()} onCancel={cancel}>
          <p>{confirmation.message}</p>
          <p>{confirmation.detail}</p>
        </ConfirmPanel>
      )}

      {error && <ErrorNotice what="Stop all spend" error={error} />}

      {report && (
        <div className={`notice${report.outcomes.some(stillRunning) ? ' notice-error' : ''}`} role="status" aria-label="Stop report">
          <p>
            <strong>
              {accountLabel}: {report.summary}
            </strong>
          </p>
          {report.outcomes.length > 0 && (
            <details open={report.outcomes.some(stillRunning)}>
              <summary>Each zone ({report.outcomes.length})</summary>
              <ul className="small">
                {[...report.outcomes]
                  .sort((a, b) => Number(stillRunning(b)) - Number(stillRunning(a)))
                  .map((o) => (
                    <li key={o.zoneId}>{outcomeLine(o)}</li>
                  ))}
              </ul>
            </details>
          )}
          <button type="button" onClick={closeReport}>
            Close
          </button>
        </div>
      )}
    </div>
  );
}
