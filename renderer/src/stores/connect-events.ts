import { api } from '../zonewatch-api';
import { selectedProfileId } from './account-call';
import { useAccountsStore } from './accounts-store';
import { useAppStateStore } from './app-state-store';
import { useAppUpdateStore } from './app-update-store';
import { useBillingStore } from './billing-store';
import { useChannelsStore } from './channels-store';
import { useNoticesStore } from './notices-store';
import { navigateTo } from './navigate-to';
import { usePaletteRequest } from './palette-request';
import { useNotificationsStore } from './notifications-store';
import { useSettingsStore } from './settings-store';
import { useSnapshotStore } from './snapshot-store';
import { useSpendStopStore } from './spend-stop-store';

/** An account's event is for the window only while that account is the one shown. */
const shown = (profileId: string) => selectedProfileId() === profileId;

/**
 * Routes every push event to its store; returns a function that unsubscribes them all. Every
 * account is polled at once: each account's update refreshes its row of the list, and only the
 * account the window shows goes further, into the views' stores.
 */
export function connectEvents(): () => void {
  const on = api().on;
  const offs = [
    on.accounts((overview) => useAccountsStore.getState().setOverview(overview)),
    on.account((update) => {
      useAccountsStore.getState().applyUpdate(update);
      if (!shown(update.profileId)) return;
      const snapshots = useSnapshotStore.getState();
      snapshots.applyUpdate(update.seq, update.snapshot);
      snapshots.setStatus(update.status);
      for (const record of update.notifications) useNotificationsStore.getState().add(record);
      if (update.spendStop) useSpendStopStore.getState().setRecord(update.spendStop.record);
    }),
    on.app((app) => useAppStateStore.getState().set(app)),
    on.billingSync((payload) => {
      const { profileId, ...progress } = payload;
      if (shown(profileId)) useBillingStore.getState().onProgress(progress);
    }),
    // A notification's click opens ITS account's view: select that account first.
    on.navigate(navigateTo),
    on.settings((settings) => useSettingsStore.getState().set(settings)),
    on.appUpdate((update) => useAppUpdateStore.getState().set(update)),
    on.notices((notices) => useNoticesStore.getState().set(notices)),
    on.palette(() => usePaletteRequest.getState().request()),
    on.channels((channels) => useChannelsStore.getState().setChannels(channels)),
    on.deliveries((log) => useChannelsStore.getState().setLog(log)),
  ];
  return () => offs.forEach((off) => off());
}
