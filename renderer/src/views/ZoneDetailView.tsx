import { useState } from 'react';
import type { AppError } from '../../../shared/app-error';
import { formatBilled } from '../../../shared/money';
import { alertVisibility, hiddenAlertText } from '../../../shared/api/alert-visibility';
import type { Snapshot } from '../../../shared/snapshot';
import { zoneReadAt } from '../../../shared/snapshot-apply';
import { zoneDisplayName } from '../../../shared/zone-name';
import { formatBitRate, formatBytes } from '../../../shared/units';
import { ConfirmPanel } from '../components/ConfirmPanel';
import { CostTable } from '../components/CostTable';
import { EmptyState } from '../components/EmptyState';
import { ErrorNotice } from '../components/ErrorNotice';
import { IpTools } from '../components/IpTools';
import { OrUnknown, UnknownValue, zoneToggleLabel } from '../components/MissingValue';
import { TimeText } from '../components/TimeText';
import { Toggle } from '../components/Toggle';
import { ZoneToggleConfirm } from '../components/ZoneToggleConfirm';
import { opener, zoneToggleOpener } from '../components/use-return-focus';
import { ZoneEditForm } from '../components/ZoneEditForm';
import { ZoneTrend } from '../components/history/ZoneTrend';
import { periodNote } from '../model/time-text';
import { alertSummary, BILLING_METHOD_LABEL, EXCLUSIVITY_LABEL, IP_TYPE_LABEL, NETWORK_LABEL, provisioningLabel } from '../model/zone-labels';
import { useNavigationStore } from '../stores/navigation-store';
import { useSnapshotStore } from '../stores/snapshot-store';
import { useZonesStore } from '../stores/zones-store';
import { callForSelectedAccount } from '../stores/account-call';
import { api } from '../zonewatch-api';

