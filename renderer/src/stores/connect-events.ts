import { api } from '../zonewatch-api';
import { useBillingStore } from './billing-store';
import { useNavigationStore } from './navigation-store';
import { useNotificationsStore } from './notifications-store';
import { useSettingsStore } from './settings-store';
import { useSnapshotStore } from './snapshot-store';
import { useSpendStopStore } from './spend-stop-store';

/** Routes every push event to its store; returns a function that unsubscribes them all. */
export function connectEvents(): () => void {
  const on = api().on;
  const offs = [
    on.snapshot((delta) => useSnapshotStore.getState().applyDelta(delta)),
    on.status((status) => {
      const before = useSnapshotStore.getState().status;
      useSnapshotStore.getState().setStatus(status);
      // A new profile (key saved, demo started, account removed) means a new snapshot and its own notifications.
      if (before && before.profile?.id !== status.profile?.id) {
        void useSnapshotStore.getState().load();
        void useNotificationsStore.getState().load();
        void useSpendStopStore.getState().load();
        useNavigationStore.getState().go('overview');
      }
    }),
    on.billingSync((progress) => useBillingStore.getState().onProgress(progress)),
    on.notification((record) => useNotificationsStore.getState().add(record)),
    on.navigate((target) => useNavigationStore.getState().go(target.view, target.zoneId, target.focus)),
    on.spendStop(({ record }) => useSpendStopStore.getState().setRecord(record)),
    on.settings((settings) => useSettingsStore.getState().set(settings)),
  ];
  return () => offs.forEach((off) => off());
}
