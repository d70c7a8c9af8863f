import type { Anomaly } from '../../../shared/anomalies';
import type { AccountMonthEnd } from '../forecast/month-end';
import type { AccountReadout } from '../../../shared/accounts';
import type { AlertRule } from '../../../shared/alert-settings';
import type { HistoryPoint } from '../../../shared/history';
import type { NotificationRecord } from '../../../shared/notification';
import type { Profile } from '../../../shared/settings';
import type { Snapshot } from '../../../shared/snapshot';
import type { Status } from '../../../shared/status';
import type { BillingBook } from '../billing/billing-book';
import type { Caps } from '../caps/caps-run';
import type { AccountCapGuard } from '../caps/account-cap-guard';
import type { SpendStop } from '../spend-stop/spend-stop';
import type { AccountZones } from '../zones/account-zones';
import type { AccountKey } from './account-connection';
import type { AccountFiles } from './account-files';
import type { AccountLookups } from './account-lookups';

// What callers see of one watched account (account-watch.ts builds it).

export type AccountNotifications = {
  /** The notification history, newest first. */
  list(): NotificationRecord[];
  /** Shows a sample notification of one rule, marked as a test. */
  test(rule: AlertRule): NotificationRecord;
};

/** One watched account, as callers see it: its read model, data, actions and life. */
export type AccountWatch = {
  readonly id: string;
  readonly demo: boolean;
  profile(): Profile;
  /** A new label, colour, alert rules or address; a new address polls at once with the key kept. */
  setProfile(profile: Profile): Promise<void>;
  /** A new key (or none), and with it a new profile if given: polls at once, and resolves after that first cycle. */
  replaceKey(key: AccountKey, profile?: Profile): Promise<void>;
  /** Whether it sends this key: the same key at the same address is the same account. */
  sendsKey(secret: string): boolean;
  status(): Status;
  /** Its read model (readout/account-readout.ts) as last sent to the views: what the list shows and the totals add up. */
  published(): AccountReadout;
  snapshot(): Snapshot;
  /** The number of the last `account` update sent: the snapshot holds everything up to it. */
  updateSeq(): number;
  history(sinceMs: number): HistoryPoint[];
  refresh(): Promise<void>;
  /** Starts polling, the first cycle after `delayMs` (staggered with the other accounts). */
  start(delayMs: number): void;
  /** Stops polling and any billing sync, saves the caches and lets go of the alerts. */
  stop(): Promise<void>;
  /** The app-wide inputs changed (pause, power, network, window, settings): replans and says so. */
  reschedule(): void;
  /** The window opened: what was waiting to be seen has been. */
  windowOpened(): void;
  readonly zones: AccountZones;
  readonly spendStop: SpendStop;
  /** Caps in bulk and the account cap Zonewatch enforces (docs/desktop.md › Caps). */
  readonly caps: Caps & { setAccountCap: AccountCapGuard['setRule']; accountCapSettled: AccountCapGuard['settled'] };
  readonly billing: BillingBook;
  readonly lookups: AccountLookups;
  readonly notifications: AccountNotifications;
  /** Its daily ledger's queries (docs/architecture.md › The daily ledger › Queries); files set aside are said as app notices. */
  readonly zoneHistory: Pick<AccountFiles['zoneHistory'], 'queries'>;
  /** Its month-end forecast, each zone's and the account's (docs/architecture.md › Month-end forecast): the last result, which the read model reads too. */
  monthEnd(): AccountMonthEnd;
  /** Every anomaly the ledger shows (docs/architecture.md › Daily anomalies), newest first, worked out again first if the ledger or what turned zones off changed. */
  anomalies(): Promise<readonly Anomaly[]>;
};
