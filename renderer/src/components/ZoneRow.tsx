import { memo, type ReactNode } from 'react';
import type { Zone } from '../../../shared/api/zone';
import { formatBilled } from '../../../shared/money';
import { stoppedByCapText } from '../../../shared/caps-text';
import type { ZonesSort } from '../../../shared/settings';
import { formatBitRate } from '../../../shared/units';
import { BILLING_METHOD_LABEL, NETWORK_LABEL } from '../model/zone-labels';
import { unknownCostMembers } from '../../../shared/api/zone-cost-presence';
import { OrUnknown, UNKNOWN_VALUE_TITLE, zoneToggleLabel } from './MissingValue';
import { Toggle } from './Toggle';
import { zoneToggleOpener } from './use-return-focus';

/** The handlers take the zone, so a list passes the same ones to every row and a row draws again only when its own props change. */
type Props = {
  zone: Zone;
  enabled: boolean;
  busy: boolean;
  sort: ZonesSort;
  onOpen: (zoneId: string) => void;
  onToggle: (zone: Zone) => void;
  capStop?: { now: number; onRaiseCap: () => void };
};

/**
 * One zone: name and kind, its spend today and this month and its throughput, and its switch.
 * Each figure carries its own label; the list's column heads show them in a wide window, and the
 * row shows them itself in a narrow one (styles.css › .zone-row).
 */
export const ZoneRow = memo(function ZoneRow({ zone, enabled, busy, sort, onOpen, onToggle, capStop }: Props) {
  const figure = (key: ZonesSort, label: string, value: ReactNode) => (
    <span className={`zone-fig zone-fig-${key}${sort === key ? ' sorted' : ''}`}>
      <span className="fig-label">{label} </span>
      <span className="num">{value}</span>
    </span>
  );
  const unknown = unknownCostMembers(zone).length;
  // The service turned it off at its cap (docs/desktop.md › Caps): say which cap and when, and offer both ways back.
  const stoppedByCap = capStop ? stoppedByCapText(zone, capStop.now) : null;
  return (
    <div className="zone-row" data-zone-id={zone.zone_id}>
      <button type="button" className="zone-open" onClick={() => onOpen(zone.zone_id)}>
        <span className="zone-name">
          <OrUnknown value={zone.name}>{(name) => name}</OrUnknown>
        </span>
        <span className="muted small">
          {zone.zone_id} · <OrUnknown value={zone.network}>{(network) => NETWORK_LABEL[network]}</OrUnknown> ·{' '}
          <OrUnknown value={zone.billing_method}>{(method) => BILLING_METHOD_LABEL[method]}</OrUnknown>
        </span>
        {unknown > 0 && (
          <span className="muted small" title={UNKNOWN_VALUE_TITLE}>
            {unknown === 1 ? '1 cost figure unknown' : `${unknown} cost figures unknown`}
          </span>
        )}
      </button>
      <span className="zone-figs">
        {figure('spend_today', 'Today', <OrUnknown value={zone.spend_today_cents}>{formatBilled}</OrUnknown>)}
        {figure('spend_month', 'This month', <OrUnknown value={zone.spend_this_month_cents}>{formatBilled}</OrUnknown>)}
        {figure('throughput', 'Throughput', <OrUnknown value={zone.current_thoughput_bps}>{formatBitRate}</OrUnknown>)}
      </span>
      <Toggle checked={enabled} busy={busy} label={zoneToggleLabel(zone)} openerKey={zoneToggleOpener(zone.zone_id)} onChange={() => onToggle(zone)} />
      {capStop && stoppedByCap && (
        <div className="zone-cap-stop small" role="note">
          {stoppedByCap}.{' '}
          <button type="button" className="link" onClick={capStop.onRaiseCap}>
            Raise cap…
          </button>{' '}
          <button type="button" className="link" disabled={busy} onClick={() => onToggle(zone)}>
            Enable zone
          </button>
        </div>
      )}
    </div>
  );
});
