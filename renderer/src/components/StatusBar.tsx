import { useState } from 'react';
import type { AccountReadout } from '../../../shared/accounts';
import { statusBannerText } from '../model/status-banner';
import { callForSelectedAccount } from '../stores/account-call';
import { usePaletteRequest } from '../stores/palette-request';
import { useAccountsStore } from '../stores/accounts-store';
import { useAppStateStore } from '../stores/app-state-store';
import { useNavigationStore } from '../stores/navigation-store';
import { useSnapshotStore } from '../stores/snapshot-store';
import { api } from '../zonewatch-api';
import { AccountSwitcher } from './AccountSwitcher';
import { TimeText } from './TimeText';

/**
 * The account switcher, "Updated N min ago" and refresh for the account shown (every account's
 * refresh under "All accounts", where `readout` is null), the demo mark, and banners when its key is
 * missing or refused, or it is offline, failing or out of date: all read from its read model.
 */
export function StatusBar({ readout, now }: { readout: AccountReadout | null; now: number }) {
  const go = useNavigationStore((s) => s.go);
  const setStatus = useSnapshotStore((s) => s.setStatus);
  const app = useAppStateStore((s) => s.app);
  const [refreshing, setRefreshing] = useState(false);
  const refresh = async () => {
    setRefreshing(true);
    if (readout) {
      const res = await callForSelectedAccount((profileId) => api().poll.refresh({ profileId }));
      if (res?.ok) setStatus(res.value);
    } else {
      const res = await api().poll.refreshAll();
      if (res.ok) useAccountsStore.getState().setOverview(res.value);
    }
    setRefreshing(false);
  };
  const busy = refreshing || (readout?.refreshing ?? false);
  const banner = readout ? statusBannerText(readout, app, now) : null;
  const label = readout ? 'Refresh now' : 'Refresh every account now';
  return (
    <>
      <div className="statusbar">
        <AccountSwitcher />
        {readout?.demo && (
          <span className="badge" title="The demo account (a local simulated service)">
            DEMO
          </span>
        )}
        <span className="now">
          <span className="updated" aria-live="polite">
            {busy ? 'Updating…' : readout === null ? '' : readout.lastSuccessAt ? <>Updated <TimeText at={readout.lastSuccessAt} mode="ago" now={now} /></> : 'Not updated yet'}
            {app?.paused && ' · polling paused'}
          </span>
          <button type="button" className="icon" onClick={() => usePaletteRequest.getState().request()} aria-label="Find a zone (Ctrl+K)" title="Find a zone, a view or an action (Ctrl+K or /)" aria-keyshortcuts="Control+K Meta+K /">
            <span aria-hidden="true">⌕</span>
          </button>
          <button type="button" className="icon" onClick={() => void refresh()} disabled={busy} aria-label={label} title={label}>
            <span aria-hidden="true">↻</span>
          </button>
        </span>
      </div>
      {(readout?.state === 'rejected' || readout?.state === 'no_key') && (
        <div className="banner banner-error" role="alert">
          {readout.state === 'rejected'
            ? 'The service refused this account’s API key, so Zonewatch stopped updating it.'
            : `${readout.stateText} for this account, so Zonewatch is not watching it.`}{' '}
          <button type="button" className="link" onClick={() => go('settings')}>
            Enter {readout.state === 'rejected' ? 'a new key' : 'the key'} in Settings
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
