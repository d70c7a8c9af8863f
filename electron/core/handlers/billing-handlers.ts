import type { AccountChannel } from '../../../shared/ipc';
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
import { documentLinkProblem } from '../../../shared/api/billing';

export type BillingHandlers = Pick<HandlerTable, Extract<AccountChannel, `billing:${string}`>>;

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
export function createBillingHandlers(ctx: BillingHandlersContext): { handlers: BillingHandlers; stopSync(): Promise<void> } {
  const { sessions, clock } = ctx;
  let syncRun: Promise<BillingSyncProgress> | null = null;
  let syncAbort: AbortController | null = null;

  const handlers: BillingHandlers = {
    'billing:query': async ({ profileId: _account, ...query }) => queryBillingCache(sessions.require().billingDoc.get(), query),
    'billing:sync': async ({ full }) => {
      const s = sessions.require();
      if (syncRun) return syncRun;
      const abort = (syncAbort = new AbortController());
      const { signal } = abort;
      syncRun = syncBilling({
        full,
        cache: s.billingDoc,
        signal,
        fetchPage: async (page, count) => {
          const result = await s.client.getBillingHistory({ filter: 'all', page, count }, { signal });
          return { status: 'ok' as const, pagination: result.pagination, billing_histories: result.entries, dropped: result.dropped };
        },
        onProgress: ctx.onSyncProgress,
        // The pause between pages ends early on cancel, so quitting never waits out a full sync.
        sleep: (ms) =>
          new Promise<void>((resolve) => {
            const timer = clock.setTimeout(done, ms);
            function done() {
              clock.clearTimeout(timer);
              signal.removeEventListener('abort', done);
              resolve();
            }
            signal.addEventListener('abort', done, { once: true });
          }),
        ...(ctx.billingPageDelayMs !== undefined ? { pageDelayMs: ctx.billingPageDelayMs } : {}),
        now: () => new Date(clock.now()),
        describeError: (err) => (signal.aborted ? 'The billing sync was cancelled: Zonewatch is stopping.' : toAppError(err, { action: 'fetch the billing history' }).message),
      }).finally(() => {
        syncRun = null;
        if (syncAbort === abort) syncAbort = null;
      });
      return syncRun;
    },
    'billing:exportCsv': async ({ filter, search }) => {
      const cache = sessions.require().billingDoc.get();
      const entries = selectBillingEntries(cache, filter, search);
      const day = utcDayKey(new Date(clock.now()));
      const saved = await ctx.saveDialog.saveText(`zonewatch-billing-${day}.csv`, billingCsv(entries));
      return { saved: saved !== null, rows: entries.length, fileName: saved?.fileName ?? null, leftOut: cache.unreadable.length };
    },
    'billing:openDocument': async ({ url }) => {
      const s = sessions.require();
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        throw new HandlerError({ kind: 'invalid_argument', message: 'That link is not a valid address.' });
      }
      // Only links of cached billing entries that may be offered (docs/architecture.md › Threat
      // model), over https (http only for the demo's loopback service).
      const schemeOk = parsed.protocol === 'https:' || (s.demo && isLoopbackHttp(parsed));
      if (!schemeOk || documentLinkProblem(url) !== null || !isKnownDocumentUrl(s.billingDoc.get(), url)) {
        throw new HandlerError({ kind: 'invalid_argument', message: 'Zonewatch opens only invoice and receipt links from your billing history.' });
      }
      await ctx.shell.openExternal(url);
      return { opened: true };
    },
  };

  return {
    handlers,
    /**
     * Cancels a running sync (its request in flight and the pause between pages) and resolves once
     * it has ended: stop waits for it before the last save, and no page is requested after.
     */
    stopSync: async () => {
      syncAbort?.abort();
      if (syncRun) await syncRun.catch(() => undefined);
    },
  };
}
