import type { AccountChannel, Channel } from '../../../shared/ipc';
import { RECENT_DAYS } from '../../../shared/ledger';
import { utcDayKey } from '../../../shared/units';
import { zoneIntraday } from '../intraday/zone-intraday';
import type { HandlerTable } from '../ipc-dispatch';
import type { AccountHistory } from '../ledger/account-history';
import { ledgerCsv, ledgerCsvRows } from '../ledger/ledger-csv';
import { calendarOf, dayView, monthComparison, recentAccountDays, zoneDays } from '../ledger/ledger-views';
import { addDays, dayOf } from '../ledger/utc-calendar';
import type { Clock, SaveDialog } from '../ports';
import type { HistoryStore } from '../state/history-store';

type LedgerChannel = Exclude<Extract<AccountChannel, `history:${string}`>, 'history:get'>;
export type HistoryHandlers = Pick<HandlerTable, LedgerChannel>;

export type HistoryHandlersContext = {
  zoneHistory: Pick<AccountHistory, 'ledger' | 'notices'>;
  /** The in-memory history, whose points keep zone samples for 48 hours. */
  history: Pick<HistoryStore, 'all'>;
  label: () => string;
  saveDialog: SaveDialog;
  clock: Pick<Clock, 'now'>;
};

/** One account's daily ledger: calendar, a day's zones, a zone's trend, month comparison, CSV. */
export function createHistoryHandlers(ctx: HistoryHandlersContext): HistoryHandlers {
  const { ledger } = ctx.zoneHistory;
  return {
    'history:calendar': async () => calendarOf(ledger.months(), ledger.lastReadingAt(), ctx.zoneHistory.notices()),
    'history:day': async ({ day }) => dayView(ledger.months(), day),
    'history:zone': async ({ zoneId, days }) => {
      const now = ctx.clock.now();
      const trend = zoneDays(ledger.months(), zoneId, addDays(dayOf(now), 1 - days));
      const last = ledger.lastReadingAt();
      return { zoneId, ...trend, intraday: zoneIntraday(ctx.history.all(), zoneId, now), lastReadingAt: last === null ? null : new Date(last).toISOString() };
    },
    'history:compare': async () => monthComparison(ledger.months(), ctx.clock.now()),
    'history:exportCsv': async () => {
      const rows = ledgerCsvRows([{ label: ctx.label(), months: ledger.months() }]);
      const saved = await ctx.saveDialog.saveText(`zonewatch-daily-spend-${utcDayKey(new Date(ctx.clock.now()))}.csv`, ledgerCsv(rows));
      return { saved: saved !== null, rows: rows.length, fileName: saved?.fileName ?? null, leftOut: 0 };
    },
  };
}

/** What the app-wide ledger channels read of each watched account, in the user's order. */
export type LedgerAccount = { id: string; label: string; demo: boolean; ledger: AccountHistory['ledger'] };

/** The ledger across accounts: each one's last days for "All accounts", and one CSV of them all. */
export function createAllHistoryHandlers(ctx: { accounts: () => LedgerAccount[]; saveDialog: SaveDialog; clock: Pick<Clock, 'now'> }): Pick<HandlerTable, Extract<Channel, 'history:recent' | 'history:exportAllCsv'>> {
  return {
    'history:recent': async () => {
      const now = ctx.clock.now();
      const fromDay = addDays(dayOf(now), -RECENT_DAYS);
      return ctx.accounts().map((account) => ({ profileId: account.id, fromDay, days: recentAccountDays(account.ledger.months(), now, RECENT_DAYS) }));
    },
    'history:exportAllCsv': async () => {
      const rows = ledgerCsvRows(ctx.accounts().map((account) => ({ label: account.label, months: account.ledger.months() })));
      const saved = await ctx.saveDialog.saveText(`zonewatch-daily-spend-all-accounts-${utcDayKey(new Date(ctx.clock.now()))}.csv`, ledgerCsv(rows));
      return { saved: saved !== null, rows: rows.length, fileName: saved?.fileName ?? null, leftOut: 0 };
    },
  };
}
