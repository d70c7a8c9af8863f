import { z } from 'zod';
import { AccountReadout, AccountTotals } from './accounts';
import { NotificationRecord } from './notification';
import { ProfileId } from './profile-id';
import { SnapshotDelta } from './snapshot';
import { SpendStopState } from './spend-stop';
import { Status } from './status';

/**
 * Everything one account changed since its last update, in one `account` push event: one per poll
 * cycle, and one per burst of changes outside a cycle (an action's result). The window and the
 * tray read the account from it as it is.
 */
export const AccountUpdate = z.object({
  profileId: ProfileId,
  /**
   * This account's updates in the order sent, one by one from 1: a window that sees a number
   * skipped reads the whole snapshot again (docs/architecture.md › How updates reach the window).
   */
  seq: z.number().int().positive(),
  readout: AccountReadout,
  /** The totals across the accounts with this account's new figures. */
  totals: AccountTotals,
  status: Status,
  /** The snapshot's changes, merged into one; null when the data did not change. */
  snapshot: SnapshotDelta.nullable(),
  /** Notifications recorded since the last update, oldest first. */
  notifications: z.array(NotificationRecord),
  /** The "stopped by Zonewatch" record when it changed; null when it did not. */
  spendStop: SpendStopState.nullable(),
});
export type AccountUpdate = z.infer<typeof AccountUpdate>;
