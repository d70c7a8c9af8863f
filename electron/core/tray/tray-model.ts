import type { AccountReadout, AccountTotals } from '../../../shared/accounts';
import type { AppState } from '../../../shared/app-state';

/**
 * What the tray is drawn from: every watched account's read model in the user's order, the totals
 * across them and the app-wide state, as the core sent them (`accounts`, `account` and `app` events).
 * The tray builders read these as they are and work nothing out again.
 */
export type TrayModel = {
  accounts: readonly AccountReadout[];
  totals: AccountTotals;
  app: AppState;
};
