import { randomUUID } from 'node:crypto';
import type { Channel } from '../../../shared/ipc';
import { DEFAULT_BASE_URL, type Settings } from '../../../shared/settings';
import type { Status } from '../../../shared/status';
import type { AccountSessions } from '../account/session';
import type { HandlerTable } from '../ipc-dispatch';
import type { DocumentStoreFactory } from '../storage/persistence';
import { eraseProfileData, profileForNewKey, withDemoChosen, withoutDemoChosen, withoutProfile } from '../account/profiles';
import type { SecretStore } from '../secrets/secret-store';

export type KeyHandlers = Pick<HandlerTable, Extract<Channel, `key:${string}` | `demo:${string}`>>;

export type KeyHandlersContext = {
  settings: { get(): Settings; save(next: Settings): Settings };
  sessions: AccountSessions;
  secrets: SecretStore;
  storeFactory: DocumentStoreFactory;
  status: () => Status;
  publishStatus: () => void;
};

/** Which account is watched: a new key, removing it (and the account's data), or the demo. */
export function createKeyHandlers(ctx: KeyHandlersContext): KeyHandlers {
  const { sessions, secrets } = ctx;
  return {
    'key:set': async ({ apiKey, baseUrl, label }) => {
      sessions.rememberKey(apiKey);
      const chosen = profileForNewKey(ctx.settings.get(), { baseUrl, label }, { baseUrl: DEFAULT_BASE_URL, label: 'My account' }, randomUUID);
      // Before anything changes: a key the service rejects leaves the previous key, profile and demo as they were.
      const checked = await sessions.checkNewKey(chosen.profile.baseUrl, apiKey);
      if (sessions.demoRunning()) await sessions.stopDemo();
      ctx.settings.save(chosen.settings);
      const keyBackend = await secrets.write(chosen.profile.id, apiKey);
      await sessions.begin(chosen.profile, apiKey, keyBackend, false, checked);
      return { keyBackend, profileId: chosen.profile.id };
    },
    'key:remove': async () => {
      const s = sessions.current();
      if (!s) return { removed: false };
      sessions.end();
      if (s.demo) {
        await sessions.stopDemo();
        ctx.settings.save(withoutDemoChosen(ctx.settings.get()));
      } else {
        await eraseProfileData(s.profile.id, { secrets, factory: ctx.storeFactory });
        ctx.settings.save(withoutProfile(ctx.settings.get(), s.profile.id));
      }
      ctx.publishStatus();
      return { removed: true };
    },
    'demo:start': async () => {
      if (sessions.current()?.demo && sessions.demoRunning()) return ctx.status();
      await sessions.startDemo();
      ctx.settings.save(withDemoChosen(ctx.settings.get()));
      return ctx.status();
    },
  };
}
