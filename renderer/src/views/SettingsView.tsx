import { useEffect, useId, useState } from 'react';
import type { AppError } from '../../../shared/app-error';
import type { Settings } from '../../../shared/settings';
import { AccountSection } from '../components/AccountSection';
import { AlertRulesForm } from '../components/AlertRulesForm';
import { AppUpdates } from '../components/AppUpdates';
import { ChannelsSection } from '../components/channels/ChannelsSection';
import { RoutingFields } from '../components/channels/RoutingFields';
import { DiagnosticsSection } from '../components/DiagnosticsSection';
import { ErrorNotice } from '../components/ErrorNotice';
import { Loading } from '../components/Loading';
import { PendingView } from '../components/PendingView';
import { ShortcutRecorder } from '../components/ShortcutRecorder';
import { keepChannels } from '../model/routing-form';
import { draftFromSettings, patchFromDraft, type SettingsDraft } from '../model/settings-form';
import { useSelectedReadout } from '../stores/accounts-store';
import { useChannelsStore } from '../stores/channels-store';
import { useSettingsStore } from '../stores/settings-store';

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
function SettingsForm({ settings, testProfileId }: { settings: Settings; testProfileId: string | null }) {
  const update = useSettingsStore((s) => s.update);
  const [draft, setDraft] = useState<SettingsDraft>(() => draftFromSettings(settings));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const [savedNote, setSavedNote] = useState<string | null>(null);
  const id = useId();
  const channels = useChannelsStore((s) => s.channels);
  // A channel removed while the form is open leaves its routes (main dropped them from the settings too).
  const patch = patchFromDraft(settings, channels ? { ...draft, routing: keepChannels(draft.routing, channels.map((c) => c.id)) } : draft);
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
    setDraft(draftFromSettings(saved));
    setSavedNote('All changes saved.');
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
      <section aria-labelledby={`${id}-polling`}>
        <h2 id={`${id}-polling`}>Polling</h2>
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
        <p className="muted small">Shared by every account that has no rules of its own.</p>
        <AlertRulesForm
          drafts={draft.alerts}
          testProfileId={testProfileId}
          onChange={(rule, field, value) => edit((d) => ({ ...d, alerts: { ...d.alerts, [rule]: { ...d.alerts[rule], [field]: value } } }))}
        />
      </section>

      <section aria-labelledby={`${id}-routing`}>
        <h2 id={`${id}-routing`}>Where alerts go</h2>
        <p className="muted small">For every account. Quiet hours hold channels back too, except for urgent alerts.</p>
        <RoutingFields routing={draft.routing} channels={channels} onChange={(routing) => edit((d) => ({ ...d, routing }))} />
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
        <fieldset>
          <legend>Summaries (UTC days, weeks from Monday)</legend>
          <label className="check">
            <input type="checkbox" checked={draft.digest.daily} onChange={(e) => edit((d) => ({ ...d, digest: { ...d.digest, daily: e.target.checked } }))} /> A daily summary of every account
          </label>
          <label className="check">
            <input type="checkbox" checked={draft.digest.weekly} onChange={(e) => edit((d) => ({ ...d, digest: { ...d.digest, weekly: e.target.checked } }))} /> A weekly summary of every account
          </label>
          <div className="field inline">
            <label htmlFor={`${id}-da`}>Sent at (your local time)</label>
            <input id={`${id}-da`} type="time" value={draft.digest.at} onChange={(e) => edit((d) => ({ ...d, digest: { ...d.digest, at: e.target.value } }))} />
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

      <AppUpdates automatic={draft.updateAutomatically} onAutomaticChange={(on) => edit((d) => ({ ...d, updateAutomatically: on }))} />

      <div className="save-bar">
        {error && <ErrorNotice what="Not saved" error={error} />}
        <div className="actions">
          <button type="submit" className="primary" disabled={!dirty || saving}>
            {saving ? 'Saving…' : 'Save settings'}
          </button>
          <span role="status">{saving ? '' : dirty ? 'You have unsaved changes.' : (savedNote ?? 'Everything is saved.')}</span>
          {dirty && !saving && (
            <button type="button" onClick={() => edit(() => draftFromSettings(settings))}>
              Undo changes
            </button>
          )}
        </div>
      </div>
    </form>
  );
}

/** The shown account's own settings (none under "All accounts"), then the app-wide ones, then help for a bug report. */
export function SettingsView() {
  const { settings, error, load } = useSettingsStore();
  const account = useSelectedReadout();
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
  return (
    <section aria-labelledby="settings-title" className="settings">
      <h1 id="settings-title">Settings</h1>
      {account ? (
        <AccountSection account={account} settings={settings} />
      ) : (
        <p className="muted">Choose an account in the switcher at the top to rename, reorder or remove it, or to give it rules of its own.</p>
      )}
      <SettingsForm settings={settings} testProfileId={account?.profileId ?? null} />
      <ChannelsSection />
      <DiagnosticsSection />
    </section>
  );
}
