import { RECENT_DAYS } from '../../../../shared/ledger';
import type { Channel } from '../../../../shared/ipc';
import { utcDayKey } from '../../../../shared/units';
import type { AccountRegistry } from '../../accounts/account-registry';
import type { HandlerTable } from '../../ipc-dispatch';
import { ledgerCsv } from '../../ledger/ledger-csv';
import { addDays, dayOf } from '../../ledger/utc-calendar';
import type { Clock, Logger, SaveDialog } from '../../ports';
import type { SummaryQuery } from '../../../../shared/digest';
import { accountPeriodInput } from '../../digest/account-period-input';
import { periodOf, periodSummary } from '../../digest/period-summary';
import { saveSummaryCsv } from '../../digest/summary-export';

export type AllLedgerHandlers = Pick<HandlerTable, Extract<Channel, 'history:recent' | 'history:exportAllCsv' | 'history:summaryAll' | 'history:exportSummaryAllCsv'>>;

/**
 * The daily ledger across accounts, in the user's order: each one's last days for "All accounts",
 * one CSV of them all, and their Summary of a period, each awaited from the accounts' queries
 * (docs/architecture.md › The daily ledger › Queries).
 */
export function createAllLedgerHandlers(ctx: { accounts: Pick<AccountRegistry, 'all'>; saveDialog: SaveDialog; clock: Pick<Clock, 'now'>; logger: Logger }): AllLedgerHandlers {
  // docs/architecture.md › Digest: the summary the digest's notification reads, every account in the user's order.
  const summaryAll = async (query: SummaryQuery) => {
    const period = periodOf(query);
    return periodSummary(period, await Promise.all(ctx.accounts.all().map((account) => accountPeriodInput(account, period))));
  };
  return {
    'history:summaryAll': async (query) => summaryAll(query),
    'history:exportSummaryAllCsv': async (query) => {
      const result = await summaryAll(query);
      return saveSummaryCsv(ctx.saveDialog, result, `zonewatch-summary-all-accounts-${query.kind}-${result.period.from}.csv`);
    },
    'history:recent': async () => {
      const now = ctx.clock.now();
      const fromDay = addDays(dayOf(now), -RECENT_DAYS);
      // One account whose history does not answer shows no days; the others still do.
      return Promise.all(
        ctx.accounts.all().map(async (account) => {
          const days = await account.zoneHistory.queries.query('recentDays', { now, count: RECENT_DAYS }).catch((err: unknown) => {
            ctx.logger.warn("ledger: an account's last days could not be read; its line shows none", { account: account.profile().label, error: err });
            return [];
          });
          return { profileId: account.id, fromDay, days };
        }),
      );
    },
    'history:exportAllCsv': async () => {
      // An account whose rows do not come refuses the file: a file without it would say it spent nothing.
      const rows = (await Promise.all(ctx.accounts.all().map((account) => account.zoneHistory.queries.query('csvRows', { label: account.profile().label })))).flat();
      const saved = await ctx.saveDialog.saveText(`zonewatch-daily-spend-all-accounts-${utcDayKey(new Date(ctx.clock.now()))}.csv`, ledgerCsv(rows));
      return { saved: saved !== null, rows: rows.length, fileName: saved?.fileName ?? null, leftOut: 0 };
    },
  };
}
