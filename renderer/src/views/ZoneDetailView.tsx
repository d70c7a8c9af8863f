import { useState } from 'react';
import type { AppError } from '../../../shared/app-error';
import { formatBilled } from '../../../shared/money';
import { alertVisibility, hiddenAlertText } from '../../../shared/api/alert-visibility';
import type { Snapshot } from '../../../shared/snapshot';
import { formatBitRate, formatBytes } from '../../../shared/units';
import { ConfirmPanel } from '../components/ConfirmPanel';
import { CostTable } from '../components/CostTable';
import { EmptyState } from '../components/EmptyState';
import { ErrorNotice } from '../components/ErrorNotice';
import { IpTools } from '../components/IpTools';
import { TimeText } from '../components/TimeText';
import { Toggle } from '../components/Toggle';
import { ZoneToggleConfirm } from '../components/ZoneToggleConfirm';
import { ZoneEditForm } from '../components/ZoneEditForm';
import { periodNote } from '../model/time-text';
import { alertSummary, BILLING_METHOD_LABEL, EXCLUSIVITY_LABEL, IP_TYPE_LABEL, NETWORK_LABEL, provisioningLabel } from '../model/zone-labels';
import { useNavigationStore } from '../stores/navigation-store';
import { useSnapshotStore } from '../stores/snapshot-store';
import { useZonesStore } from '../stores/zones-store';
import { api } from '../zonewatch-api';

