import type { Channel } from '../../../shared/ipc';
import { utcDayKey } from '../../../shared/units';
import type { BillingSyncProgress } from '../../../shared/views';
import type { AccountSessions } from '../account/session';
import { isKnownDocumentUrl, queryBillingCache, selectBillingEntries } from '../billing/cache';
import { billingCsv } from '../billing/csv';
import { syncBilling } from '../billing/sync';
import { toAppError } from '../state/error-messages';
import { HandlerError, type HandlerTable } from '../ipc-dispatch';
import type { Clock, SaveDialog, Shell } from '../ports';
import { isLoopbackHttp } from '../../../shared/loopback';

export type BillingHandlers = Pick<HandlerTable, Extract<Channel, `billing:${string}`>>;

export type BillingHandlersContext = {
  sessions: Pick<AccountSessions, 'require'>;
  saveDialog: SaveDialog;
  shell: Shell;
  clock: Clock;
  onSyncProgress: (progress: BillingSyncProgress) => void;
  /** The pause between billing history pages; billing-sync.ts's own when absent. */
  billingPageDelayMs?: number;
};

/** The billing history: its cache, its sync with the service, CSV export and document links. */
export function createBillingHandlers(ctx: BillingHandlersContext): { handlers: BillingHandlers; syncSettled(): Promise<void> } {
  const { sessions, clock } = ctx;
  let syncRun: Promise<BillingSyncProgress> | null = null;

  const handlers: BillingHandlers = {
    'billing:query': async (query) => queryBillingCache(sessions.require().billingDoc.get(), query),
    'billing:sync': async ({ full }) => {
      const s = sessions.require();
      if (syncRun) return syncRun;
      syncRun = syncBilling({
        full,
        cache: s.billingDoc,
        fetchPage: async (page, count) => {
          const result = await s.client.getBillingHistory({ filter: 'all', page, count });
          return { status: 'ok' as const, pagination: result.pagination, billing_histories: result.entries };
        },
        onProgress: ctx.onSyncProgress,
        sleep: (ms) => new Promise((resolve) => clock.setTimeout(resolve, ms)),
        ...(ctx.billingPageDelayMs !== undefined ? { pageDelayMs: ctx.billingPageDelayMs } : {}),
        now: () => new Date(clock.now()),
        describeError: (err) => toAppError(err, { action: 'fetch the billing history' }).message,
      }).finally(() => {
        syncRun = null;
      });
      return syncRun;
    },
    'billing:exportCsv': async ({ filter, search }) => {
      const entries = selectBillingEntries(sessions.require().billingDoc.get(), filter, search);
      const day = utcDayKey(new Date(clock.now()));
      const saved = await ctx.saveDialog.saveText(`zonewatch-billing-${day}.csv`, billingCsv(entries));
      return { saved: saved !== null, rows: entries.length, fileName: saved?.fileName ?? null };
    },
    'billing:openDocument': async ({ url }) => {
      const s = sessions.require();
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        throw new HandlerError({ kind: 'invalid_argument', message: 'That link is not a valid address.' });
      }
      // Only links of cached billing entries, over https (http only for the demo's loopback service).
      const schemeOk = parsed.protocol === 'https:' || (s.demo && isLoopbackHttp(parsed));
      if (!schemeOk || !isKnownDocumentUrl(s.billingDoc.get(), url)) {
        throw new HandlerError({ kind: 'invalid_argument', message: 'Zonewatch opens only invoice and receipt links from your billing history.' });
      }
      await ctx.shell.openExternal(url);
      return { opened: true };
    },
  };

  return {
    handlers,
    /** Resolves once a running sync has ended (stop waits for it before the last save). */
    syncSettled: async () => {
      if (syncRun) await syncRun.catch(() => undefined);
    },
  };
}
