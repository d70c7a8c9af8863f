import type { AccountsOverview } from '../../shared/accounts';
import type { AppState } from '../../shared/app-state';
import type { AppUpdate } from '../../shared/app-update';
import type { EventName, EventPayload } from '../../shared/ipc';
import type { TrayModel } from '../core/tray/tray-model';

export type TrayState = {
  model(): TrayModel;
  /** Takes in one core event; true when it changed what the tray shows. */
  apply<E extends EventName>(event: E, payload: EventPayload<E>): boolean;
  /** The name of an account as the tray shows it, for a dialog about it; null when it is no longer watched. */
  label(profileId: string): string | null;
};

/**
 * What main draws the tray from, kept from what the core sent: the list of accounts (`accounts`),
 * each account's newest read model and the totals (`account`), the app-wide state (`app`) and
 * Zonewatch's own update (`appUpdate`).
 * Nothing is asked of the core again and nothing is worked out here.
 */
export function createTrayState(initial: { overview: AccountsOverview; app: AppState; update: AppUpdate }): TrayState {
  let model: TrayModel = { accounts: initial.overview.accounts, totals: initial.overview.totals, app: initial.app, update: initial.update };
  return {
    model: () => model,
    apply(event, payload) {
      if (event === 'accounts') {
        const overview = payload as EventPayload<'accounts'>;
        model = { ...model, accounts: overview.accounts, totals: overview.totals };
        return true;
      }
      if (event === 'account') {
        const update = payload as EventPayload<'account'>;
        const index = model.accounts.findIndex((account) => account.profileId === update.profileId);
        // An account not listed yet (or removed meanwhile) comes and goes with the `accounts` event.
        if (index < 0) return false;
        const accounts = model.accounts.map((account, at) => (at === index ? update.readout : account));
        model = { ...model, accounts, totals: update.totals };
        return true;
      }
      if (event === 'app') {
        model = { ...model, app: payload as EventPayload<'app'> };
        return true;
      }
      if (event === 'appUpdate') {
        model = { ...model, update: payload as EventPayload<'appUpdate'> };
        return true;
      }
      return false;
    },
    label: (profileId) => model.accounts.find((account) => account.profileId === profileId)?.label ?? null,
  };
}
