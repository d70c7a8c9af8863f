import { useVirtualizer } from '@tanstack/react-virtual';
import { useId, useMemo, useRef } from 'react';
import { BILLING_METHODS, NETWORKS, type Zone } from '../../../shared/api/zone';
import type { Snapshot } from '../../../shared/snapshot';
import { EmptyState } from '../components/EmptyState';
import { ErrorNotice } from '../components/ErrorNotice';
import { PinZones } from '../components/PinZones';
import { DataGapNotice } from '../components/DataGapNotice';
import { SpendStopPanel } from '../components/SpendStopPanel';
import { ZoneRow } from '../components/ZoneRow';
import { filterZones } from '../model/zone-filter';
import { BILLING_METHOD_LABEL, NETWORK_LABEL } from '../model/zone-labels';
import { useNavigationStore } from '../stores/navigation-store';
import { useZonesStore } from '../stores/zones-store';

const ROW_HEIGHT = 52;

export function ZonesView({ snapshot }: { snapshot: Snapshot }) {
  const { filter, setFilter, pending, toggle, message, dismissMessage } = useZonesStore();
  const go = useNavigationStore((s) => s.go);
  const ids = { search: useId(), network: useId(), enabled: useId(), billing: useId() };
  const all = useMemo(() => Object.values(snapshot.zones).map((e) => e.zone), [snapshot.zones]);
  const zones = useMemo(() => filterZones(all, filter), [all, filter]);
  const scroller = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render by design
  const virtualizer = useVirtualizer({
    count: zones.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    initialRect: { width: 400, height: 480 },
  });
  const notYetKnown = snapshot.discovery.notYetKnown;

  return (
    <section aria-labelledby="zones-title" className="zones">
      <h1 id="zones-title">Zones</h1>
      <SpendStopPanel snapshot={snapshot} />
      <div className="filters" role="search" aria-label="Filter zones">
        <label htmlFor={ids.search}>Search</label>
        <input id={ids.search} type="search" placeholder="Name or id" value={filter.search} onChange={(e) => setFilter({ search: e.target.value })} />
        <label htmlFor={ids.network}>Network</label>
        <select id={ids.network} value={filter.network} onChange={(e) => setFilter({ network: e.target.value as typeof filter.network })}>
          <option value="all">All</option>
          {NETWORKS.map((n) => (
            <option key={n} value={n}>
              {NETWORK_LABEL[n]}
            </option>
          ))}
        </select>
        <label htmlFor={ids.enabled}>State</label>
        <select id={ids.enabled} value={filter.enabled} onChange={(e) => setFilter({ enabled: e.target.value as typeof filter.enabled })}>
          <option value="all">All</option>
          <option value="enabled">Enabled</option>
          <option value="disabled">Disabled</option>
        </select>
        <label htmlFor={ids.billing}>Billing</label>
        <select id={ids.billing} value={filter.billing} onChange={(e) => setFilter({ billing: e.target.value as typeof filter.billing })}>
          <option value="all">All</option>
          {BILLING_METHODS.map((b) => (
            <option key={b} value={b}>
              {BILLING_METHOD_LABEL[b]}
            </option>
          ))}
        </select>
      </div>

      <DataGapNotice kinds={['zone', 'zone_member']} />
      {message && (
        <div className="notice notice-error" role="alert">
          <p>{message.text}</p>
          <button type="button" onClick={dismissMessage}>
            Dismiss
          </button>
        </div>
      )}
      {snapshot.zonesFetch.error && <ErrorNotice what="The last zone update failed; showing the last good data" error={snapshot.zonesFetch.error} />}
      {snapshot.discovery.message && notYetKnown === 0 && <p className="muted">{snapshot.discovery.message}</p>}

      <p className="muted" aria-live="polite">
        {zones.length === all.length ? `${all.length} zones` : `${zones.length} of ${all.length} zones`}
      </p>
      {all.length === 0 ? (
        <EmptyState>
          <p>No zones known yet. {snapshot.zonesFetch.fetchedAt === null ? 'Zonewatch is still looking for them.' : 'Pin zone ids below to watch them.'}</p>
        </EmptyState>
      ) : zones.length === 0 ? (
        <EmptyState>
          <p>No zone matches these filters.</p>
        </EmptyState>
      ) : (
        <div ref={scroller} className="zone-list" role="list" aria-label="Zones">
          <div role="presentation" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((item) => {
              const zone = zones[item.index] as Zone;
              return (
                <div key={zone.zone_id} role="listitem" className="zone-slot" style={{ transform: `translateY(${item.start}px)`, height: item.size }}>
                  <ZoneRow
                    zone={zone}
                    enabled={pending[zone.zone_id] ?? zone.enabled}
                    busy={zone.zone_id in pending}
                    onOpen={() => go('zone', zone.zone_id)}
                    onToggle={() => void toggle(zone)}
                  />
                </div>
              );
            })}
          </div>
        </div>
      )}

      {notYetKnown > 0 && (
        <p className="notice" role="note">
          {notYetKnown} {notYetKnown === 1 ? 'zone is' : 'zones are'} not yet known to Zonewatch: this key can see them, but there is no way to list
          them. Pin their ids below.
        </p>
      )}
      <details className="pin-box" open={all.length === 0 || notYetKnown > 0}>
        <summary>Pin zone ids</summary>
        <PinZones />
      </details>
    </section>
  );
}
