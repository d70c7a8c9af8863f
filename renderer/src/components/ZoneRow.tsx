import type { Zone } from '../../../shared/api/zone';
import { formatBilled } from '../../../shared/money';
import { formatBitRate } from '../../../shared/units';
import { BILLING_METHOD_LABEL, NETWORK_LABEL } from '../model/zone-labels';
import { unknownCostMembers } from '../../../shared/api/zone-cost-presence';
import { UNKNOWN_VALUE_TITLE } from './MissingValue';
import { Toggle } from './Toggle';

type Props = { zone: Zone; enabled: boolean; busy: boolean; onOpen: () => void; onToggle: () => void };

export function ZoneRow({ zone, enabled, busy, onOpen, onToggle }: Props) {
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
      <span className="num small" title="Spend today (UTC day)">
        {formatBilled(zone.spend_today_cents)}
      </span>
      <span className="num small muted">{formatBitRate(zone.current_thoughput_bps)}</span>
      <Toggle checked={enabled} busy={busy} label={`Zone ${zone.name} enabled`} onChange={onToggle} />
    </div>
  );
}
