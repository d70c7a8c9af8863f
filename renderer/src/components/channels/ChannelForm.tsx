import { useEffect, useId, useRef, useState } from 'react';
import type { FieldIssue } from '../../../../shared/api/issues';
import type { AppError } from '../../../../shared/app-error';
import { CHANNEL_KINDS, type ChannelKind, type ChannelView } from '../../../../shared/channels';
import { draftFromValues, editChannelValues, formWarning, KIND_FIELDS, KIND_LABEL, newChannelValues, patchFromValues, type ChannelFormValues, type FieldSpec } from '../../model/channel-form';
import { useChannelsStore } from '../../stores/channels-store';
import { ErrorNotice } from '../ErrorNotice';
import { useReturnFocus } from '../use-return-focus';

type Props = {
  /** The channel to edit; none: a new one, its kind chosen here. */
  channel?: ChannelView;
  onDone: (message: string) => void;
  onCancel: () => void;
};

/**
 * Adds a channel, or edits one. A secret is typed in and sent once; the window never gets it back,
 * so on edit a secret field starts empty and, left empty, keeps what is stored.
 */
export function ChannelForm({ channel, onDone, onCancel }: Props) {
  const [kind, setKind] = useState<ChannelKind>(channel?.kind ?? 'slack');
  const [values, setValues] = useState<ChannelFormValues>(() => (channel ? editChannelValues(channel) : newChannelValues('slack')));
  const [clearToken, setClearToken] = useState(false);
  const [issues, setIssues] = useState<FieldIssue[]>([]);
  const [error, setError] = useState<AppError | null>(null);
  const [busy, setBusy] = useState(false);
  const { add, update } = useChannelsStore();
  const uid = useId();
  const first = useRef<HTMLSelectElement & HTMLInputElement>(null);
  useReturnFocus();
  useEffect(() => first.current?.focus(), []);

  const fid = (key: string) => `${uid}-${key}`;
  const issueOf = (key: string) => issues.find((issue) => issue.path === key);
  const warning = formWarning(kind, values);

  const submit = async () => {
    setError(null);
    if (channel) {
      const out = patchFromValues(channel, values, clearToken);
      if (!out.ok) return setIssues(out.issues);
      setIssues([]);
      if (out.value === null) return onDone('Nothing changed.');
      setBusy(true);
      const res = await update(out.value);
      setBusy(false);
      if (!res.ok) return setError(res.error);
      return onDone(`Saved ${res.value.name}.`);
    }
    const out = draftFromValues(kind, values);
    if (!out.ok) return setIssues(out.issues);
    setIssues([]);
    setBusy(true);
    const res = await add(out.value);
    setBusy(false);
    if (!res.ok) return setError(res.error);
    onDone(`Added ${res.value.name}. Send a test to check it.`);
  };

  const field = (spec: FieldSpec, index: number) => {
    const issue = issueOf(spec.key);
    const hintId = spec.hint === undefined ? undefined : `${fid(spec.key)}-hint`;
    const errorId = issue ? `${fid(spec.key)}-error` : undefined;
    const keeps = channel !== undefined && spec.secret;
    const set = keeps && (spec.key === 'accessToken' ? channel.accessTokenSet : channel.secretSet);
    return (
      <div className="field" key={spec.key}>
        <label htmlFor={fid(spec.key)}>{spec.label}</label>
        <input
          id={fid(spec.key)}
          ref={channel && index === 0 ? first : undefined}
          type={spec.secret ? 'password' : 'text'}
          autoComplete="off"
          spellCheck={false}
          value={values[spec.key] ?? ''}
          placeholder={keeps ? (set ? 'Set — type a new one to replace it' : 'Not set') : undefined}
          aria-invalid={issue ? true : undefined}
          aria-describedby={[errorId, hintId].filter(Boolean).join(' ') || undefined}
          onChange={(e) => setValues((v) => ({ ...v, [spec.key]: e.target.value }))}
        />
        {issue && (
          <span id={errorId} className="field-error">
            {issue.message}
          </span>
        )}
        {spec.hint !== undefined && (
          <span id={hintId} className="muted small">
            {spec.hint}
          </span>
        )}
      </div>
    );
  };

  return (
    <form
      className="channel-form"
      noValidate
      aria-label={channel ? `Edit ${channel.name}` : 'Add a channel'}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onCancel();
      }}
    >
      {!channel && (
        <div className="field">
          <label htmlFor={fid('kind')}>Service</label>
          <select
            id={fid('kind')}
            ref={first}
            value={kind}
            onChange={(e) => {
              const next = e.target.value as ChannelKind;
              setKind(next);
              setValues(newChannelValues(next));
              setIssues([]);
            }}
          >
            {CHANNEL_KINDS.map((k) => (
              <option key={k} value={k}>
                {KIND_LABEL[k]}
              </option>
            ))}
          </select>
        </div>
      )}
      {KIND_FIELDS[kind].map(field)}
      {channel?.kind === 'ntfy' && channel.accessTokenSet && (
        <label className="check">
          <input type="checkbox" checked={clearToken} onChange={(e) => setClearToken(e.target.checked)} /> Remove the access token
        </label>
      )}
      {warning && (
        <p className="notice" role="note">
          {warning}
        </p>
      )}
      <p className="muted small">Addresses must start with https:// (http:// only for this computer). Secrets go to the same safe store as API keys and are never shown again.</p>
      {error && <ErrorNotice what={channel ? 'Not saved' : 'Not added'} error={error} />}
      <div className="actions">
        <button type="submit" className="primary" disabled={busy}>
          {busy ? 'Saving…' : channel ? 'Save channel' : 'Add channel'}
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
