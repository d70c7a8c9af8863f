import { useEffect, useId, useState } from 'react';
import type { AppError } from '../../../../shared/app-error';
import type { ChannelView } from '../../../../shared/channels';
import { channelWhere, KIND_LABEL, secretText } from '../../model/channel-form';
import { useChannelsStore } from '../../stores/channels-store';
import { useNavigationStore } from '../../stores/navigation-store';
import { ConfirmPanel } from '../ConfirmPanel';
import { ErrorNotice } from '../ErrorNotice';
import { Loading } from '../Loading';
import { opener } from '../use-return-focus';
import { ChannelForm } from './ChannelForm';

type Test = { running: boolean; text: string | null; delivered: boolean };

/** One channel: what it is, whether its secret is set, "Send test", Edit and Remove (after a confirmation). */
function ChannelRow({ channel, onNote }: { channel: ChannelView; onNote: (note: string) => void }) {
  const { test, remove } = useChannelsStore();
  const [editing, setEditing] = useState(false);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const [result, setResult] = useState<Test>({ running: false, text: null, delivered: false });
  const where = channelWhere(channel);

  const sendTest = async () => {
    setResult({ running: true, text: null, delivered: false });
    const res = await test(channel.id);
    if (res.ok) setResult({ running: false, delivered: res.value.delivered, text: res.value.delivered ? `Delivered: ${res.value.answer}` : `Not delivered: ${res.value.answer}` });
    else setResult({ running: false, delivered: false, text: `Could not send a test: ${res.error.message}` });
  };
  const confirmRemove = async () => {
    setBusy(true);
    setError(null);
    const err = await remove(channel.id);
    setBusy(false);
    setAsking(false);
    if (err) setError(err);
    else onNote(`Removed ${channel.name}.`);
  };

  if (editing) {
    return (
      <li className="channel">
        <ChannelForm
          channel={channel}
          onCancel={() => setEditing(false)}
          onDone={(note) => {
            setEditing(false);
            onNote(note);
          }}
        />
      </li>
    );
  }
  return (
    <li className="channel">
      <h3>
        {channel.name} <span className="muted small">{KIND_LABEL[channel.kind]}</span>
      </h3>
      <p className="muted small">
        {where !== null && <span className="channel-where">{where} · </span>}
        {secretText(channel)}
        {channel.waiting > 0 && ` · ${channel.waiting} waiting to be delivered`}
      </p>
      {channel.warning && <p className="notice small">{channel.warning}</p>}
      {!asking ? (
        <div className="actions">
          <button type="button" disabled={result.running} onClick={() => void sendTest()}>
            {result.running ? 'Sending…' : 'Send test'}
          </button>
          <button type="button" {...opener(`channel-edit:${channel.id}`)} onClick={() => setEditing(true)}>
            Edit
          </button>
          <button type="button" className="danger" {...opener(`channel-remove:${channel.id}`)} onClick={() => setAsking(true)}>
            Remove…
          </button>
        </div>
      ) : (
        <ConfirmPanel title={`Remove ${channel.name}?`} confirmLabel="Remove channel" danger busy={busy} onConfirm={() => void confirmRemove()} onCancel={() => setAsking(false)}>
          <p>Its secret is erased and no rule sends to it any more.{channel.waiting > 0 ? ` The ${channel.waiting} alerts waiting for it are given up (the delivery log says so).` : ''}</p>
        </ConfirmPanel>
      )}
      <p role="status" className={result.delivered ? 'small' : 'small field-error'}>
        {result.text ?? ''}
      </p>
      {error && <ErrorNotice what={`Could not remove ${channel.name}`} error={error} />}
    </li>
  );
}

/** Settings › Channels: where alerts can go besides the desktop (docs/desktop.md › Channels). */
export function ChannelsSection() {
  const { channels, error, load } = useChannelsStore();
  const go = useNavigationStore((s) => s.go);
  const [adding, setAdding] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const id = useId();
  useEffect(() => {
    void load();
  }, [load]);
  return (
    <section aria-labelledby={`${id}-channels`}>
      <h2 id={`${id}-channels`}>Channels</h2>
      <p className="muted small">Send alerts to Slack, Discord, Telegram, ntfy or a signed webhook as well as (or instead of) the desktop. Choose which alerts go where under “Where alerts go”.</p>
      {channels === null ? (
        error ? <ErrorNotice what="Could not read the channels" error={error} onRetry={() => void load()} /> : <Loading what="channels" />
      ) : channels.length === 0 ? (
        !adding && <p className="empty">No channels yet.</p>
      ) : (
        <ul className="channels" aria-label="Channels">
          {channels.map((channel) => (
            <ChannelRow key={channel.id} channel={channel} onNote={setNote} />
          ))}
        </ul>
      )}
      {adding ? (
        <ChannelForm
          onCancel={() => setAdding(false)}
          onDone={(message) => {
            setAdding(false);
            setNote(message);
          }}
        />
      ) : (
        <div className="actions">
          <button type="button" {...opener('channel-add')} onClick={() => setAdding(true)}>
            Add a channel…
          </button>
          <button type="button" className="link" onClick={() => go('deliveries')}>
            Delivery log
          </button>
        </div>
      )}
      <p role="status" className="small">
        {note ?? ''}
      </p>
    </section>
  );
}
