import { useEffect, useId, useState } from 'react';
import type { AppError } from '../../../shared/app-error';
import { useAppUpdateStore } from '../stores/app-update-store';
import { ErrorNotice } from './ErrorNotice';
import { TimeText } from './TimeText';

type Props = {
  /** "Update automatically" as the form holds it (saved with the form's Save). */
  automatic: boolean;
  onAutomaticChange: (on: boolean) => void;
};

/**
 * Zonewatch's own updates in Settings: what the core says of them (the same view the tray reads),
 * "Check for updates", "Restart to update" while a downloaded update waits, and the setting.
 */
export function AppUpdates({ automatic, onAutomaticChange }: Props) {
  const { update, load, check, install } = useAppUpdateStore();
  const [busy, setBusy] = useState<'check' | 'install' | null>(null);
  const [error, setError] = useState<{ what: string; error: AppError } | null>(null);
  const id = useId();
  useEffect(() => {
    if (!update) void load().then((err) => err && setError({ what: 'Could not read the state of updates', error: err }));
  }, [update, load]);

  const run = async (what: 'check' | 'install') => {
    setBusy(what);
    setError(null);
    const err = await (what === 'check' ? check() : install());
    setBusy(null);
    if (err) setError({ what: what === 'check' ? 'Could not check for updates' : 'Could not install the update', error: err });
  };

  return (
    <section aria-labelledby={`${id}-title`} className="app-updates">
      <h2 id={`${id}-title`}>Zonewatch updates</h2>
      <p role="status" aria-live="polite">
        {update?.message ?? 'Reading the state of updates…'}
        {update?.checkedAt && (
          <span className="muted small">
            {' '}
            Last checked <TimeText at={update.checkedAt} />.
          </span>
        )}
      </p>
      {update?.phase === 'downloading' && update.percent !== null && <progress max={100} value={update.percent} aria-label="Download of the update" />}
      <div className="actions">
        <button type="button" disabled={!update?.canCheck || busy !== null} onClick={() => void run('check')}>
          {busy === 'check' || update?.phase === 'checking' ? 'Checking…' : 'Check for updates'}
        </button>
        {update?.canRestart && (
          <button type="button" className="primary" disabled={busy !== null} onClick={() => void run('install')}>
            Restart to update
          </button>
        )}
      </div>
      {/* The core's words already say what to do next (electron/core/updates/update-failure.ts). */}
      {error && <ErrorNotice what={error.what} error={error.error} nextSteps={{}} />}
      {update?.phase !== 'unsupported' && (
        <label className="check">
          <input type="checkbox" checked={automatic} onChange={(e) => onAutomaticChange(e.target.checked)} /> Update automatically
        </label>
      )}
    </section>
  );
}
