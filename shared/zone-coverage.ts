import type { ZoneCoverage } from './accounts';

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
