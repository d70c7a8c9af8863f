import { documentLinkProblem } from '../../../../shared/api/billing';
import type { AccountChannel } from '../../../../shared/ipc';
import { isLoopbackHttp } from '../../../../shared/loopback';
import { utcDayKey } from '../../../../shared/units';
import { isKnownDocumentUrl, queryBillingCache, selectBillingEntries } from '../../billing/cache';
import { billingCsv } from '../../billing/csv';
import { HandlerError, type HandlerTable } from '../../ipc-dispatch';
import type { Clock, SaveDialog, Shell } from '../../ports';
import type { AccountWatch } from '../../watch/account-watch';

export type BillingHandlers = Pick<HandlerTable, Extract<AccountChannel, `billing:${string}`>>;

export type BillingHandlersContext = {
  account: (profileId: string) => Pick<AccountWatch, 'billing' | 'demo'>;
  saveDialog: SaveDialog;
  shell: Shell;
  clock: Pick<Clock, 'now'>;
};

/** One account's billing history: its cache, its sync with the service, CSV export and document links. */
export function createBillingHandlers(ctx: BillingHandlersContext): BillingHandlers {
  const { clock } = ctx;
  return {
    'billing:query': async ({ profileId, ...query }) => queryBillingCache(ctx.account(profileId).billing.cache(), query),
    'billing:sync': async ({ profileId, full }) => ctx.account(profileId).billing.sync(full),
    'billing:exportCsv': async ({ profileId, filter, search }) => {
      const cache = ctx.account(profileId).billing.cache();
      const entries = selectBillingEntries(cache, filter, search);
      const day = utcDayKey(new Date(clock.now()));
      const saved = await ctx.saveDialog.saveText(`zonewatch-billing-${day}.csv`, billingCsv(entries));
      return { saved: saved !== null, rows: entries.length, fileName: saved?.fileName ?? null, leftOut: cache.unreadable.length };
    },
    'billing:openDocument': async ({ profileId, url }) => {
      const account = ctx.account(profileId);
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        throw new HandlerError({ kind: 'invalid_argument', message: 'That link is not a valid address.' });
      }
      // Only links of cached billing entries that may be offered (docs/architecture.md › Threat
      // model), over https (http only for the demo's loopback service).
      const schemeOk = parsed.protocol === 'https:' || (account.demo && isLoopbackHttp(parsed));
      if (!schemeOk || documentLinkProblem(url) !== null || !isKnownDocumentUrl(account.billing.cache(), url)) {
        throw new HandlerError({ kind: 'invalid_argument', message: 'Zonewatch opens only invoice and receipt links from your billing history.' });
      }
      await ctx.shell.openExternal(url);
      return { opened: true };
    },
  };
}
