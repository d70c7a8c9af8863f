import { useEffect } from 'react';
import { EmptyState } from '../components/EmptyState';
import { ErrorNotice } from '../components/ErrorNotice';
import { Loading } from '../components/Loading';
import { TimeText } from '../components/TimeText';
import { deliveryChannel, deliveryWhat, OUTCOME_LABEL } from '../model/delivery-text';
import { useChannelsStore } from '../stores/channels-store';
import { useNavigationStore } from '../stores/navigation-store';

const OUTCOME_CLASS = { delivered: 'badge-ok', retrying: 'badge-warning', given_up: 'badge-critical' } as const;

/**
 * The delivery log (docs/desktop.md › Channels): the last 200 attempts, newest first, read from its
 * file, so it shows offline too; kept up to date by the `deliveries` event.
 */
export function DeliveriesView() {
  const { log, logError, loadLog } = useChannelsStore();
  const go = useNavigationStore((s) => s.go);
  useEffect(() => {
    void loadLog();
  }, [loadLog]);
  return (
    <section aria-labelledby="deliveries-title">
      <h1 id="deliveries-title">Delivery log</h1>
      <p className="muted small">
        The last 200 messages sent to your channels, newest first: delivered, retrying or given up, with the service’s answer.{' '}
        <button type="button" className="link" onClick={() => go('settings')}>
          Back to Settings
        </button>
      </p>
      {logError && <ErrorNotice what="Could not read the delivery log" error={logError} onRetry={() => void loadLog()} />}
      {!log && !logError && <Loading what="the delivery log" />}
      {log && log.length === 0 && <EmptyState>Nothing sent to a channel yet. Add one in Settings › Channels and send a test.</EmptyState>}
      {log && log.length > 0 && (
        <ul className="deliveries" aria-label="Deliveries">
          {log.map((entry) => (
            <li key={`${entry.deliveryId}:${entry.attempt}:${entry.at}`}>
              <div className="n-head">
                <span className={`badge ${OUTCOME_CLASS[entry.outcome]}`}>{OUTCOME_LABEL[entry.outcome]}</span>
                <strong>{deliveryChannel(entry)}</strong>
                <span className="muted small">
                  <TimeText at={entry.at} />
                </span>
              </div>
              <p className="small">{deliveryWhat(entry)}</p>
              <p className="small answer">{entry.answer}</p>
              {entry.outcome === 'retrying' && entry.nextAttemptAt && (
                <p className="muted small">
                  Attempt {entry.attempt}; next try at <TimeText at={entry.nextAttemptAt} mode="time" />.
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
