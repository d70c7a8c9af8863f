import type { Channel } from '../../../../shared/ipc';
import type { Settings } from '../../../../shared/settings';
import { HandlerError, type HandlerTable } from '../../ipc-dispatch';
import type { GlobalShortcuts, LoginItem } from '../../ports';
import { writeFailureOf, writeFailureSentence } from '../../storage/write-failure';

export type SettingsHandlers = Pick<HandlerTable, Extract<Channel, `settings:${string}`>>;

export type SettingsHandlersContext = {
  settings: { get(): Settings; save(next: Settings): Settings };
  loginItem: LoginItem;
  globalShortcuts: GlobalShortcuts | null;
  /** The polling or alert settings changed: every account reschedules and republishes its status. */
  onChanged: () => void;
};

/** The app-wide settings (each account's own are `accounts:update`'s). */
export function createSettingsHandlers(ctx: SettingsHandlersContext): SettingsHandlers {
  return {
    'settings:get': async () => ctx.settings.get(),
    'settings:update': async (patch) => {
      let next = ctx.settings.get();
      if (patch.polling) next = { ...next, polling: patch.polling };
      if (patch.alerts) next = { ...next, alerts: patch.alerts };
      if (patch.quietHours) next = { ...next, quietHours: patch.quietHours };
      if (patch.digest) next = { ...next, digest: patch.digest };
      if (patch.routing) next = { ...next, routing: patch.routing };
      if (patch.globalShortcut !== undefined) {
        const problem = patch.globalShortcut !== null && patch.globalShortcut !== next.globalShortcut ? ctx.globalShortcuts?.problem(patch.globalShortcut) : null;
        if (problem) throw new HandlerError({ kind: 'invalid_argument', message: `Zonewatch cannot use ${patch.globalShortcut} as its shortcut: ${problem}.` });
        next = { ...next, globalShortcut: patch.globalShortcut };
      }
      if (patch.theme) next = { ...next, theme: patch.theme };
      if (patch.zonesSort) next = { ...next, zonesSort: patch.zonesSort };
      if (patch.updateAutomatically !== undefined) next = { ...next, updateAutomatically: patch.updateAutomatically };
      if (patch.launchAtLogin !== undefined && patch.launchAtLogin !== next.launchAtLogin) {
        await ctx.loginItem.set(patch.launchAtLogin);
        next = { ...next, launchAtLogin: patch.launchAtLogin };
      }
      let saved: Settings;
      try {
        saved = ctx.settings.save(next);
      } catch (err) {
        const failure = writeFailureOf(err);
        if (failure === null) throw err;
        // The settings stay as saved (docs/architecture.md › Offline): so does the login item.
        if (next.launchAtLogin !== ctx.settings.get().launchAtLogin) await ctx.loginItem.set(ctx.settings.get().launchAtLogin);
        throw new HandlerError({ kind: 'unavailable', message: writeFailureSentence(failure, 'your change to the settings was not saved') });
      }
      ctx.onChanged();
      return saved;
    },
  };
}