export function ZoneDetailView({ snapshot, zoneId, now }: { snapshot: Snapshot; zoneId: string | null; now: number }) {
  const { go, focus, focusTaken } = useNavigationStore();
  const removeZone = useSnapshotStore((s) => s.removeZone);
  const zonesRead = useSnapshotStore((s) => s.zonesRead);
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
  const name = zoneDisplayName(zone);
  const pinned = snapshot.discovery.pinnedIds.includes(zone.zone_id);
  const alertShown = alertVisibility(snapshot.account.data?.user.role ?? snapshot.discovery.role);

  const copy = async () => {
    setError(null);
    const res = await callForSelectedAccount((profileId) => api().zones.copyCredentials({ profileId, zoneId: zone.zone_id }));
    if (!res) return;
    if (!res.ok) return setError({ what: 'Could not copy the credentials', error: res.error });
    setNote(`Proxy credentials copied. The clipboard is cleared in ${Math.round(res.value.clearsAfterMs / 1000)} s.`);
  };
  const remove = async () => {
    setBusy(true);
    const res = await callForSelectedAccount((profileId) => api().zones.delete({ profileId, zoneId: zone.zone_id }));
    setBusy(false);
    setDeleting(false);
    if (!res) return;
    if (!res.ok) return setError({ what: `Could not delete ${name}`, error: res.error });
    removeZone(zone.zone_id);
    go('zones');
  };
  const unpin = async () => {
    const res = await callForSelectedAccount((profileId) => api().zones.unpin({ profileId, zoneId: zone.zone_id }));
    if (!res) return;
    if (!res.ok) return setError({ what: 'Could not unpin', error: res.error });
    setNote(`Zone ${zone.zone_id} is no longer pinned.`);
  };

  return (
    <section aria-labelledby="zone-title" className="zone-detail">
      <button type="button" className="link" onClick={() => go('zones')}>
        ← All zones
      </button>
      <div className="zone-head">
        <h1 id="zone-title">
          <OrUnknown value={zone.name}>{(known) => known}</OrUnknown>
        </h1>
        <Toggle checked={pending[zone.zone_id] ?? zone.enabled === true} busy={zone.zone_id in pending} label={zoneToggleLabel(zone)}
          focusNow={focus === 'toggle'}
          onFocused={focusTaken}
          openerKey={zoneToggleOpener(zone.zone_id)}
          onChange={() => void requestToggle(zone)}
        />
      </div>
      <p className="muted">
        {zone.zone_id} · updated <TimeText at={zoneReadAt(entry, zonesRead)} mode="ago" now={now} />
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
        <dd>
          <OrUnknown value={zone.network}>{(network) => NETWORK_LABEL[network]}</OrUnknown>
        </dd>
        <dt>Billing</dt>
        <dd>
          <OrUnknown value={zone.billing_method}>
            {(method) => (method === 'per_connection' ? `${BILLING_METHOD_LABEL.per_connection} (${zone.cost.per_connection_count ?? 'an unknown number of'} connections)` : BILLING_METHOD_LABEL[method])}
          </OrUnknown>
        </dd>
        {zone.network === 'datacenter' && (
          <>
            <dt>IPs</dt>
            <dd>
              <OrUnknown value={zone.ip_type}>
                {(ipType) =>
                  ipType === 'reserved' ? (
                    <>
                      {IP_TYPE_LABEL.reserved} of <OrUnknown value={zone.pool_size}>{String}</OrUnknown> (<OrUnknown value={zone.pool_size_actual}>{String}</OrUnknown> in use)
                    </>
                  ) : (
                    IP_TYPE_LABEL[ipType]
                  )
                }
              </OrUnknown>
            </dd>
            {zone.ip_type === 'reserved' && (
              <>
                <dt>Exclusivity</dt>
                <dd>
                  <OrUnknown value={zone.exclusivity_type}>
                    {(type) => (type === 'domains' ? <>{EXCLUSIVITY_LABEL.domains}: <OrUnknown value={zone.domains}>{(domains) => domains.join(', ')}</OrUnknown></> : EXCLUSIVITY_LABEL[type])}
                  </OrUnknown>
                </dd>
              </>
            )}
          </>
        )}
        <dt>Countries</dt>
        <dd>
          <OrUnknown value={zone.countries}>{(countries) => (countries?.length ? countries.join(', ') : 'All')}</OrUnknown>
        </dd>
        <dt>Alert</dt>
        <dd>
          {alertShown !== 'visible' ? (
            <span className="muted">{hiddenAlertText(alertShown)}</span>
          ) : zone.alert === undefined ? (
            <UnknownValue />
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
        <dd>
          <OrUnknown value={zone.provisioning_status}>{provisioningLabel}</OrUnknown>
        </dd>
        <dt>Created</dt>
        <dd>
          <OrUnknown value={zone.created_on}>{(at) => <TimeText at={at} />}</OrUnknown>
        </dd>
        <dt>Last changed</dt>
        <dd>
          <OrUnknown value={zone.last_updated}>{(at) => <TimeText at={at} />}</OrUnknown>
        </dd>
      </dl>

      <h2>Usage</h2>
      <dl className="facts">
        <dt>Today</dt>
        <dd>
          <OrUnknown value={zone.spend_today_cents}>{formatBilled}</OrUnknown> · <OrUnknown value={zone.usage_today_bytes}>{formatBytes}</OrUnknown> <span className="muted small">({periodNote('day', now)})</span>
        </dd>
        <dt>This month</dt>
        <dd>
          <OrUnknown value={zone.spend_this_month_cents}>{formatBilled}</OrUnknown> · <OrUnknown value={zone.usage_this_month_bytes}>{formatBytes}</OrUnknown> <span className="muted small">({periodNote('month', now)})</span>
        </dd>
        <dt>Throughput</dt>
        <dd>
          <OrUnknown value={zone.current_thoughput_bps}>{formatBitRate}</OrUnknown>
        </dd>
        <dt>Open connections</dt>
        <dd>
          <OrUnknown value={zone.open_connections}>{String}</OrUnknown>
        </dd>
      </dl>

      <ZoneTrend zoneId={zone.zone_id} refreshKey={snapshot.zonesFetch.fetchedAt} />

      <h2>Costs</h2>
      <CostTable zone={zone} caption={`Cost breakdown of ${name}`} />

      {zone.network === 'datacenter' && zone.ip_type === 'reserved' && (
        <>
          <h2>IP tools</h2>
          <IpTools zone={zone} />
        </>
      )}

      <h2>Delete zone</h2>
      {!deleting ? (
        <button type="button" className="danger" {...opener(`delete-zone:${zone.zone_id}`)} onClick={() => setDeleting(true)}>
          Delete this zone…
        </button>
      ) : (
        <ConfirmPanel title={`Delete ${name}?`} confirmLabel="Delete zone" danger typeToConfirm={zone.zone_id} busy={busy} onConfirm={() => void remove()} onCancel={() => setDeleting(false)}>
          <p>The zone stops routing traffic and its reserved IPs are released. This cannot be undone.</p>
        </ConfirmPanel>
      )}
    </section>
  );
}
