import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { AppError } from '../../../shared/app-error';
import { BILLING_METHODS, NETWORKS, type Zone } from '../../../shared/api/zone';
import { ZONES_SORTS, type ZonesSort } from '../../../shared/settings';
import type { Snapshot } from '../../../shared/snapshot';
import { EmptyState } from '../components/EmptyState';
import { ErrorNotice } from '../components/ErrorNotice';
import { PinZones } from '../components/PinZones';
import { DataGapNotice } from '../components/DataGapNotice';
import { SpendStopPanel } from '../components/SpendStopPanel';
import { ZoneRow } from '../components/ZoneRow';
import { useNow } from '../components/use-now';
import { useRoomBelow } from '../components/use-room-below';
import { ZoneToggleConfirm } from '../components/ZoneToggleConfirm';
import { useOpenerRevealer, zoneToggleOpener } from '../components/use-return-focus';
import { ZONES_SORT_OPTION, ZONES_SORT_SAID } from '../model/zone-sort';
import { BILLING_METHOD_LABEL, NETWORK_LABEL } from '../model/zone-labels';
import { useNavigationStore } from '../stores/navigation-store';
import { useSettingsStore } from '../stores/settings-store';
import { orderedZones, zoneList } from '../stores/zone-selectors';
import { useZonesStore } from '../stores/zones-store';
import { formatCount, zonesText } from '../../../shared/units';

/** A first guess at a row's height, until a row is drawn; each row is measured once it is drawn. */
const ROW_ESTIMATE = 76;
/** Below the list: its frame's border and a little air before the window's edge. */
const LIST_GAP_PX = 8;

