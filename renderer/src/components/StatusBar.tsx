import { useState } from 'react';
import type { Status } from '../../../shared/status';
import { statusBannerText } from '../model/status-banner';
import { useNavigationStore } from '../stores/navigation-store';
import { useSnapshotStore } from '../stores/snapshot-store';
import { api } from '../zonewatch-api';
import { TimeText } from './TimeText';

/** "Updated N min ago", refresh, the demo mark, and banners when offline, stale or the key is refused. */
export function StatusBar({ status, now }: { status: Status; now: number }) {
  const go = useNavigationStore((s) => s.go);
  const setStatus = useSnapshotStore((s) => s.setStatus);
  const [refreshing, setRefreshing] = useState(false);
  const refresh = async () => {
    setRefreshing(true);
    const res = await api().poll.refresh();
    if (res.ok) setStatus(res.value);
    setRefreshing(false);
  };
  const busy = refreshing || status.refreshing;
  const banner = statusBannerText(status, now);
  return (
    <>
      <div className="statusbar">
        <span className="profile">
          {status.profile?.label ?? 'Zonewatch'}
          {status.profile?.demo && (
            <span className="badge" title="Connected to the demo account (a local simulated service)">
              DEMO
            </span>
          )}
        </span>
        <span className="updated" aria-live="polite">
          {busy ? 'Updating…' : status.lastSuccessAt ? <>Updated <TimeText at={status.lastSuccessAt} mode="ago" now={now} /></> : 'Not updated yet'}
          {status.poll === 'paused' && ' · polling paused'}
        </span>
        <button type="button" className="icon" onClick={refresh} disabled={busy} aria-label="Refresh now" title="Refresh now">
          <span aria-hidden="true">↻</span>
        </button>
      </div>
      {status.auth === 'rejected' && (
        <div className="banner banner-error" role="alert">
          The service refused the API key, so Zonewatch stopped updating.{' '}
          <button type="button" className="link" onClick={() => go('settings')}>
            Enter a new key in Settings
          </button>
        </div>
      )}
      {banner && (
        <div className="banner banner-warning" role="status">
          {banner}
        </div>
      )}
    </>
  );
}
