import { randomUUID } from 'node:crypto';
import type { AccountsOverview } from '../../../shared/accounts';
import type { Channel } from '../../../shared/ipc';
import { DEFAULT_BASE_URL, DEMO_PROFILE_ID, type Settings } from '../../../shared/settings';
import { utcDayKey } from '../../../shared/units';
import { findProfile, eraseProfileData, isDemoProfile, profileForKey, reorderProfiles, updateProfile, withoutProfile } from '../account/profiles';
import { checkNewKey } from '../account/session';
import type { AccountRegistry } from '../accounts/account-registry';
import { createApiClient } from '../api/client';
import type { RetryPolicy } from '../api/retry-delay';
import { selectBillingEntries } from '../billing/cache';
import { allAccountsBillingCsv } from '../billing/csv';
import { HandlerError, type HandlerTable } from '../ipc-dispatch';
import type { Clock, Logger, SaveDialog } from '../ports';
import type { SecretStore } from '../secrets/secret-store';
import type { DocumentStoreFactory } from '../storage/persistence';

export type AccountsHandlers = Pick<
  HandlerTable,
  Extract<Channel, `accounts:${string}` | `key:${string}` | `demo:${string}` | 'poll:refreshAll' | 'poll:setPaused' | 'notifications:snooze' | 'billing:exportAllCsv'>
>;

export type AccountsHandlersContext = {
  accounts: AccountRegistry;
  settings: { get(): Settings; save(next: Settings): Settings };
  secrets: SecretStore;
  storeFactory: DocumentStoreFactory;
  overview: () => AccountsOverview;
  setUserPaused: (paused: boolean) => void;
  snooze: (until: '1h' | 'tomorrow' | 'off') => string | null;
  saveDialog: SaveDialog;
  clock: Clock;
  logger: Logger;
  random: () => number;
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
  retry?: RetryPolicy;
};

/**
 * Which accounts are watched (add, replace a key, rename, recolour, reorder, remove, the demo), and
 * what acts on all of them at once: refresh, pause, snooze, the all-accounts CSV.
 */
