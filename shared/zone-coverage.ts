import type { Zone } from './api/zone';
import type { Snapshot } from './snapshot';

/**
 * How many of the key's zones a sum over the known zones covers. `total` is `info.current` of the
 * latest get-zones answer (the zones visible to the key, DESIGN.md › info); there is no
 * list-all-zones operation, so some may not be known to the app yet. A zone whose summed figure
 * is unknown (the service sent it unusable) is left out of the sum and of `known`.
 */
export type ZoneCoverage = { known: number; total: number | null; partial: boolean };

/** The zone figures that are summed across zones. */
export type SummedZoneFigure = 'spend_today_cents' | 'spend_this_month_cents' | 'current_thoughput_bps' | 'usage_this_month_bytes';

/**
 * The coverage of a sum of `figure` (or of the zone count, without one). Without `info` the app's
 * own zones are the total, so a sum missing an unknown figure still says so.
 */
export function zoneCoverage(snapshot: Pick<Snapshot, 'zones' | 'zonesFetch'>, figure?: SummedZoneFigure): ZoneCoverage {
  const entries = Object.values(snapshot.zones);
  const known = figure === undefined ? entries.length : entries.filter((entry) => entry.zone[figure] !== undefined).length;
  const total = snapshot.zonesFetch.info?.current ?? (known < entries.length ? entries.length : null);
  return { known, total, partial: total !== null && known < total };
}

/** The sum of `figure` over the zones that have it; null when no zone does. */
export function sumZoneFigure(zones: readonly Pick<Zone, SummedZoneFigure>[], figure: SummedZoneFigure): number | null {
  let sum: number | null = null;
  for (const zone of zones) {
    const value = zone[figure];
    if (value !== undefined) sum = (sum ?? 0) + value;
  }
  return sum;
}

/** "across 23 of 25 zones" for a partial sum; null when the sum covers every zone. */
export function partialZonesText(coverage: ZoneCoverage): string | null {
  if (!coverage.partial || coverage.total === null) return null;
  return `across ${coverage.known} of ${coverage.total} zones`;
}

/** The zone count to show: `info.current` when known, else the zones known to the app. */
export function zoneCountText(coverage: ZoneCoverage): string {
  const count = coverage.total ?? coverage.known;
  const text = `${count} ${count === 1 ? 'zone' : 'zones'}`;
  return coverage.partial ? `${text}, ${coverage.known} known so far` : text;
}
