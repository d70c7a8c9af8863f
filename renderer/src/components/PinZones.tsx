import { useId, useState } from 'react';
import type { AppError } from '../../../shared/app-error';
import type { PinResult } from '../../../shared/views';
import { callForSelectedAccount } from '../stores/account-call';
import { api } from '../zonewatch-api';
import { ErrorNotice } from './ErrorNotice';

/** Pin zone ids by hand (one or a pasted list): the service has no list-all-zones operation. */
export function PinZones() {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<PinResult | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const id = useId();
  const submit = async () => {
    setBusy(true);
    setError(null);
    const res = await callForSelectedAccount((profileId) => api().zones.pin({ profileId, text }));
    setBusy(false);
    if (!res) return;
    if (!res.ok) return setError(res.error);
    setResult(res.value);
    setText('');
  };
  return (
    <form
      className="pin"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <label htmlFor={id}>Zone ids to watch (one or many, separated by spaces, commas or lines)</label>
      <textarea id={id} rows={2} value={text} onChange={(e) => setText(e.target.value)} placeholder="1234ABCD, ABCDEF" />
      <button type="submit" disabled={busy || text.trim() === ''}>
        {busy ? 'Pinning…' : 'Pin zones'}
      </button>
      {error && <ErrorNotice what="Could not pin" error={error} />}
      {result && (
        <p role="status">
          {result.added.length > 0 ? `Pinned ${result.added.join(', ')}.` : 'No new zones pinned.'}
          {result.alreadyKnown.length > 0 && ` Already watched: ${result.alreadyKnown.join(', ')}.`}
          {result.invalid.length > 0 && ` Not valid: ${result.invalid.map((i) => `${i.value} (${i.reason})`).join('; ')}.`}
        </p>
      )}
    </form>
  );
}
