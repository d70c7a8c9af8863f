import type { AccountReadout, AccountTotals } from '../../../shared/accounts';
import type { AppState } from '../../../shared/app-state';
import type { AppUpdate } from '../../../shared/app-update';

/**
 * What the tray is drawn from: every watched account's read model in the user's order, the totals
 * across them, the app-wide state and Zonewatch's own update, as the core sent them (`accounts`,
 * `account`, `app` and `appUpdate` events).
 * The tray builders read these as they are and work nothing out again.
 */
export type TrayModel = {
  accounts: readonly AccountReadout[];
  totals: AccountTotals;
  app: AppState;
  update: AppUpdate;
};