export function createAccountsHandlers(ctx: AccountsHandlersContext): AccountsHandlers {
  const { accounts, secrets, logger } = ctx;

  /** Asks the service about a key before anything is stored (account/session.ts › checkNewKey). */
  function check(baseUrl: string, apiKey: string): Promise<boolean> {
    const client = createApiClient({
      baseUrl,
      getApiKey: () => apiKey,
      random: ctx.random,
      ...(ctx.fetch ? { fetch: ctx.fetch } : {}),
      ...(ctx.timeoutMs ? { timeoutMs: ctx.timeoutMs } : {}),
      ...(ctx.retry ? { retry: ctx.retry } : {}),
    });
    return checkNewKey(client, logger);
  }

  function realProfile(profileId: string) {
    if (isDemoProfile(profileId)) throw new HandlerError({ kind: 'invalid_argument', message: 'The demo account has no settings to change; remove it and add your own account.' });
    const profile = findProfile(ctx.settings.get(), profileId);
    if (!profile) throw new HandlerError({ kind: 'invalid_argument', message: 'That account is no longer watched. It may have been removed.' });
    return profile;
  }

  return {
    'accounts:list': async () => ctx.overview(),
    'accounts:update': async ({ profileId, ...patch }) => {
      realProfile(profileId);
      const updated = updateProfile(ctx.settings.get(), profileId, patch);
      const saved = ctx.settings.save(updated.settings);
      const profile = findProfile(saved, profileId)!;
      const watch = accounts.get(profileId);
      if (updated.keyRequired) {
        // The key was meant for the old host: never send it to the new one (docs/architecture.md › Accounts).
        await secrets.remove(profileId);
        await accounts.watch(profile, '', 'none', { keyChecked: false });
      } else if (watch && profile.baseUrl !== watch.profile().baseUrl) {
        // Same host, another path: a new client for the new address, the key and caches kept.
        await accounts.watch(profile, watch.session.key, watch.session.keyBackend, { keyChecked: watch.session.keyUncheckedSince === null });
      } else {
        watch?.setProfile(profile);
      }
      return ctx.overview();
    },
    'accounts:reorder': async ({ profileIds }) => {
      ctx.settings.save(reorderProfiles(ctx.settings.get(), profileIds));
      return ctx.overview();
    },
    'accounts:remove': async ({ profileId }) => {
      if (isDemoProfile(profileId)) {
        if (!accounts.get(DEMO_PROFILE_ID)) return { removed: false };
        await accounts.stopDemo();
        ctx.settings.save({ ...ctx.settings.get(), watchDemo: false });
        return { removed: true };
      }
      if (!findProfile(ctx.settings.get(), profileId)) return { removed: false };
      await accounts.unwatch(profileId);
      await eraseProfileData(profileId, { secrets, factory: ctx.storeFactory });
      ctx.settings.save(withoutProfile(ctx.settings.get(), profileId));
      return { removed: true };
    },

    'key:set': async ({ profileId, apiKey, baseUrl, label, color }) => {
      accounts.rememberKey(apiKey);
      if (profileId !== undefined) realProfile(profileId);
      const chosen = profileForKey(ctx.settings.get(), profileId, { baseUrl, label, color }, { baseUrl: DEFAULT_BASE_URL }, randomUUID);
      // The same key at the same address is the same account: watching it twice would only double its requests and alerts.
      const twin = accounts
        .all()
        .find((watch) => !watch.demo && watch.id !== chosen.profile.id && watch.session.key === apiKey && watch.profile().baseUrl === chosen.profile.baseUrl);
      if (twin) throw new HandlerError({ kind: 'invalid_argument', message: `This API key is already watched as “${twin.profile().label}”.` });
      // Before anything changes: a key the service rejects leaves every account as it was.
      const checked = await check(chosen.profile.baseUrl, apiKey);
      ctx.settings.save(chosen.settings);
      const keyBackend = await secrets.write(chosen.profile.id, apiKey);
      await accounts.watch(chosen.profile, apiKey, keyBackend, { keyChecked: checked });
      return { keyBackend, profileId: chosen.profile.id };
    },
    'demo:start': async () => {
      // Kept the moment it is chosen: the demo shows in the list before its first cycle ends, and
      // quitting then must not forget it. A demo that cannot start is not kept.
      const before = ctx.settings.get().watchDemo;
      ctx.settings.save({ ...ctx.settings.get(), watchDemo: true });
      try {
        return (await accounts.startDemo()).status();
      } catch (err) {
        ctx.settings.save({ ...ctx.settings.get(), watchDemo: before });
        throw err;
      }
    },

    'poll:refreshAll': async () => {
      await Promise.all(accounts.all().map((account) => account.poller.refreshNow()));
      return ctx.overview();
    },
    'poll:setPaused': async ({ paused }) => {
      ctx.setUserPaused(paused);
      for (const account of accounts.all()) {
        account.poller.reschedule();
        account.publishStatus();
      }
      return { paused };
    },
    'notifications:snooze': async ({ until }) => {
      const snoozedUntil = ctx.snooze(until);
      for (const account of accounts.all()) account.publishStatus();
      return { snoozedUntil };
    },
    'billing:exportAllCsv': async ({ filter }) => {
      const perAccount = accounts.all().map((account) => {
        const cache = account.session.billingDoc.get();
        return { label: account.profile().label, entries: selectBillingEntries(cache, filter, ''), unreadable: cache.unreadable.length };
      });
      const day = utcDayKey(new Date(ctx.clock.now()));
      const saved = await ctx.saveDialog.saveText(`zonewatch-billing-all-accounts-${day}.csv`, allAccountsBillingCsv(perAccount));
      const sum = (count: (account: (typeof perAccount)[number]) => number) => perAccount.reduce((n, account) => n + count(account), 0);
      return { saved: saved !== null, rows: sum((account) => account.entries.length), fileName: saved?.fileName ?? null, leftOut: sum((account) => account.unreadable) };
    },
  };
}
