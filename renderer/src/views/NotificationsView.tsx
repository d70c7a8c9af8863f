import { useEffect, useState } from 'react';
import { actionLinkLabel, actionTarget, notificationAction, type NotificationAction } from '../../../shared/notification-action';
import { EmptyState } from '../components/EmptyState';
import { ErrorNotice } from '../components/ErrorNotice';
import { Loading } from '../components/Loading';
import { TimeText } from '../components/TimeText';
import { useAppStateStore } from '../stores/app-state-store';
import { useNavigationStore } from '../stores/navigation-store';
import { useNotificationsStore } from '../stores/notifications-store';
import { useSnapshotStore } from '../stores/snapshot-store';
import { api } from '../zonewatch-api';

const SEVERITY = { info: 'Info', warning: 'Warning', critical: 'Critical' } as const;

function ActionButton({ action, onAct }: { action: NotificationAction | null; onAct: (action: NotificationAction) => void }) {
  if (!action) return null;
  return (
    <button type="button" className="danger" onClick={() => onAct(action)}>
      {actionLinkLabel(action)}
    </button>
  );
}

export function NotificationsView({ now }: { now: number }) {
  const { items, error, load } = useNotificationsStore();
  const go = useNavigationStore((s) => s.go);
  const snoozedUntil = useAppStateStore((s) => s.app?.snoozedUntil ?? null);
  const setSnoozedUntil = useAppStateStore((s) => s.setSnoozedUntil);
  const zones = useSnapshotStore((s) => s.snapshot?.zones);
  const zoneName = (zoneId: string) => zones?.[zoneId]?.zone.name;
  // The window's form of a notification's action: it leads to the control, which confirms or toggles there.
  const act = (action: NotificationAction) => {
    const target = actionTarget(action);
    go(target.view, target.zoneId, target.focus);
  };
  const [snoozeError, setSnoozeError] = useState<string | null>(null);
  useEffect(() => {
    void load();
  }, [load]);
  // Snooze is app-wide: it silences every account's notifications, as quiet hours do.
  const snooze = async (until: '1h' | 'tomorrow' | 'off') => {
    const res = await api().notifications.snooze({ until });
    if (res.ok) setSnoozedUntil(res.value.snoozedUntil);
    setSnoozeError(res.ok ? null : res.error.message);
  };
  return (
    <section aria-labelledby="notifications-title">
      <h1 id="notifications-title">Notifications</h1>
      <div className="actions">
        {snoozedUntil && new Date(snoozedUntil).getTime() > now ? (
          <>
            <span>
              Every account snoozed until <TimeText at={snoozedUntil} />.
            </span>
            <button type="button" onClick={() => void snooze('off')}>
              Stop snoozing
            </button>
          </>
        ) : (
          <>
            <button type="button" onClick={() => void snooze('1h')}>
              Snooze all accounts for 1 hour
            </button>
            <button type="button" onClick={() => void snooze('tomorrow')}>
              Snooze until tomorrow
            </button>
          </>
        )}
      </div>
      {snoozeError && <p role="alert">{snoozeError}</p>}
      {error && <ErrorNotice what="Could not load the notifications" error={error} onRetry={() => void load()} />}
      {!items && !error && <Loading what="notifications" />}
      {items && items.length === 0 && <EmptyState>No notifications yet. Alerts you set in Settings appear here.</EmptyState>}
      {items && items.length > 0 && (
        <ul className="notifications">
          {items.map((n) => (
            <li key={n.id} className={`sev-${n.severity}`}>
              <div className="n-head">
                <span className={`badge badge-${n.severity}`}>{SEVERITY[n.severity]}</span>
                <button type="button" className="link" onClick={() => go(n.target.view, n.target.zoneId)}>
                  {n.title}
                </button>
                <span className="muted small">
                  <TimeText at={n.at} />
                </span>
              </div>
              <p className="notification-body">{n.body}</p>
              <ActionButton action={notificationAction(n, zoneName)} onAct={act} />
              {(n.test || n.suppressedBy) && (
                <p className="muted small">
                  {n.test ? 'Test notification. ' : ''}
                  {n.suppressedBy === 'quiet_hours' ? 'Recorded silently during quiet hours.' : n.suppressedBy === 'snooze' ? 'Recorded silently while snoozed.' : ''}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
