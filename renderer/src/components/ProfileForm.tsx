import { useId, useState } from 'react';
import type { AppError } from '../../../shared/app-error';
import type { AlertSettings } from '../../../shared/alert-settings';
import type { Profile } from '../../../shared/settings';
import { draftFromProfile, profilePatchFromDraft, type ProfileDraft } from '../model/profile-form';
import { alertDrafts } from '../model/settings-form';
import { useAccountsStore } from '../stores/accounts-store';
import { useSettingsStore } from '../stores/settings-store';
import { api } from '../zonewatch-api';
import { AlertRulesForm } from './AlertRulesForm';
import { ColorField } from './ColorField';
import { ErrorNotice } from './ErrorNotice';

/**
 * One account's own settings (`accounts:update`): its name, colour, addresses, and whether it
 * follows the shared alert rules or has its own. One Save sends only what changed.
 */
export function ProfileForm({ profile, shared }: { profile: Profile; shared: AlertSettings }) {
  const [draft, setDraft] = useState<ProfileDraft>(() => draftFromProfile(profile, shared));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const id = useId();
  const patch = profilePatchFromDraft(profile, shared, draft);
  const edit = (change: (d: ProfileDraft) => ProfileDraft) => {
    setDraft(change);
    setNote(null);
  };
  const save = async () => {
    if (!patch) return;
    setSaving(true);
    setError(null);
    const res = await api().accounts.update(patch);
    setSaving(false);
    if (!res.ok) return setError(res.error);
    useAccountsStore.getState().setOverview(res.value);
    // The profile itself (addresses, rules) is in the settings, which main also pushes.
    await useSettingsStore.getState().load();
    setNote(patch.baseUrl ? 'Saved. The new service address asks for the key again.' : 'Saved.');
  };
  return (
    <form
      className="profile-form"
      aria-label={`${profile.label}: name, colour, addresses and alert rules`}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <div className="field">
        <label htmlFor={`${id}-label`}>Name</label>
        <input id={`${id}-label`} maxLength={60} value={draft.label} onChange={(e) => edit((d) => ({ ...d, label: e.target.value }))} />
      </div>
      <ColorField value={draft.color} onChange={(color) => edit((d) => ({ ...d, color }))} />
      <div className="field">
        <label htmlFor={`${id}-base`}>Service URL (a new host asks for the key again)</label>
        <input id={`${id}-base`} type="url" value={draft.baseUrl} onChange={(e) => edit((d) => ({ ...d, baseUrl: e.target.value }))} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-dash`}>Dashboard URL (for “Open dashboard”)</label>
        <input id={`${id}-dash`} type="url" value={draft.dashboardUrl} onChange={(e) => edit((d) => ({ ...d, dashboardUrl: e.target.value }))} />
      </div>
      <fieldset>
        <legend>Alert rules for this account</legend>
        <label className="check">
          <input type="radio" name={`${id}-rules`} checked={!draft.ownAlerts} onChange={() => edit((d) => ({ ...d, ownAlerts: false }))} /> Use the shared rules
        </label>
        <label className="check">
          <input
            type="radio"
            name={`${id}-rules`}
            checked={draft.ownAlerts}
            // Own rules start as a copy of the shared ones, to be changed where this account differs.
            onChange={() => edit((d) => ({ ...d, ownAlerts: true, alerts: alertDrafts(profile.alerts ?? shared) }))}
          />{' '}
          Own rules for this account
        </label>
        {draft.ownAlerts && (
          <AlertRulesForm
            drafts={draft.alerts}
            testProfileId={profile.id}
            onChange={(rule, field, value) => edit((d) => ({ ...d, alerts: { ...d.alerts, [rule]: { ...d.alerts[rule], [field]: value } } }))}
          />
        )}
      </fieldset>
      {error && <ErrorNotice what="Not saved" error={error} />}
      <div className="actions">
        <button type="submit" className="primary" disabled={!patch || saving}>
          {saving ? 'Saving…' : `Save ${profile.label}`}
        </button>
        <span role="status">{saving ? '' : patch ? 'Unsaved changes to this account.' : (note ?? '')}</span>
      </div>
    </form>
  );
}
