import type { Zone } from '../../../shared/api/zone';
import { formatBilled } from '../../../shared/money';
import { formatBitRate } from '../../../shared/units';
import { Toggle } from './Toggle';

type Props = { zone: Zone; enabled: boolean; busy: boolean; onOpen: () => void; onToggle: () => void };

const NETWORK = { datacenter: 'Datacenter', mobile: 'Mobile', residential: 'Residential' } as const;

export function ZoneRow({ zone, enabled, busy, onOpen, onToggle }: Props) {
  return (
    <div className="zone-row" data-zone-id={zone.zone_id}>
      <button type="button" className="zone-open" onClick={onOpen}>
        <span className="zone-name">{zone.name}</span>
        <span className="muted small">
          {zone.zone_id} · {NETWORK[zone.network]} · {zone.billing_method === 'per_gigabyte' ? 'per GB' : 'per connection'}
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