export function ZoneDetailView({ snapshot, zoneId, now }: { snapshot: Snapshot; zoneId: string | null; now: number }) {
  const { go, focus, focusTaken } = useNavigationStore();
  const removeZone = useSnapshotStore((s) => s.removeZone);
  const { pending, requestToggle, message } = useZonesStore();
  const [editing, setEditing] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<{ what: string; error: AppError } | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [busy, setBusy] = useState(false);
  const entry = zoneId ? snapshot.zones[zoneId] : undefined;

  if (!entry) {
    return (
      <section aria-labelledby="zone-title">
        <h1 id="zone-title">Zone {zoneId ?? ''}</h1>
        <EmptyState>
          <p>{zoneId && snapshot.discovery.removedIds.includes(zoneId) ? 'This zone is no longer available: it was deleted or this key can no longer see it.' : 'This zone is not known.'}</p>
          <button type="button" onClick={() => go('zones')}>
            Back to zones
          </button>
        </EmptyState>
      </section>
    );
  }
  const zone = entry.zone;
  const pinned = snapshot.discovery.pinnedIds.includes(zone.zone_id);
  const alertShown = alertVisibility(snapshot.account.data?.user.role ?? snapshot.discovery.role);

  const copy = async () => {
    setError(null);
    const res = await api().zones.copyCredentials({ zoneId: zone.zone_id });
    if (!res.ok) return setError({ what: 'Could not copy the credentials', error: res.error });
    setNote(`Proxy credentials copied. The clipboard is cleared in ${Math.round(res.value.clearsAfterMs / 1000)} s.`);
  };
  const remove = async () => {
    setBusy(true);
    const res = await api().zones.delete({ zoneId: zone.zone_id });
    setBusy(false);
    setDeleting(false);
    if (!res.ok) return setError({ what: `Could not delete ${zone.name}`, error: res.error });
    removeZone(zone.zone_id);
    go('zones');
  };
  const unpin = async () => {
    const res = await api().zones.unpin({ zoneId: zone.zone_id });
    if (!res.ok) return setError({ what: 'Could not unpin', error: res.error });
    setNote(`Zone ${zone.zone_id} is no longer pinned.`);
  };

  return (
    <section aria-labelledby="zone-title" className="zone-detail">
      <button type="button" className="link" onClick={() => go('zones')}>
        ← All zones
      </button>
      <div className="zone-head">
        <h1 id="zone-title">{zone.name}</h1>
        <Toggle checked={pending[zone.zone_id] ?? zone.enabled} busy={zone.zone_id in pending} label={`Zone ${zone.name} enabled`}
          focusNow={focus === 'toggle'}
          onFocused={focusTaken}
          onChange={() => void requestToggle(zone)}
        />
      </div>
      <p className="muted">
        {zone.zone_id} · updated <TimeText at={entry.fetchedAt} mode="ago" now={now} />
      </p>
      <ZoneToggleConfirm zoneId={zone.zone_id} />
      {message?.zoneId === zone.zone_id && (
        <p className="notice notice-error" role="alert">
          {message.text}
        </p>
      )}
      {note && (
        <p className="notice" role="status">
          {note}
        </p>
      )}
      {error && <ErrorNotice what={error.what} error={error.error} />}

      <div className="actions">
        <button type="button" onClick={() => void copy()}>
          Copy proxy credentials
        </button>
        <button type="button" onClick={() => { setEditing(true); setNote(null); }} disabled={editing}>
          Edit zone
        </button>
        {pinned && (
          <button type="button" onClick={() => void unpin()}>
            Unpin
          </button>
        )}
      </div>

      {editing && (
        <ZoneEditForm
          zone={zone}
          alertEditable={alertShown === 'visible'}
          onDone={(text) => {
            setEditing(false);
            setNote(text || null);
          }}
        />
      )}

      <h2>Settings</h2>
      <dl className="facts">
        <dt>Network</dt>
        <dd>{NETWORK_LABEL[zone.network]}</dd>
        <dt>Billing</dt>
        <dd>{zone.billing_method === 'per_connection' ? `${BILLING_METHOD_LABEL.per_connection} (${zone.cost.per_connection_count ?? 'an unknown number of'} connections)` : BILLING_METHOD_LABEL[zone.billing_method]}</dd>
        {zone.network === 'datacenter' && (
          <>
            <dt>IPs</dt>
            <dd>{zone.ip_type === 'reserved' ? `${IP_TYPE_LABEL.reserved} of ${zone.pool_size} (${zone.pool_size_actual} in use)` : IP_TYPE_LABEL[zone.ip_type]}</dd>
            {zone.ip_type === 'reserved' && (
              <>
                <dt>Exclusivity</dt>
                <dd>{zone.exclusivity_type === 'domains' ? `${EXCLUSIVITY_LABEL.domains}: ${zone.domains.join(', ')}` : EXCLUSIVITY_LABEL[zone.exclusivity_type]}</dd>
              </>
            )}
          </>
        )}
        <dt>Countries</dt>
        <dd>{zone.countries?.length ? zone.countries.join(', ') : 'All'}</dd>
        <dt>Alert</dt>
        <dd>
          {alertShown !== 'visible' ? (
            <span className="muted">{hiddenAlertText(alertShown)}</span>
          ) : zone.alert ? (
            <>
              {alertSummary(zone.alert)}
              {zone.alert.last_triggered && (
                <>
                  {' '}(last triggered <TimeText at={zone.alert.last_triggered} />)
                </>
              )}
            </>
          ) : (
            'None'
          )}
        </dd>
        <dt>Provisioning</dt>
        <dd>{provisioningLabel(zone.provisioning_status)}</dd>
        <dt>Created</dt>
        <dd>
          <TimeText at={zone.created_on} />
        </dd>
        <dt>Last changed</dt>
        <dd>
          <TimeText at={zone.last_updated} />
        </dd>
      </dl>

      <h2>Usage</h2>
      <dl className="facts">
        <dt>Today</dt>
        <dd>
          {formatBilled(zone.spend_today_cents)} · {formatBytes(zone.usage_today_bytes)} <span className="muted small">({periodNote('day', now)})</span>
        </dd>
        <dt>This month</dt>
        <dd>
          {formatBilled(zone.spend_this_month_cents)} · {formatBytes(zone.usage_this_month_bytes)} <span className="muted small">({periodNote('month', now)})</span>
        </dd>
        <dt>Throughput</dt>
        <dd>{formatBitRate(zone.current_thoughput_bps)}</dd>
        <dt>Open connections</dt>
        <dd>{zone.open_connections}</dd>
      </dl>

      <h2>Costs</h2>
      <CostTable zone={zone} caption={`Cost breakdown of ${zone.name}`} />

      {zone.network === 'datacenter' && zone.ip_type === 'reserved' && (
        <>
          <h2>IP tools</h2>
          <IpTools zone={zone} />
        </>
      )}

      <h2>Delete zone</h2>
      {!deleting ? (
        <button type="button" className="danger" onClick={() => setDeleting(true)}>
          Delete this zone…
        </button>
      ) : (
        <ConfirmPanel title={`Delete ${zone.name}?`} confirmLabel="Delete zone" danger typeToConfirm={zone.zone_id} busy={busy} onConfirm={() => void remove()} onCancel={() => setDeleting(false)}>
          <p>The zone stops routing traffic and its reserved IPs are released. This cannot be undone.</p>
        </ConfirmPanel>
      )}
    </section>
  );
}
