import type { AccountSummary } from '../../../shared/accounts';
import type { Snapshot } from '../../../shared/snapshot';
import type { SpendStopRecord } from '../../../shared/spend-stop';
import type { Status } from '../../../shared/status';

/**
 * One watched account as the tray builders read it (AppCore.accounts()): its summary row (state,
 * figures, unseen attention), and the status, snapshot and stop record its menu section needs.
 */
export interface TrayAccount {
  summary: AccountSummary;
  status: Status;
  snapshot: Snapshot;
  spendStop: SpendStopRecord | null;
}
