import type { AccountChannel } from '../../../../shared/ipc';
import { utcDayKey } from '../../../../shared/units';
import { INTRADAY_KEEP_MS } from '../../intraday/intraday-file';
import { zoneIntraday } from '../../intraday/zone-intraday';
import type { HandlerTable } from '../../ipc-dispatch';
import { ledgerCsv } from '../../ledger/ledger-csv';
import { addDays, dayOf } from '../../ledger/utc-calendar';
import { accountPeriodInput } from '../../digest/account-period-input';
import { periodOf, periodSummary } from '../../digest/period-summary';
import { saveSummaryCsv } from '../../digest/summary-export';
import type { SummaryQuery } from '../../../../shared/digest';
import type { Clock, SaveDialog } from '../../ports';
import type { AccountWatch } from '../../watch/account-watch';

type LedgerChannel = Exclude<Extract<AccountChannel, `history:${string}`>, 'history:get'>;
export type LedgerHandlers = Pick<HandlerTable, LedgerChannel>;

export type LedgerHandlersContext = {
  account: (profileId: string) => Pick<AccountWatch, 'zoneHistory' | 'history' | 'profile' | 'monthEnd' | 'anomalies' | 'published'>;
  saveDialog: SaveDialog;
  clock: Pick<Clock, 'now'>;
};

/**
 * One account's daily ledger (docs/architecture.md › The daily ledger): calendar, a day's zones, a
 * zone's trend, month comparison, CSV, each awaited from the ledger's named queries (› Queries); a
 * query that fails refuses this one request with plain words.
 */
export function createLedgerHandlers(ctx: LedgerHandlersContext): LedgerHandlers {
  const queries = (profileId: string) => ctx.account(profileId).zoneHistory.queries;
  // docs/architecture.md › Digest: the same summary the digest's notification reads.
  const summary = async (profileId: string, query: SummaryQuery) => {
    const period = periodOf(query);
    return periodSummary(period, [await accountPeriodInput(ctx.account(profileId), period)]);
  };
  return {
    'history:calendar': async ({ profileId }) => {
      const history = queries(profileId);
      return history.query('calendar', { lastReadingAt: history.lastReadingAt() });
    },
    'history:day': async ({ profileId, day }) => queries(profileId).query('day', { day }),
    'history:zone': async ({ profileId, zoneId, days }) => {
      const account = ctx.account(profileId);
      const now = ctx.clock.now();
      const trend = await account.zoneHistory.queries.query('zoneTrend', { zoneId, fromDay: addDays(dayOf(now), 1 - days) });
      const last = account.zoneHistory.queries.lastReadingAt();
      // The points of the last 48 hours keep each zone's samples (docs/architecture.md › Per-zone intraday history).
      const intraday = zoneIntraday(account.history(now - INTRADAY_KEEP_MS), zoneId, now);
      return { zoneId, ...trend, intraday, lastReadingAt: last === null ? null : new Date(last).toISOString(), monthEnd: account.monthEnd().zones.get(zoneId) ?? null };
    },
    'history:compare': async ({ profileId }) => queries(profileId).query('monthComparison', { now: ctx.clock.now() }),
    // docs/architecture.md › Daily anomalies: the same list the alert rule reads, newest first.
    'history:anomalies': async ({ profileId }) => [...(await ctx.account(profileId).anomalies())],
    'history:summary': async ({ profileId, kind, from }) => summary(profileId, { kind, from }),
    'history:exportSummaryCsv': async ({ profileId, kind, from }) => {
      const result = await summary(profileId, { kind, from });
      return saveSummaryCsv(ctx.saveDialog, result, `zonewatch-summary-${kind}-${result.period.from}.csv`);
    },
    'history:exportCsv': async ({ profileId }) => {
      const account = ctx.account(profileId);
      const rows = await account.zoneHistory.queries.query('csvRows', { label: account.profile().label });
      const saved = await ctx.saveDialog.saveText(`zonewatch-daily-spend-${utcDayKey(new Date(ctx.clock.now()))}.csv`, ledgerCsv(rows));
      return { saved: saved !== null, rows: rows.length, fileName: saved?.fileName ?? null, leftOut: 0 };
    },
  };
}
