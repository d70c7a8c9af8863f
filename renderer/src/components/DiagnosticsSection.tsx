import { useEffect, useId, useRef, useState } from 'react';
import type { AppError } from '../../../shared/app-error';
import type { AppInfo } from '../../../shared/views';
import { api } from '../zonewatch-api';
import { ErrorNotice } from './ErrorNotice';

const COPIED = 'Diagnostics copied. Paste them into your bug report or message: API keys and e-mail addresses are left out.';

/**
 * What a person asked for diagnostics can hand over (docs/desktop.md › Where things are kept):
 * the version, "Open logs" and "Copy diagnostics", with the report that was copied. The browser
 * shell has no log folder (its log goes to the terminal it runs in), and its core cannot reach the
 * browser's clipboard, so there the page copies the report itself.
 */
export function DiagnosticsSection() {
  const [info, setInfo] = useState<AppInfo | null>(null);
  const [error, setError] = useState<{ what: string; error: AppError } | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [report, setReport] = useState<{ text: string; copyByHand: boolean } | null>(null);
  const reportBox = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const inBrowser = info?.shell === 'web';

  useEffect(() => {
    let shown = true;
    void api()
      .app.info()
      .then((res) => {
        if (!shown) return;
        if (res.ok) setInfo(res.value);
        else setError({ what: 'Could not read the version', error: res.error });
      });
    return () => void (shown = false);
  }, []);
  // The browser refused its clipboard: the report is selected, ready for Ctrl+C.
  useEffect(() => {
    if (!report?.copyByHand) return;
    reportBox.current?.focus();
    reportBox.current?.select();
  }, [report]);

  const openLogs = async () => {
    setError(null);
    setNote(null);
    const res = await api().app.openLogs();
    if (!res.ok) return setError({ what: 'Could not open the log folder', error: res.error });
    setNote(res.value.opened ? 'The log folder is open in your file manager.' : 'This Zonewatch keeps no log folder.');
  };
  const copy = async () => {
    setError(null);
    setNote(null);
    const res = await api().app.copyDiagnostics();
    if (!res.ok) return setError({ what: 'Could not copy the diagnostics', error: res.error });
    const { text } = res.value;
    if (!inBrowser) {
      setReport({ text, copyByHand: false });
      return setNote(COPIED);
    }
    try {
      await navigator.clipboard.writeText(text);
      setReport({ text, copyByHand: false });
      setNote(COPIED);
    } catch {
      setReport({ text, copyByHand: true });
      setNote('The browser did not let Zonewatch use the clipboard: the report is selected below, copy it with Ctrl+C (⌘C on a Mac).');
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="diagnostics">
      <h2 id={`${id}-title`}>Help and diagnostics</h2>
      {info && (
        <p className="muted small">
          Zonewatch {info.version} · {inBrowser ? 'in your browser' : 'desktop app'} · {info.platform}
        </p>
      )}
      <div className="actions">
        {!inBrowser && (
          <button type="button" onClick={() => void openLogs()}>
            Open logs
          </button>
        )}
        <button type="button" onClick={() => void copy()}>
          Copy diagnostics
        </button>
      </div>
      {inBrowser && <p className="muted small">In the browser, Zonewatch writes its log to the terminal it was started from: there is no log folder to open.</p>}
      {note && (
        <p className="notice" role="status">
          {note}
        </p>
      )}
      {error && <ErrorNotice what={error.what} error={error.error} />}
      {report && (
        <details open={report.copyByHand}>
          <summary>What was copied</summary>
          <label htmlFor={`${id}-report`} className="visually-hidden">
            Diagnostics report
          </label>
          <textarea id={`${id}-report`} ref={reportBox} className="mono small" rows={12} readOnly value={report.text} />
        </details>
      )}
    </section>
  );
}
