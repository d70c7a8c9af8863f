import { useEffect, useId, useState } from 'react';
import type { AppError } from '../../../shared/app-error';
import type { Profile, Settings } from '../../../shared/settings';
import type { Status } from '../../../shared/status';
import { AlertRulesForm } from '../components/AlertRulesForm';
import { ApiKeyForm, KEY_BACKEND_TEXT } from '../components/ApiKeyForm';
import { ConfirmPanel } from '../components/ConfirmPanel';
import { ErrorNotice } from '../components/ErrorNotice';
import { Loading } from '../components/Loading';
import { PendingView } from '../components/PendingView';
import { ShortcutRecorder } from '../components/ShortcutRecorder';
import { draftFromSettings, patchFromDraft, type SettingsDraft } from '../model/settings-form';
import { useSettingsStore } from '../stores/settings-store';
import { useSnapshotStore } from '../stores/snapshot-store';
import { api } from '../zonewatch-api';

/** The key and the account itself: actions of their own, apart from the settings form. */
function AccountSection({ status }: { status: Status }) {
  const [keyNote, setKeyNote] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);
  const [removeError, setRemoveError] = useState<AppError | null>(null);
  const load = useSnapshotStore((s) => s.load);
  const id = useId();
  const remove = async () => {
    const res = await api().key.remove();
    setRemoving(false);
    if (!res.ok) return setRemoveError(res.error);
    await load();
  };
  return (
    <section aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Account and API key</h2>
      <p>
        {status.profile ? (
          <>
            Watching <strong>{status.profile.label}</strong>
            {status.profile.demo ? ' (the demo account)' : ` at ${status.profile.baseUrl}`}.{' '}
          </>
        ) : null}
        <span>{KEY_BACKEND_TEXT[status.keyBackend]}</span>
      </p>
      <p className="muted small">The key is never shown again once saved. To change it, enter a new one.</p>
      <ApiKeyForm submitLabel={status.keyBackend === 'none' ? 'Save key' : 'Replace key'} onSaved={(backend) => setKeyNote(`Key saved. ${KEY_BACKEND_TEXT[backend]}`)} />
      {keyNote && <p role="status">{keyNote}</p>}
      {status.profile && (
        <div className="danger-zone">
          {!removing ? (
            <button type="button" className="danger" onClick={() => setRemoving(true)}>
              Remove account and erase local data…
            </button>
          ) : (
            <ConfirmPanel title="Remove this account?" confirmLabel="Remove and erase" danger onConfirm={() => void remove()} onCancel={() => setRemoving(false)}>
              <p>The key is deleted and this account’s cached data, history and alert memory are erased from this computer. The account itself is not touched.</p>
            </ConfirmPanel>
          )}
          {removeError && <ErrorNotice what="Could not remove the account" error={removeError} />}
        </div>
      )}
    </section>
  );
}

const POLLING_LABEL: Record<keyof Settings['polling'], string> = {
  baseIntervalSec: 'Update every (seconds)',
  openIntervalSec: 'While this window is open, every (seconds)',
  idleIntervalSec: 'When you are away, every (seconds)',
  idleAfterMin: 'Count as away after (minutes without input)',
};

/**
 * Every setting in one form with one Save: it sends only what changed, in one `settings:update`,
 * and says whether there are unsaved changes. The bar with the button stays in view while the
 * form scrolls.
 */
