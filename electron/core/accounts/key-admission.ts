import type { AccountColor } from '../../../shared/accounts';
import type { KeyBackend } from '../../../shared/status';
import { DEFAULT_BASE_URL, type Settings } from '../../../shared/settings';
import { HandlerError } from '../ipc-dispatch';
import type { SecretStore } from '../secrets/secret-store';
import type { AccountRegistry } from './account-registry';
import { NO_SUCH_ACCOUNT_MESSAGE } from './account-registry';
import { findProfile, isDemoProfile, profileForKey } from './profiles';

/** What `key:set` asks: a new account's key, or with `profileId` a new key for that account. */
export type KeyRequest = { profileId?: string | undefined; apiKey: string; baseUrl?: string | undefined; label?: string | undefined; color?: AccountColor | undefined };

export type KeyAdmission = {
  /** Checks the key with the service, then (if no account has it) stores it and watches its account. */
  admit(request: KeyRequest): Promise<{ keyBackend: KeyBackend; profileId: string }>;
};

/**
 * `key:set`, in the order that tells a caller nothing it did not know (docs/architecture.md › Adding a key): first the
 * service checks the key, so a refused key gets the service's answer whatever else is watched;
 * then, with no wait in between, the duplicate check counts the accounts watched and the
 * submissions still being added, and the key is reserved, so the same key sent twice at once adds
 * one account. A refused key is never stored nor remembered.
 */
export function createKeyAdmission(deps: {
  accounts: Pick<AccountRegistry, 'all' | 'add'>;
  settings: { get(): Settings; save(next: Settings): Settings };
  secrets: Pick<SecretStore, 'write' | 'remove'>;
  /** Asks the service about the key at `baseUrl` (accounts/key-check.ts): throws when refused, false when it could not be asked. */
  check: (baseUrl: string, apiKey: string) => Promise<boolean>;
  newId: () => string;
}): KeyAdmission {
  /** Keys checked and being stored and watched, by the account they are for. */
  const inFlight = new Map<string, { apiKey: string; baseUrl: string; label: string }>();

  function realProfile(profileId: string) {
    if (isDemoProfile(profileId)) throw new HandlerError({ kind: 'invalid_argument', message: 'The demo account has no settings to change; remove it and add your own account.' });
    const profile = findProfile(deps.settings.get(), profileId);
    if (!profile) throw new HandlerError({ kind: 'invalid_argument', message: NO_SUCH_ACCOUNT_MESSAGE });
    return profile;
  }

  /** The account (watched, or being added) that has this key at this address, other than `profileId`'s. */
  function holder(profileId: string, apiKey: string, baseUrl: string): string | null {
    const watched = deps.accounts.all().find((watch) => !watch.demo && watch.id !== profileId && watch.sendsKey(apiKey) && watch.profile().baseUrl === baseUrl);
    if (watched) return watched.profile().label;
    for (const [id, pending] of inFlight) if (id !== profileId && pending.apiKey === apiKey && pending.baseUrl === baseUrl) return pending.label;
    return null;
  }

  return {
    async admit({ profileId, apiKey, baseUrl, label, color }) {
      if (profileId !== undefined) realProfile(profileId);
      const id = profileId ?? deps.newId();
      const target = { baseUrl, label, color };
      const chosen = (settings: Settings) => profileForKey(settings, profileId, target, { baseUrl: DEFAULT_BASE_URL }, () => id);
      const address = chosen(deps.settings.get()).profile.baseUrl;
      // Before anything changes: a key the service rejects leaves every account as it was.
      const checked = await deps.check(address, apiKey);
      if (profileId !== undefined) realProfile(profileId);
      // The same key at the same address is the same account: watching it twice would only double its requests and alerts.
      const twin = holder(id, apiKey, address);
      if (twin !== null) throw new HandlerError({ kind: 'invalid_argument', message: `This API key is already watched as “${twin}”.` });
      inFlight.set(id, { apiKey, baseUrl: address, label: chosen(deps.settings.get()).profile.label });
      try {
        // The key first, then the account (docs/architecture.md › Adding a key): a process killed in
        // between leaves a key no account names, never an account without its key.
        const keyBackend = await deps.secrets.write(id, apiKey);
        if (profileId !== undefined && !findProfile(deps.settings.get(), profileId)) {
          // Removed while its key was being stored: the key goes with it.
          await deps.secrets.remove(id);
          realProfile(profileId);
        }
        // Read again after the write: accounts added meanwhile keep their places and colours.
        const next = chosen(deps.settings.get());
        deps.settings.save(next.settings);
        await deps.accounts.add(next.profile, { secret: apiKey, backend: keyBackend, checked });
        return { keyBackend, profileId: id };
      } finally {
        inFlight.delete(id);
      }
    },
  };
}
