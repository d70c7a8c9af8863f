import { useEffect, useId, useState } from 'react';
import type { AppError } from '../../../shared/app-error';
import type { Settings, SettingsPatch } from '../../../shared/settings';
import type { Status } from '../../../shared/status';
import { AlertRulesForm } from '../components/AlertRulesForm';
import { ApiKeyForm, KEY_BACKEND_TEXT } from '../components/ApiKeyForm';
import { ConfirmPanel } from '../components/ConfirmPanel';
import { ErrorNotice } from '../components/ErrorNotice';
import { Loading } from '../components/Loading';
import { PendingView } from '../components/PendingView';
import { ShortcutRecorder } from '../components/ShortcutRecorder';
import { useSettingsStore } from '../stores/settings-store';
import { useSnapshotStore } from '../stores/snapshot-store';
import { api } from '../zonewatch-api';

function useSaver() {
  const update = useSettingsStore((s) => s.update);
  const [error, setError] = useState<AppError | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const save = async (patch: SettingsPatch, done: string) => {
    setError(null);
    setNote(null);
    const err = await update(patch);
    if (err) setError(err);
    else setNote(done);
  };
  return { save, error, note };
}

function ConnectionSection({ settings, status }: { settings: Settings; status: Status }) {
  const profile = settings.profiles.find((p) => p.id === settings.activeProfileId) ?? null;
  const [baseUrl, setBaseUrl] = useState(profile?.baseUrl ?? '');
  const [dashboardUrl, setDashboardUrl] = useState(profile?.dashboardUrl ?? '');
  const [keyNote, setKeyNote] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);
  const [removeError, setRemoveError] = useState<AppError | null>(null);
  const load = useSnapshotStore((s) => s.load);
  const { save, error, note } = useSaver();
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
      {profile && !status.profile?.demo && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void save({ profile: { baseUrl, dashboardUrl: dashboardUrl.trim() === '' ? null : dashboardUrl } }, 'Saved. A new host asks for the key again.');
          }}
        >
          <div className="field">
            <label htmlFor={`${id}-base`}>Service URL</label>
            <input id={`${id}-base`} type="url" value={baseUrl} onChange={(e) => setBaseUrl(e.target.value)} />
          </div>
          <div className="field">
            <label htmlFor={`${id}-dash`}>Dashboard URL (for “Open dashboard”)</label>
            <input id={`${id}-dash`} type="url" value={dashboardUrl} onChange={(e) => setDashboardUrl(e.target.value)} />
          </div>
          <button type="submit">Save URLs</button>
          {error && <ErrorNotice what="Not saved" error={error} />}
          {note && <p role="status">{note}</p>}
        </form>
      )}
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

function PollingSection({ settings }: { settings: Settings }) {
  const [draft, setDraft] = useState(() => Object.fromEntries(Object.entries(settings.polling).map(([k, v]) => [k, String(v)])));
  const { save, error, note } = useSaver();
  const id = useId();
  const LABELS: Record<string, string> = {
    baseIntervalSec: 'Update every (seconds)',
    openIntervalSec: 'While this window is open, every (seconds)',
    idleIntervalSec: 'When you are away, every (seconds)',
    idleAfterMin: 'Count as away after (minutes without input)',
  };
  return (
    <section aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Updates</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save({ polling: Object.fromEntries(Object.entries(draft).map(([k, v]) => [k, Number(v)])) as Settings['polling'] }, 'Update intervals saved.');
        }}
      >
        {Object.keys(settings.polling).map((k) => (
          <div className="field" key={k}>
            <label htmlFor={`${id}-${k}`}>{LABELS[k] ?? k}</label>
            <input id={`${id}-${k}`} type="number" value={draft[k]} onChange={(e) => setDraft((d) => ({ ...d, [k]: e.target.value }))} />
          </div>
        ))}
        <button type="submit">Save intervals</button>
        {error && <ErrorNotice what="Not saved" error={error} />}
        {note && <p role="status">{note}</p>}
      </form>
    </section>
  );
}

function GeneralSection({ settings }: { settings: Settings }) {
  const [quiet, setQuiet] = useState(settings.quietHours);
  const { save, error, note } = useSaver();
  const id = useId();
  return (
    <section aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>General</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save({ quietHours: quiet }, 'Quiet hours saved.');
        }}
      >
        <fieldset>
          <legend>Quiet hours (your local time)</legend>
          <label className="check">
            <input type="checkbox" checked={quiet.enabled} onChange={(e) => setQuiet({ ...quiet, enabled: e.target.checked })} /> Record notifications silently during quiet hours
          </label>
          <div className="field inline">
            <label htmlFor={`${id}-qs`}>From</label>
            <input id={`${id}-qs`} type="time" value={quiet.start} onChange={(e) => setQuiet({ ...quiet, start: e.target.value })} />
            <label htmlFor={`${id}-qe`}>to</label>
            <input id={`${id}-qe`} type="time" value={quiet.end} onChange={(e) => setQuiet({ ...quiet, end: e.target.value })} />
          </div>
          <button type="submit">Save quiet hours</button>
        </fieldset>
      </form>
      <label className="check">
        <input type="checkbox" checked={settings.launchAtLogin} onChange={(e) => void save({ launchAtLogin: e.target.checked }, e.target.checked ? 'Zonewatch starts at login.' : 'Zonewatch no longer starts at login.')} /> Launch at
        login
      </label>
      <ShortcutRecorder
        value={settings.globalShortcut}
        onSave={(globalShortcut) => void save({ globalShortcut }, globalShortcut ? 'Shortcut saved.' : 'No global shortcut.')}
      />
      <div className="field inline">
        <label htmlFor={`${id}-theme`}>Theme</label>
        <select id={`${id}-theme`} value={settings.theme} onChange={(e) => void save({ theme: e.target.value as Settings['theme'] }, 'Theme saved.')}>
          <option value="system">Same as the system</option>
          <option value="light">Light</option>
          <option value="dark">Dark</option>
        </select>
      </div>
      {error && <ErrorNotice what="Not saved" error={error} />}
      {note && <p role="status">{note}</p>}
    </section>
  );
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
  return (
    <section aria-labelledby="settings-title" className="settings">
      <h1 id="settings-title">Settings</h1>
      <ConnectionSection settings={settings} status={status} />
      <PollingSection settings={settings} />
      <section aria-labelledby="alerts-h">
        <h2 id="alerts-h">Alert rules</h2>
        <AlertRulesForm alerts={settings.alerts} />
      </section>
      <GeneralSection settings={settings} />
    </section>
  );
}
