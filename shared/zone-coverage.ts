import type { Snapshot } from './snapshot';

/**
 * How many of the key's zones a sum over the known zones covers. `total` is `info.current` of the
 * latest get-zones answer (the zones visible to the key, DESIGN.md › info); there is no
 * list-all-zones operation, so some may not be known to the app yet.
 */
export type ZoneCoverage = { known: number; total: number | null; partial: boolean };

export function zoneCoverage(snapshot: Pick<Snapshot, 'zones' | 'zonesFetch'>): ZoneCoverage {
  const known = Object.keys(snapshot.zones).length;
  const total = snapshot.zonesFetch.info?.current ?? null;
  return { known, total, partial: total !== null && known < total };
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
