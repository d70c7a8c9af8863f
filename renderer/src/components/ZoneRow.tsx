import type { Zone } from '../../../shared/api/zone';
import { formatBilled } from '../../../shared/money';
import { formatBitRate } from '../../../shared/units';
import { BILLING_METHOD_LABEL, NETWORK_LABEL } from '../model/zone-labels';
import { Toggle } from './Toggle';

type Props = { zone: Zone; enabled: boolean; busy: boolean; onOpen: () => void; onToggle: () => void };

export function ZoneRow({ zone, enabled, busy, onOpen, onToggle }: Props) {
  return (
    <div className="zone-row" data-zone-id={zone.zone_id}>
      <button type="button" className="zone-open" onClick={onOpen}>
        <span className="zone-name">{zone.name}</span>
        <span className="muted small">
          {zone.zone_id} · {NETWORK_LABEL[zone.network]} · {BILLING_METHOD_LABEL[zone.billing_method]}
        </span>
      </button>
      <span className="num small" title="Spend today (UTC day)">
        {formatBilled(zone.spend_today_cents)}
      </span>
      <span className="num small muted">{formatBitRate(zone.current_thoughput_bps)}</span>
      <Toggle checked={enabled} busy={busy} label={`Zone ${zone.name} enabled`} onChange={onToggle} />
    </div>
  );
}
