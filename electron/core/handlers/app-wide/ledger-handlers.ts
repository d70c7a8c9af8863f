import { RECENT_DAYS } from '../../../../shared/ledger';
import type { Channel } from '../../../../shared/ipc';
import { utcDayKey } from '../../../../shared/units';
import type { AccountRegistry } from '../../accounts/account-registry';
import type { HandlerTable } from '../../ipc-dispatch';
import { ledgerCsv, ledgerCsvRows } from '../../ledger/ledger-csv';
import { recentAccountDays } from '../../ledger/ledger-views';
import { addDays, dayOf } from '../../ledger/utc-calendar';
import type { Clock, SaveDialog } from '../../ports';
import type { SummaryQuery } from '../../../../shared/digest';
import { accountPeriodInput } from '../../digest/account-period-input';
import { periodOf, periodSummary } from '../../digest/period-summary';
import { saveSummaryCsv } from '../../digest/summary-export';

export type AllLedgerHandlers = Pick<HandlerTable, Extract<Channel, 'history:recent' | 'history:exportAllCsv' | 'history:summaryAll' | 'history:exportSummaryAllCsv'>>;

/** The daily ledger across accounts, in the user's order: each one's last days for "All accounts", one CSV of them all, and their Summary of a period. */
export function createAllLedgerHandlers(ctx: { accounts: Pick<AccountRegistry, 'all'>; saveDialog: SaveDialog; clock: Pick<Clock, 'now'> }): AllLedgerHandlers {
  // docs/architecture.md › Digest: the summary the digest's notification reads, every account in the user's order.
  const summaryAll = (query: SummaryQuery) => periodSummary(periodOf(query), ctx.accounts.all().map(accountPeriodInput));
  return {
    'history:summaryAll': async (query) => summaryAll(query),
    'history:exportSummaryAllCsv': async (query) => {
      const result = summaryAll(query);
      return saveSummaryCsv(ctx.saveDialog, result, `zonewatch-summary-all-accounts-${query.kind}-${result.period.from}.csv`);
    },
    'history:recent': async () => {
      const now = ctx.clock.now();
      const fromDay = addDays(dayOf(now), -RECENT_DAYS);
      return ctx.accounts.all().map((account) => ({ profileId: account.id, fromDay, days: recentAccountDays(account.zoneHistory.ledger.months(), now, RECENT_DAYS) }));
    },
    'history:exportAllCsv': async () => {
      const rows = ledgerCsvRows(ctx.accounts.all().map((account) => ({ label: account.profile().label, months: account.zoneHistory.ledger.months() })));
      const saved = await ctx.saveDialog.saveText(`zonewatch-daily-spend-all-accounts-${utcDayKey(new Date(ctx.clock.now()))}.csv`, ledgerCsv(rows));
      return { saved: saved !== null, rows: rows.length, fileName: saved?.fileName ?? null, leftOut: 0 };
    },
  };
}
