import type { ZoneCoverage } from './accounts';
import { formatCount, zonesText } from './units';

/** "across 23 of 25 zones" for a partial sum; null when the sum covers every zone. */
export function partialZonesText(coverage: ZoneCoverage): string | null {
  if (!coverage.partial || coverage.total === null) return null;
  return `across ${formatCount(coverage.known)} of ${zonesText(coverage.total)}`;
}

/** The zone count to show: `info.current` when known, else the zones known to the app. */
export function zoneCountText(coverage: ZoneCoverage): string {
  const text = zonesText(coverage.total ?? coverage.known);
  return coverage.partial ? `${text}, ${formatCount(coverage.known)} known so far` : text;
}
