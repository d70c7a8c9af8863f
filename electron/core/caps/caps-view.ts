import { formatCount, zonesText } from '../../../shared/units';
import { alertVisibility } from '../../../shared/api/alert-visibility';
import type { AccountCapState, CapsRecord, CapsView, CapZone, UsualSpend } from '../../../shared/caps';
import type { Snapshot } from '../../../shared/snapshot';
import { zoneDisplayName } from '../../../shared/zone-name';
import { capsReadOnlyReason, capUsed, currentCap } from './cap-plan';

/** "Caps on 1,739 of 4,998 zones", or why they cannot be counted. */
export function capsCoverage(capped: number, known: number, visible: boolean): string {
  if (!visible) return 'Caps are not visible to this API key';
  return `Caps on ${formatCount(capped)} of ${zonesText(known)}`;
}

// One collator for the whole sort: `localeCompare` without one sets up the locale's rules per comparison.
const byName = new Intl.Collator(undefined);

/** Every known zone with its cap as it is now, its usual daily spend and how much of its cap it has used. Pure. */
export function capsView(snapshot: Snapshot, usual: (zoneId: string) => UsualSpend | null, record: CapsRecord | null, accountCap: AccountCapState): CapsView {
  const visible = alertVisibility(snapshot.discovery.role) === 'visible';
  const zones: CapZone[] = Object.values(snapshot.zones)
    .map(({ zone }) => {
      const cap = currentCap(zone, visible);
      return {
        zoneId: zone.zone_id,
        name: zoneDisplayName(zone),
        network: zone.network ?? null,
        enabled: zone.enabled ?? null,
        cap,
        usual: usual(zone.zone_id),
        spendTodayCents: zone.spend_today_cents ?? null,
        spendMonthCents: zone.spend_this_month_cents ?? null,
        capUsed: capUsed(zone, cap),
      };
    })
    .sort((a, b) => byName.compare(a.name, b.name) || byName.compare(a.zoneId, b.zoneId));
  const capped = zones.filter((zone) => zone.cap.state === 'set').length;
  return {
    zones,
    coverage: capsCoverage(capped, zones.length, visible),
    capped,
    notYetKnown: snapshot.discovery.notYetKnown,
    readOnlyReason: capsReadOnlyReason(snapshot.discovery.role),
    record,
    accountCap,
  };
}
