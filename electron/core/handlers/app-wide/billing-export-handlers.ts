import { utcDayKey } from '../../../../shared/units';
import type { AccountRegistry } from '../../accounts/account-registry';
import { selectBillingEntries } from '../../billing/cache';
import { allAccountsBillingCsv } from '../../billing/csv';
import type { HandlerTable } from '../../ipc-dispatch';
import type { Clock, SaveDialog } from '../../ports';

export type BillingExportHandlers = Pick<HandlerTable, 'billing:exportAllCsv'>;

/** Every account's cached billing history in one CSV file, with an account column. */
export function createBillingExportHandlers(ctx: { accounts: Pick<AccountRegistry, 'all'>; saveDialog: SaveDialog; clock: Pick<Clock, 'now'> }): BillingExportHandlers {
  return {
    'billing:exportAllCsv': async ({ filter }) => {
      const perAccount = ctx.accounts.all().map((account) => {
        const cache = account.billing.cache();
        return { label: account.profile().label, entries: selectBillingEntries(cache, filter, ''), unreadable: cache.unreadable.length };
      });
      const day = utcDayKey(new Date(ctx.clock.now()));
      const saved = await ctx.saveDialog.saveText(`zonewatch-billing-all-accounts-${day}.csv`, allAccountsBillingCsv(perAccount));
      const sum = (count: (account: (typeof perAccount)[number]) => number) => perAccount.reduce((n, account) => n + count(account), 0);
      return { saved: saved !== null, rows: sum((account) => account.entries.length), fileName: saved?.fileName ?? null, leftOut: sum((account) => account.unreadable) };
    },
  };
}
