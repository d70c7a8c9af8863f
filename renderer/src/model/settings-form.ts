import { ALERT_RULES, type AlertSettings } from '../../../shared/alert-settings';
import type { PollingSettings, Profile, QuietHours, Settings, SettingsPatch, Theme } from '../../../shared/settings';
import { alertsFromDrafts, draftFromRule, type RuleDraft } from './alert-fields';

/** Everything the settings form edits, as the fields hold it (numbers as typed text). */
export type SettingsDraft = {
  polling: Record<keyof PollingSettings, string>;
  alerts: Record<string, RuleDraft>;
  quietHours: QuietHours;
  launchAtLogin: boolean;
  globalShortcut: string;
  theme: Theme;
  /** The watched account's addresses; only a real account (not the demo) has them to edit. */
  profile: { baseUrl: string; dashboardUrl: string } | null;
};

export function draftFromSettings(settings: Settings, profile: Profile | null): SettingsDraft {
  return {
    polling: Object.fromEntries(Object.entries(settings.polling).map(([k, v]) => [k, String(v)])) as SettingsDraft['polling'],
    alerts: Object.fromEntries(ALERT_RULES.map((r) => [r, draftFromRule(settings.alerts[r] as Record<string, unknown>)])),
    quietHours: { ...settings.quietHours },
    launchAtLogin: settings.launchAtLogin,
    globalShortcut: settings.globalShortcut ?? '',
    theme: settings.theme,
    profile: profile ? { baseUrl: profile.baseUrl, dashboardUrl: profile.dashboardUrl ?? '' } : null,
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The one `settings:update` call that saves the form: only the parts that differ from what is
 * saved, so that saving never rewrites what the person did not touch (and a new service host,
 * which asks for the key again, is only sent when it was changed). Main validates the values.
 */
export function patchFromDraft(settings: Settings, profile: Profile | null, draft: SettingsDraft): SettingsPatch {
  const patch: SettingsPatch = {};
  const polling = Object.fromEntries(Object.entries(draft.polling).map(([k, v]) => [k, Number(v)])) as PollingSettings;
  if (!same(polling, settings.polling)) patch.polling = polling;
  const alerts = alertsFromDrafts(settings.alerts, draft.alerts) as AlertSettings;
  if (!same(alerts, settings.alerts)) patch.alerts = alerts;
  if (!same(draft.quietHours, settings.quietHours)) patch.quietHours = draft.quietHours;
  if (draft.launchAtLogin !== settings.launchAtLogin) patch.launchAtLogin = draft.launchAtLogin;
  const shortcut = draft.globalShortcut.trim() === '' ? null : draft.globalShortcut.trim();
  if (shortcut !== settings.globalShortcut) patch.globalShortcut = shortcut;
  if (draft.theme !== settings.theme) patch.theme = draft.theme;
  if (profile && draft.profile) {
    const dashboardUrl = draft.profile.dashboardUrl.trim() === '' ? null : draft.profile.dashboardUrl.trim();
    const changes: NonNullable<SettingsPatch['profile']> = {};
    if (draft.profile.baseUrl.trim() !== profile.baseUrl) changes.baseUrl = draft.profile.baseUrl.trim();
    if (dashboardUrl !== profile.dashboardUrl) changes.dashboardUrl = dashboardUrl;
    if (Object.keys(changes).length > 0) patch.profile = changes;
  }
  return patch;
}
