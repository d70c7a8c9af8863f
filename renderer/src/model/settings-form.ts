import { ALERT_RULES, type AlertSettings } from '../../../shared/alert-settings';
import type { DigestSettings, PollingSettings, QuietHours, Settings, SettingsPatch, Theme } from '../../../shared/settings';
import type { Routing } from '../../../shared/channels';
import { alertsFromDrafts, draftFromRule, type RuleDraft } from './alert-fields';
import { normalRouting } from './routing-form';

/** Every alert rule as the form's fields hold it. */
export function alertDrafts(alerts: AlertSettings): Record<string, RuleDraft> {
  return Object.fromEntries(ALERT_RULES.map((r) => [r, draftFromRule(alerts[r] as Record<string, unknown>)]));
}

/** Everything the app-wide settings form edits, as the fields hold it (numbers as typed text). */
export type SettingsDraft = {
  polling: Record<keyof PollingSettings, string>;
  alerts: Record<string, RuleDraft>;
  quietHours: QuietHours;
  digest: DigestSettings;
  routing: Routing;
  launchAtLogin: boolean;
  globalShortcut: string;
  theme: Theme;
  updateAutomatically: boolean;
};

export function draftFromSettings(settings: Settings): SettingsDraft {
  return {
    polling: Object.fromEntries(Object.entries(settings.polling).map(([k, v]) => [k, String(v)])) as SettingsDraft['polling'],
    alerts: alertDrafts(settings.alerts),
    quietHours: { ...settings.quietHours },
    digest: { ...settings.digest },
    routing: normalRouting(settings.routing),
    launchAtLogin: settings.launchAtLogin,
    globalShortcut: settings.globalShortcut ?? '',
    theme: settings.theme,
    updateAutomatically: settings.updateAutomatically,
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The one `settings:update` call that saves the form: only the parts that differ from what is
 * saved, so that saving never rewrites what the person did not touch. Main validates the values.
 */
export function patchFromDraft(settings: Settings, draft: SettingsDraft): SettingsPatch {
  const patch: SettingsPatch = {};
  const polling = Object.fromEntries(Object.entries(draft.polling).map(([k, v]) => [k, Number(v)])) as PollingSettings;
  if (!same(polling, settings.polling)) patch.polling = polling;
  const alerts = alertsFromDrafts(settings.alerts, draft.alerts) as AlertSettings;
  if (!same(alerts, settings.alerts)) patch.alerts = alerts;
  if (!same(draft.quietHours, settings.quietHours)) patch.quietHours = draft.quietHours;
  if (!same(draft.digest, settings.digest)) patch.digest = draft.digest;
  const routing = normalRouting(draft.routing);
  if (!same(routing, normalRouting(settings.routing))) patch.routing = routing;
  if (draft.launchAtLogin !== settings.launchAtLogin) patch.launchAtLogin = draft.launchAtLogin;
  const shortcut = draft.globalShortcut.trim() === '' ? null : draft.globalShortcut.trim();
  if (shortcut !== settings.globalShortcut) patch.globalShortcut = shortcut;
  if (draft.theme !== settings.theme) patch.theme = draft.theme;
  if (draft.updateAutomatically !== settings.updateAutomatically) patch.updateAutomatically = draft.updateAutomatically;
  return patch;
}
