import { useState } from 'react';
import type { Status } from '../../../shared/status';
import { statusBannerText } from '../model/status-banner';
import { callForSelectedAccount } from '../stores/account-call';
import { useAccountsStore } from '../stores/accounts-store';
import { useNavigationStore } from '../stores/navigation-store';
import { useSnapshotStore } from '../stores/snapshot-store';
import { api } from '../zonewatch-api';
import { AccountSwitcher } from './AccountSwitcher';
import { TimeText } from './TimeText';

/**
 * The account switcher, "Updated N min ago" and refresh for the account shown (every account's
 * refresh under "All accounts", where `status` is null), the demo mark, and banners when offline,
 * stale or the key is refused.
 */
export function StatusBar({ status, now }: { status: Status | null; now: number }) {
  const go = useNavigationStore((s) => s.go);
  const setStatus = useSnapshotStore((s) => s.setStatus);
  const [refreshing, setRefreshing] = useState(false);
  const refresh = async () => {
    setRefreshing(true);
    if (status) {
      const res = await callForSelectedAccount((profileId) => api().poll.refresh({ profileId }));
      if (res?.ok) setStatus(res.value);
    } else {
      const res = await api().poll.refreshAll();
      if (res.ok) useAccountsStore.getState().setOverview(res.value);
    }
    setRefreshing(false);
  };
  const busy = refreshing || (status?.refreshing ?? false);
  const banner = status ? statusBannerText(status, now) : null;
  const label = status ? 'Refresh now' : 'Refresh every account now';
  return (
    <>
      <div className="statusbar">
        <AccountSwitcher />
        {status?.profile?.demo && (
          <span className="badge" title="The demo account (a local simulated service)">
            DEMO
          </span>
        )}
        <span className="now">
          <span className="updated" aria-live="polite">
            {busy ? 'Updating…' : status === null ? '' : status.lastSuccessAt ? <>Updated <TimeText at={status.lastSuccessAt} mode="ago" now={now} /></> : 'Not updated yet'}
            {status?.poll === 'paused' && ' · polling paused'}
          </span>
          <button type="button" className="icon" onClick={() => void refresh()} disabled={busy} aria-label={label} title={label}>
            <span aria-hidden="true">↻</span>
          </button>
        </span>
      </div>
      {status?.auth === 'rejected' && (
        <div className="banner banner-error" role="alert">
          The service refused this account’s API key, so Zonewatch stopped updating it.{' '}
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
