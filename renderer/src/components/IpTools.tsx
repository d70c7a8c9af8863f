import { useId, useState } from 'react';
import type { Zone } from '../../../shared/api/zone';
import { MAX_IPS_PER_CALL } from '../../../shared/api/ips';
import type { AppError } from '../../../shared/app-error';
import type { IpsResult } from '../../../shared/views';
import { parseIpList } from '../model/ip-list';
import { useSnapshotStore } from '../stores/snapshot-store';
import { callForSelectedAccount } from '../stores/account-call';
import { api } from '../zonewatch-api';
import { ConfirmPanel } from './ConfirmPanel';
import { ErrorNotice } from './ErrorNotice';
import { zoneDisplayName } from '../../../shared/zone-name';

type Action = 'refresh' | 'delete';

/** Paste IPs, then refresh or delete them after a confirmation; the result names IPs not in the zone. */
export function IpTools({ zone }: { zone: Zone }) {
  const [text, setText] = useState('');
  const [asking, setAsking] = useState<Action | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ action: Action; value: IpsResult } | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const upsertZone = useSnapshotStore((s) => s.upsertZone);
  const id = useId();
  const list = parseIpList(text);
  const problem = list.invalid.length > 0 ? `Not IP addresses: ${list.invalid.join(', ')}.` : list.tooMany ? `At most ${MAX_IPS_PER_CALL} IPs at a time (you pasted ${list.ips.length}).` : null;

  const run = async (action: Action) => {
    setBusy(true);
    setError(null);
    const input = { zoneId: zone.zone_id, ips: list.ips };
    const res = await callForSelectedAccount((profileId) => (action === 'refresh' ? api().zones.refreshIps({ profileId, ...input }) : api().zones.deleteIps({ profileId, ...input })));
    setBusy(false);
    if (!res) return;
    setAsking(null);
    if (!res.ok) return setError(res.error);
    setResult({ action, value: res.value });
    if (res.value.zone) upsertZone(res.value.zone);
    setText('');
  };

  return (
    <div className="ip-tools">
      <label htmlFor={id}>IP addresses (paste one or many)</label>
      <textarea id={id} rows={3} value={text} onChange={(e) => setText(e.target.value)} aria-describedby={problem ? `${id}-problem` : undefined} />
      {problem && (
        <p id={`${id}-problem`} className="field-error">
          {problem}
        </p>
      )}
      <div className="actions">
        <button type="button" disabled={list.ips.length === 0 || problem !== null || busy} onClick={() => setAsking('refresh')}>
          Refresh IPs…
        </button>
        <button type="button" className="danger" disabled={list.ips.length === 0 || problem !== null || busy} onClick={() => setAsking('delete')}>
          Delete IPs…
        </button>
      </div>
      {asking && (
        <ConfirmPanel
          title={asking === 'refresh' ? `Refresh ${list.ips.length} IPs?` : `Delete ${list.ips.length} IPs?`}
          confirmLabel={asking === 'refresh' ? 'Refresh' : 'Delete'}
          danger={asking === 'delete'}
          busy={busy}
          onConfirm={() => void run(asking)}
          onCancel={() => setAsking(null)}
        >
          <p>
            {asking === 'refresh'
              ? 'Each IP is replaced in the pool with a fresh one; connections using it are dropped.'
              : 'These IPs leave the pool for good and the pool shrinks.'}
          </p>
          <p className="mono small">{list.ips.join(', ')}</p>
        </ConfirmPanel>
      )}
      {error && <ErrorNotice what={`Could not change the IPs of ${zoneDisplayName(zone)}`} error={error} />}
      {result && (
        <div role="status" className="ip-result">
          <p>
            {result.action === 'refresh' ? 'Refreshed' : 'Deleted'} {result.value.done.length} {result.value.done.length === 1 ? 'IP' : 'IPs'}
            {result.value.done.length > 0 && `: ${result.value.done.join(', ')}`}.
          </p>
          {result.value.notInZone.length > 0 && (
            <>
              <p>Not in this zone, so left alone:</p>
              <ul aria-label="IPs not in this zone">
                {result.value.notInZone.map((ip) => (
                  <li key={ip} className="mono">
                    {ip}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </div>
  );
}
