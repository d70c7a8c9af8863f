import type { AccountsOverview } from '../../../../shared/accounts';
import type { Channel } from '../../../../shared/ipc';
import { DEMO_PROFILE_ID, type Settings } from '../../../../shared/settings';
import { NO_SUCH_ACCOUNT_MESSAGE, type AccountRegistry } from '../../accounts/account-registry';
import { eraseProfileData, findProfile, isDemoProfile, reorderProfiles, updateProfile, withoutProfile } from '../../accounts/profiles';
import { HandlerError, type HandlerTable } from '../../ipc-dispatch';
import type { SecretStore } from '../../secrets/secret-store';
import type { DocumentStoreFactory } from '../../storage/persistence';

export type AccountsHandlers = Pick<HandlerTable, Extract<Channel, `accounts:${string}`>>;

export type AccountsHandlersContext = {
  accounts: Pick<AccountRegistry, 'get' | 'remove' | 'stopDemo'>;
  settings: { get(): Settings; save(next: Settings): Settings };
  secrets: Pick<SecretStore, 'remove'>;
  storeFactory: DocumentStoreFactory;
  /** Erases the account's days and samples from the history database. */
  forgetHistory: (profileId: string) => Promise<void>;
  overview: () => AccountsOverview;
};

/** Which accounts are watched and how they are named, coloured and ordered; removing one. */
export function createAccountsHandlers(ctx: AccountsHandlersContext): AccountsHandlers {
  const { accounts, secrets } = ctx;

  function realProfile(profileId: string) {
    if (isDemoProfile(profileId)) throw new HandlerError({ kind: 'invalid_argument', message: 'The demo account has no settings to change; remove it and add your own account.' });
    const profile = findProfile(ctx.settings.get(), profileId);
    if (!profile) throw new HandlerError({ kind: 'invalid_argument', message: NO_SUCH_ACCOUNT_MESSAGE });
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
        await watch?.replaceKey({ secret: '', backend: 'none', checked: false }, profile);
      } else {
        await watch?.setProfile(profile);
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
        ctx.settings.save({ ...ctx.settings.get(), watchDemo: false });
        await accounts.stopDemo();
        return { removed: true };
      }
      if (!findProfile(ctx.settings.get(), profileId)) return { removed: false };
      // The settings first: a save that fails (a full disk) leaves the account as it was, watched,
      // with its key and data; erasing first would lose its key and bring it back keyless after a
      // restart (docs/architecture.md › Offline).
      ctx.settings.save(withoutProfile(ctx.settings.get(), profileId));
      await accounts.remove(profileId);
      await eraseProfileData(profileId, { secrets, factory: ctx.storeFactory });
      await ctx.forgetHistory(profileId);
      return { removed: true };
    },
  };
}
