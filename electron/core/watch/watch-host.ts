import type { AppState } from '../../../shared/app-state';
import type { NotificationRecord } from '../../../shared/notification';
import type { Profile } from '../../../shared/settings';
import type { AlertCenterSettings, SnoozeStore } from '../alerts/alert-center';
import type { AppNotices } from '../notices/app-notices';
import type { ExternalPollInputs } from '../polling/poller';

/** What an account reads of the app around it. */
export type WatchHost = {
  /** Paused, offline, asleep, snoozed: app-wide (app/app-conditions.ts). */
  app(): AppState;
  /** What its poller reads at every schedule: settings, window, power, network, pause. */
  pollInputs(): ExternalPollInputs;
  windowOpen(): boolean;
  /** The shared alert rules and the quiet hours; the account's own rules, when it has some, replace the shared ones. */
  alertSettings(): AlertCenterSettings;
  /** The snooze every account shares. */
  snooze: SnoozeStore;
  /** With more than one account watched, a notification names its account. */
  accountCount(): number;
  /** After sleep or back online, how long after now this account polls (accounts/stagger.ts). */
  overdueDelayMs(): number;
  /** Keeps a change the account made to its own profile (the zones pinned), unless it is the demo. */
  saveProfile(profile: Profile): void;
  /**
   * Sends a recorded notification's events to the channels they are routed to, and returns it as the
   * desktop is to show it (`shown` false when none of its routes has the desktop): outbox/alert-channels.ts.
   */
  routeNotification(record: NotificationRecord, account: string, zoneName: (zoneId: string) => string | null): NotificationRecord;
  /** Shows a notice until the user dismisses it (docs/architecture.md › Notices). */
  raise: AppNotices['raise'];
};
