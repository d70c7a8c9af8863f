import type { ZoneCoverage } from '../../../shared/accounts';
import type { Zone } from '../../../shared/api/zone';
import type { Snapshot } from '../../../shared/snapshot';

/** The zone figures that are summed across zones. */
export type SummedZoneFigure = 'spend_today_cents' | 'spend_this_month_cents' | 'current_thoughput_bps' | 'usage_this_month_bytes';

/**
 * How many of the key's zones a sum of `figure` (or the zone count, without one) covers. `total` is
 * `info.current` of the latest get-zones answer (docs/api.md › Zone ids and what info counts: no operation
 * lists all zones, so some may not be known to the app yet). A zone whose summed figure is unknown
 * is left out of the sum and of `known`; without `info` the app's own zones are the total, so a sum
 * missing an unknown figure still says so. Pure.
 */
export function zoneCoverage(snapshot: Pick<Snapshot, 'zones' | 'zonesFetch'>, figure?: SummedZoneFigure): ZoneCoverage {
  const entries = Object.values(snapshot.zones);
  const known = figure === undefined ? entries.length : entries.filter((entry) => entry.zone[figure] !== undefined).length;
  const total = snapshot.zonesFetch.info?.current ?? (known < entries.length ? entries.length : null);
  return { known, total, partial: total !== null && known < total };
}

/** The sum of `figure` over the zones that have it; null when no zone does. Pure. */
export function sumZoneFigure(zones: readonly Pick<Zone, SummedZoneFigure>[], figure: SummedZoneFigure): number | null {
  let sum: number | null = null;
  for (const zone of zones) {
    const value = zone[figure];
    if (value !== undefined) sum = (sum ?? 0) + value;
  }
  return sum;
}