function SettingsForm({ settings, profile }: { settings: Settings; profile: Profile | null }) {
  const update = useSettingsStore((s) => s.update);
  const [draft, setDraft] = useState<SettingsDraft>(() => draftFromSettings(settings, profile));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const [savedNote, setSavedNote] = useState<string | null>(null);
  const id = useId();
  const patch = patchFromDraft(settings, profile, draft);
  const dirty = Object.keys(patch).length > 0;
  const edit = (change: (d: SettingsDraft) => SettingsDraft) => {
    setDraft(change);
    setSavedNote(null);
  };
  const save = async () => {
    setSaving(true);
    setError(null);
    const err = await update(patch);
    setSaving(false);
    if (err) return setError(err);
    const saved = useSettingsStore.getState().settings ?? settings;
    setDraft(draftFromSettings(saved, activeEditableProfile(saved, profile !== null)));
    setSavedNote(patch.profile?.baseUrl ? 'Saved. The new service address asks for the key again.' : 'All changes saved.');
  };
  return (
    <form
      className="settings-form"
      aria-label="Settings"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <section aria-labelledby={`${id}-updates`}>
        <h2 id={`${id}-updates`}>Updates</h2>
        {(Object.keys(POLLING_LABEL) as (keyof Settings['polling'])[]).map((k) => (
          <div className="field" key={k}>
            <label htmlFor={`${id}-${k}`}>{POLLING_LABEL[k]}</label>
            <input
              id={`${id}-${k}`}
              type="number"
              value={draft.polling[k]}
              onChange={(e) => edit((d) => ({ ...d, polling: { ...d.polling, [k]: e.target.value } }))}
            />
          </div>
        ))}
      </section>

      <section aria-labelledby={`${id}-alerts`}>
        <h2 id={`${id}-alerts`}>Alert rules</h2>
        <AlertRulesForm
          drafts={draft.alerts}
          onChange={(rule, field, value) => edit((d) => ({ ...d, alerts: { ...d.alerts, [rule]: { ...d.alerts[rule], [field]: value } } }))}
        />
      </section>

      <section aria-labelledby={`${id}-general`}>
        <h2 id={`${id}-general`}>General</h2>
        <fieldset>
          <legend>Quiet hours (your local time)</legend>
          <label className="check">
            <input
              type="checkbox"
              checked={draft.quietHours.enabled}
              onChange={(e) => edit((d) => ({ ...d, quietHours: { ...d.quietHours, enabled: e.target.checked } }))}
            />{' '}
            Record notifications silently during quiet hours
          </label>
          <div className="field inline">
            <label htmlFor={`${id}-qs`}>From</label>
            <input id={`${id}-qs`} type="time" value={draft.quietHours.start} onChange={(e) => edit((d) => ({ ...d, quietHours: { ...d.quietHours, start: e.target.value } }))} />
            <label htmlFor={`${id}-qe`}>to</label>
            <input id={`${id}-qe`} type="time" value={draft.quietHours.end} onChange={(e) => edit((d) => ({ ...d, quietHours: { ...d.quietHours, end: e.target.value } }))} />
          </div>
        </fieldset>
        <label className="check">
          <input type="checkbox" checked={draft.launchAtLogin} onChange={(e) => edit((d) => ({ ...d, launchAtLogin: e.target.checked }))} /> Launch at login
        </label>
        <ShortcutRecorder value={draft.globalShortcut.trim() === '' ? null : draft.globalShortcut} onChange={(accelerator) => edit((d) => ({ ...d, globalShortcut: accelerator ?? '' }))} />
        <div className="field">
          <label htmlFor={`${id}-theme`}>Theme</label>
          <select id={`${id}-theme`} value={draft.theme} onChange={(e) => edit((d) => ({ ...d, theme: e.target.value as Settings['theme'] }))}>
            <option value="system">Same as the system</option>
            <option value="light">Light</option>
            <option value="dark">Dark</option>
          </select>
        </div>
      </section>

      {draft.profile && (
        <section aria-labelledby={`${id}-addresses`}>
          <h2 id={`${id}-addresses`}>Service addresses</h2>
          <div className="field">
            <label htmlFor={`${id}-base`}>Service URL (a new host asks for the key again)</label>
            <input id={`${id}-base`} type="url" value={draft.profile.baseUrl} onChange={(e) => edit((d) => ({ ...d, profile: { ...d.profile!, baseUrl: e.target.value } }))} />
          </div>
          <div className="field">
            <label htmlFor={`${id}-dash`}>Dashboard URL (for “Open dashboard”)</label>
            <input id={`${id}-dash`} type="url" value={draft.profile.dashboardUrl} onChange={(e) => edit((d) => ({ ...d, profile: { ...d.profile!, dashboardUrl: e.target.value } }))} />
          </div>
        </section>
      )}

      <div className="save-bar">
        {error && <ErrorNotice what="Not saved" error={error} />}
        <div className="actions">
          <button type="submit" className="primary" disabled={!dirty || saving}>
            {saving ? 'Saving…' : 'Save settings'}
          </button>
          <span role="status">{saving ? '' : dirty ? 'You have unsaved changes.' : (savedNote ?? 'Everything is saved.')}</span>
          {dirty && !saving && (
            <button type="button" onClick={() => edit(() => draftFromSettings(settings, profile))}>
              Undo changes
            </button>
          )}
        </div>
      </div>
    </form>
  );
}

/** The profile whose addresses the form edits: the active one, unless the demo is what is watched. */
function activeEditableProfile(settings: Settings, editable: boolean): Profile | null {
  if (!editable) return null;
  return settings.profiles.find((p) => p.id === settings.activeProfileId) ?? null;
}

export function SettingsView({ status }: { status: Status }) {
  const { settings, error, load } = useSettingsStore();
  useEffect(() => {
    if (!settings) void load();
  }, [settings, load]);
  if (!settings) {
    return (
      <PendingView title="Settings">
        {error ? <ErrorNotice what="Could not load the settings" error={error} onRetry={() => void load()} /> : <Loading what="settings" />}
      </PendingView>
    );
  }
  const profile = activeEditableProfile(settings, status.profile !== null && !status.profile.demo);
  return (
    <section aria-labelledby="settings-title" className="settings">
      <h1 id="settings-title">Settings</h1>
      <AccountSection status={status} />
      <SettingsForm key={profile?.id ?? 'none'} settings={settings} profile={profile} />
    </section>
  );
}
