import type { AccountReadout } from '../../../shared/accounts';
import { useAccountsStore } from '../../../renderer/src/stores/accounts-store';
import { overviewOf, readout } from '../../fixtures/readouts';

export { overviewOf, readout };

/** The window shows this account, as after a pick in the switcher. */
export function showAccount(profileId: string, accounts: AccountReadout[] = [readout(profileId, { label: 'Acme proxies' })]): void {
  useAccountsStore.setState({ overview: overviewOf(accounts), selection: profileId, adding: false, error: null });
}
