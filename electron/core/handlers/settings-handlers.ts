import type { Channel } from '../../../shared/ipc';
import type { Settings } from '../../../shared/settings';
import type { AccountSessions } from '../account/session';
import { HandlerError, type HandlerTable } from '../ipc-dispatch';
import type { Poller } from '../polling/poller';
import type { GlobalShortcuts, LoginItem } from '../ports';
import { activeProfile, updateProfile } from '../account/profiles';
import type { SecretStore } from '../secrets/secret-store';

export type SettingsHandlers = Pick<HandlerTable, Extract<Channel, `settings:${string}`>>;

export type SettingsHandlersContext = {
  settings: { get(): Settings; save(next: Settings): Settings };
  sessions: Pick<AccountSessions, 'current' | 'begin' | 'end'>;
  secrets: SecretStore;
  loginItem: LoginItem;
  globalShortcuts: GlobalShortcuts | null;
  poller: Pick<Poller, 'reschedule'>;
  publishStatus: () => void;
};

/** The app's settings, including the watched account's profile. */
export function createSettingsHandlers(ctx: SettingsHandlersContext): SettingsHandlers {
  const { sessions } = ctx;
  return {
    'settings:get': async () => ctx.settings.get(),
    'settings:update': async (patch) => {
      let next = ctx.settings.get();
      if (patch.polling) next = { ...next, polling: patch.polling };
      if (patch.alerts) next = { ...next, alerts: patch.alerts };
      if (patch.quietHours) next = { ...next, quietHours: patch.quietHours };
      if (patch.globalShortcut !== undefined) {
        const problem = patch.globalShortcut !== null && patch.globalShortcut !== next.globalShortcut ? ctx.globalShortcuts?.problem(patch.globalShortcut) : null;
        if (problem) throw new HandlerError({ kind: 'invalid_argument', message: `Zonewatch cannot use ${patch.globalShortcut} as its shortcut: ${problem}.` });
        next = { ...next, globalShortcut: patch.globalShortcut };
      }
      if (patch.theme) next = { ...next, theme: patch.theme };
      if (patch.zonesSort) next = { ...next, zonesSort: patch.zonesSort };
      if (patch.launchAtLogin !== undefined && patch.launchAtLogin !== next.launchAtLogin) {
        await ctx.loginItem.set(patch.launchAtLogin);
        next = { ...next, launchAtLogin: patch.launchAtLogin };
      }
      let keyRequired = false;
      if (patch.profile) {
        const s = sessions.current();
        if (!s || s.demo) throw new HandlerError({ kind: 'invalid_argument', message: 'There is no account to change. Add an API key first.' });
        const updated = updateProfile(next, s.profile.id, patch.profile);
        next = updated.settings;
        keyRequired = updated.keyRequired;
      }
      const saved = ctx.settings.save(next);
      const session = sessions.current();
      if (keyRequired && session) {
        // The key was meant for the old host: never send it to the new one (DESIGN.md › Profiles).
        await ctx.secrets.remove(session.profile.id);
        sessions.end();
      } else if (patch.profile && session) {
        const profile = activeProfile(saved);
        if (profile) await sessions.begin(profile, session.key, session.keyBackend, false, session.keyUncheckedSince === null);
      }
      ctx.poller.reschedule();
      ctx.publishStatus();
      return saved;
    },
  };
}
