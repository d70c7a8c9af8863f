import type { Zone } from '../../../shared/api/zone';
import { formatBilled } from '../../../shared/money';
import type { ZonesSort } from '../../../shared/settings';
import { formatBitRate } from '../../../shared/units';
import { BILLING_METHOD_LABEL, NETWORK_LABEL } from '../model/zone-labels';
import { unknownCostMembers } from '../../../shared/api/zone-cost-presence';
import { UNKNOWN_VALUE_TITLE } from './MissingValue';
import { Toggle } from './Toggle';

type Props = { zone: Zone; enabled: boolean; busy: boolean; sort: ZonesSort; onOpen: () => void; onToggle: () => void };

/**
 * One zone: name and kind, its spend today and this month and its throughput, and its switch.
 * Each figure carries its own label; the list's column heads show them in a wide window, and the
 * row shows them itself in a narrow one (styles.css › .zone-row).
 */
export function ZoneRow({ zone, enabled, busy, sort, onOpen, onToggle }: Props) {
  const figure = (key: ZonesSort, label: string, value: string) => (
    <span className={`zone-fig zone-fig-${key}${sort === key ? ' sorted' : ''}`}>
      <span className="fig-label">{label} </span>
      <span className="num">{value}</span>
    </span>
  );
  const unknown = unknownCostMembers(zone).length;
  return (
    <div className="zone-row" data-zone-id={zone.zone_id}>
      <button type="button" className="zone-open" onClick={onOpen}>
        <span className="zone-name">{zone.name}</span>
        <span className="muted small">
          {zone.zone_id} · {NETWORK_LABEL[zone.network]} · {BILLING_METHOD_LABEL[zone.billing_method]}
        </span>
        {unknown > 0 && (
          <span className="muted small" title={UNKNOWN_VALUE_TITLE}>
            {unknown === 1 ? '1 cost figure unknown' : `${unknown} cost figures unknown`}
          </span>
        )}
      </button>
      <span className="zone-figs">
        {figure('spend_today', 'Today', formatBilled(zone.spend_today_cents))}
        {figure('spend_month', 'This month', formatBilled(zone.spend_this_month_cents))}
        {figure('throughput', 'Throughput', formatBitRate(zone.current_thoughput_bps))}
      </span>
      <Toggle checked={enabled} busy={busy} label={`Zone ${zone.name} enabled`} onChange={onToggle} />
    </div>
  );
}
