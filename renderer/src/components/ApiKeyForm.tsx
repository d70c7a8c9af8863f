import { useId, useState } from 'react';
import type { AccountColor } from '../../../shared/accounts';
import type { AppError } from '../../../shared/app-error';
import type { KeyBackend } from '../../../shared/status';
import { KEY_FORM_NEXT_STEP } from '../model/error-text';
import { api } from '../zonewatch-api';
import { ColorField } from './ColorField';
import { ErrorNotice } from './ErrorNotice';

export const KEY_BACKEND_TEXT: Record<KeyBackend, string> = {
  keychain: 'The key is stored in the system keychain.',
  safe_storage: 'No keychain answered, so the key is stored encrypted by the operating system (Electron safeStorage).',
  memory: 'No keychain or encryption is available, so the key is kept in memory only: you will be asked for it again after a restart.',
  none: 'No key is stored.',
};

type Props = {
  submitLabel: string;
  /** Replaces this account's key; without it the key adds a new account. */
  profileId?: string;
  withBaseUrl?: boolean;
  /** Asks for the new account's name and colour (`color` is the suggested one). */
  newAccount?: { color: AccountColor } | null;
  onSaved: (backend: KeyBackend, profileId: string) => void;
};

/**
 * The API key goes in once, to main, through a password field. The field is emptied and unmounted
 * once saved, so the key is nowhere in the page afterwards (docs/architecture.md › Client behaviour › Secrets).
 */
export function ApiKeyForm(props: Props) {
  const [generation, setGeneration] = useState(0);
  return (
    <KeyFields
      key={generation}
      {...props}
      onSaved={(b, id) => {
        setGeneration((g) => g + 1);
        props.onSaved(b, id);
      }}
    />
  );
}

function KeyFields({ submitLabel, profileId, withBaseUrl = false, newAccount = null, onSaved }: Props) {
  const [apiKey, setApiKey] = useState('');
  const [baseUrl, setBaseUrl] = useState('');
  const [label, setLabel] = useState('');
  const [color, setColor] = useState<AccountColor>(newAccount?.color ?? 'blue');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const id = useId();
  const submit = async () => {
    setBusy(true);
    setError(null);
    const res = await api().key.set({
      apiKey,
      ...(profileId !== undefined ? { profileId } : {}),
      ...(withBaseUrl && baseUrl.trim() ? { baseUrl: baseUrl.trim() } : {}),
      ...(newAccount && label.trim() ? { label: label.trim() } : {}),
      ...(newAccount ? { color } : {}),
    });
    setBusy(false);
    if (!res.ok) return setError(res.error);
    setApiKey('');
    onSaved(res.value.keyBackend, res.value.profileId);
  };
  return (
    <form
      className="key-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {newAccount && (
        <div className="field">
          <label htmlFor={`${id}-label`}>Name (as the switcher and notifications show it)</label>
          <input id={`${id}-label`} maxLength={60} value={label} placeholder="Client B" onChange={(e) => setLabel(e.target.value)} />
        </div>
      )}
      <div className="field">
        <label htmlFor={`${id}-key`}>API key</label>
        <input id={`${id}-key`} type="password" autoComplete="off" spellCheck={false} value={apiKey} onChange={(e) => setApiKey(e.target.value)} />
      </div>
      {withBaseUrl && (
        <div className="field">
          <label htmlFor={`${id}-url`}>Service URL (leave empty for https://api.bytio.com)</label>
          <input id={`${id}-url`} type="url" inputMode="url" value={baseUrl} onChange={(e) => setBaseUrl(e.target.value)} placeholder="https://api.bytio.com" />
        </div>
      )}
      {newAccount && <ColorField value={color} onChange={setColor} />}
      {error && <ErrorNotice what="The key was not saved" error={error} nextSteps={KEY_FORM_NEXT_STEP} />}
      <button type="submit" className="primary" disabled={busy || apiKey.trim() === ''}>
        {busy ? 'Checking…' : submitLabel}
      </button>
    </form>
  );
}
