import type { AccountColor } from '../../../shared/accounts';
import type { AlertSettings } from '../../../shared/alert-settings';
import type { Profile, ProfilePatch } from '../../../shared/settings';
import { alertsFromDrafts, type RuleDraft } from './alert-fields';
import { alertDrafts } from './settings-form';

/** One account's own settings as the form's fields hold them. */
export type ProfileDraft = {
  label: string;
  color: AccountColor;
  baseUrl: string;
  dashboardUrl: string;
  /** "Own rules for this account" chosen; the rules start as a copy of the shared ones. */
  ownAlerts: boolean;
  alerts: Record<string, RuleDraft>;
};

export function draftFromProfile(profile: Profile, shared: AlertSettings): ProfileDraft {
  return {
    label: profile.label,
    color: profile.color,
    baseUrl: profile.baseUrl,
    dashboardUrl: profile.dashboardUrl ?? '',
    ownAlerts: profile.alerts !== null,
    alerts: alertDrafts(profile.alerts ?? shared),
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The `accounts:update` call that saves the form: only what changed, so a new service host (which
 * asks for the key again) is only sent when it was changed. Null when nothing changed.
 */
export function profilePatchFromDraft(profile: Profile, shared: AlertSettings, draft: ProfileDraft): ProfilePatch | null {
  const patch: ProfilePatch = { profileId: profile.id };
  const label = draft.label.trim();
  if (label !== profile.label) patch.label = label;
  if (draft.color !== profile.color) patch.color = draft.color;
  if (draft.baseUrl.trim() !== profile.baseUrl) patch.baseUrl = draft.baseUrl.trim();
  const dashboardUrl = draft.dashboardUrl.trim() === '' ? null : draft.dashboardUrl.trim();
  if (dashboardUrl !== profile.dashboardUrl) patch.dashboardUrl = dashboardUrl;
  const alerts = draft.ownAlerts ? (alertsFromDrafts(profile.alerts ?? shared, draft.alerts) as AlertSettings) : null;
  if (!same(alerts, profile.alerts)) patch.alerts = alerts;
  return Object.keys(patch).length > 1 ? patch : null;
}