export function ZonesView({ snapshot }: { snapshot: Snapshot }) {
  const { filter, setFilter, pending, requestToggle, message, dismissMessage } = useZonesStore();
  const savedSort = useSettingsStore((s) => s.settings?.zonesSort ?? 'spend_today');
  const updateSettings = useSettingsStore((s) => s.update);
  const [sortDraft, setSortDraft] = useState<ZonesSort | null>(null);
  const [sortError, setSortError] = useState<AppError | null>(null);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const sort = sortDraft ?? savedSort;
  const go = useNavigationStore((s) => s.go);
  const now = useNow();
  const ids = { search: useId(), sort: useId(), filters: useId(), network: useId(), enabled: useId(), billing: useId() };
  // Derived once per change of the zone map, filter or order (stores/zone-selectors.ts), never per render.
  const all = zoneList(snapshot.zones);
  const zones = useMemo(() => orderedZones(snapshot.zones, filter, sort), [snapshot.zones, filter, sort]);
  // The same handlers for every row and every render: a row draws again only when its zone or state changes.
  const openZone = useCallback((zoneId: string) => go('zone', zoneId), [go]);
  const toggleZone = useCallback((zone: Zone) => void requestToggle(zone), [requestToggle]);
  const capStop = useMemo(() => ({ now, onRaiseCap: () => go('caps') }), [now, go]);
  const itemKey = useCallback((index: number) => zones[index]?.zone_id ?? index, [zones]);
  const activeFilters = [filter.network, filter.enabled, filter.billing].filter((v) => v !== 'all').length;
  const scroller = useRef<HTMLDivElement>(null);
  useRoomBelow(scroller, zones.length > 0, LIST_GAP_PX);
  // Rows not yet drawn are guessed as tall as the plainest row drawn: a guess that is right leaves
  // nothing to correct when the row is measured, so a fast scroll through 5,000 zones does not
  // work out every row's place again for each row it draws.
  const [rowEstimate, setRowEstimate] = useState(ROW_ESTIMATE);
  const estimateSize = useCallback(() => rowEstimate, [rowEstimate]);
  useLayoutEffect(() => {
    const slots = scroller.current?.querySelectorAll<HTMLElement>('.zone-slot');
    if (!slots || slots.length === 0) return;
    let plainest = Infinity;
    // Whole pixels, as the virtualizer measures a row: a guess a fraction off is a guess to correct.
    for (const slot of slots) plainest = Math.min(plainest, slot.offsetHeight);
    if (plainest > 0 && plainest !== rowEstimate) setRowEstimate(plainest);
  }, [zones, rowEstimate]);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render by design
  const virtualizer = useVirtualizer({
    count: zones.length,
    getScrollElement: () => scroller.current,
    estimateSize,
    getItemKey: itemKey,
    // A flick at 5,000 zones draws every row of each frame anew: each row drawn beyond the view is
    // work in that frame (renderer bench, fast-scroll CPU), and a few are enough for the keyboard.
    overscan: 3,
    initialRect: { width: 400, height: 480 },
  });
  // The virtualizer keeps the sizes it guessed: a new guess applies once it forgets them.
  useLayoutEffect(() => virtualizer.measure(), [virtualizer, rowEstimate]);
  // A confirmation's switch may have been scrolled out of the list (and unmounted) while it asked:
  // its row is scrolled back into view before the switch gets the focus back.
  useOpenerRevealer((key) => {
    const index = zones.findIndex((z) => zoneToggleOpener(z.zone_id) === key);
    if (index < 0) return false;
    virtualizer.scrollToIndex(index);
    return true;
  });
  const notYetKnown = snapshot.discovery.notYetKnown;
  const chooseSort = async (next: ZonesSort) => {
    setSortDraft(next);
    setSortError(null);
    // The new first zone is the one the person wants to see.
    if (scroller.current) scroller.current.scrollTop = 0;
    const err = await updateSettings({ zonesSort: next });
    setSortDraft(null);
    if (err) setSortError(err);
  };

  return (
    <section aria-labelledby="zones-title" className="zones">
      <h1 id="zones-title">Zones</h1>
      <SpendStopPanel snapshot={snapshot} />
      <p className="actions">
        <button type="button" onClick={() => go('caps')}>
          Caps…
        </button>
      </p>
      <div className="zone-tools" role="search" aria-label="Filter zones">
        <label htmlFor={ids.search} className="visually-hidden">
          Search
        </label>
        <input id={ids.search} type="search" placeholder="Name or id" value={filter.search} onChange={(e) => setFilter({ search: e.target.value })} />
        <label htmlFor={ids.sort} className="visually-hidden">
          Order
        </label>
        <select id={ids.sort} value={sort} onChange={(e) => void chooseSort(e.target.value as ZonesSort)}>
          {ZONES_SORTS.map((s) => (
            <option key={s} value={s}>
              {ZONES_SORT_OPTION[s]}
            </option>
          ))}
        </select>
        <button type="button" aria-expanded={filtersOpen} aria-controls={ids.filters} onClick={() => setFiltersOpen(!filtersOpen)}>
          Filters{activeFilters > 0 ? ` (${activeFilters})` : ''}
          <span aria-hidden="true"> ▾</span>
        </button>
      </div>
      {filtersOpen && (
        <div id={ids.filters} className="filters">
          <span className="field">
            <label htmlFor={ids.network}>Network</label>
            <select id={ids.network} value={filter.network} onChange={(e) => setFilter({ network: e.target.value as typeof filter.network })}>
              <option value="all">All</option>
              {NETWORKS.map((n) => (
                <option key={n} value={n}>
                  {NETWORK_LABEL[n]}
                </option>
              ))}
            </select>
          </span>
          <span className="field">
            <label htmlFor={ids.enabled}>State</label>
            <select id={ids.enabled} value={filter.enabled} onChange={(e) => setFilter({ enabled: e.target.value as typeof filter.enabled })}>
              <option value="all">All</option>
              <option value="enabled">Enabled</option>
              <option value="disabled">Disabled</option>
            </select>
          </span>
          <span className="field">
            <label htmlFor={ids.billing}>Billing</label>
            <select id={ids.billing} value={filter.billing} onChange={(e) => setFilter({ billing: e.target.value as typeof filter.billing })}>
              <option value="all">All</option>
              {BILLING_METHODS.map((b) => (
                <option key={b} value={b}>
                  {BILLING_METHOD_LABEL[b]}
                </option>
              ))}
            </select>
          </span>
        </div>
      )}
      {sortError && <ErrorNotice what="The order was not saved" error={sortError} />}
      <ZoneToggleConfirm />

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

      <p className="muted small zone-count" aria-live="polite">
        {zones.length === all.length ? '' : `${formatCount(zones.length)} of `}
        {zonesText(all.length)}, {ZONES_SORT_SAID[sort]}
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
        <div className="zone-table">
          <div className="zone-heads" aria-hidden="true">
            <span>Zone</span>
            <span className="zone-figs">
              <span className={sort === 'spend_today' ? 'sorted' : undefined}>Today</span>
              <span className={sort === 'spend_month' ? 'sorted' : undefined}>This month</span>
              <span className={sort === 'throughput' ? 'sorted' : undefined}>Throughput</span>
            </span>
            <span>On</span>
          </div>
          <div ref={scroller} className="zone-list" role="list" aria-label="Zones">
            <div role="presentation" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
              {virtualizer.getVirtualItems().map((item) => {
                const zone = zones[item.index] as Zone;
                return (
                  <div key={item.key} ref={virtualizer.measureElement} data-index={item.index} role="listitem" className="zone-slot" style={{ transform: `translateY(${item.start}px)` }}>
                    <ZoneRow
                      zone={zone}
                      enabled={pending[zone.zone_id] ?? zone.enabled === true}
                      busy={zone.zone_id in pending}
                      sort={sort}
                      onOpen={openZone}
                      onToggle={toggleZone}
                      capStop={capStop}
                    />
                  </div>
                );
              })}
            </div>
          </div>
        </div>
      )}

      {notYetKnown > 0 && (
        <p className="notice" role="note">
          {zonesText(notYetKnown)} {notYetKnown === 1 ? 'is' : 'are'} not yet known to Zonewatch: this key can see them, but there is no way to list
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
