import type { Snapshot } from '../../../shared/snapshot';

/** When the account data was fetched (its day and month name the period), else `now`. */
export function accountDataTime(snapshot: Snapshot, now: number): number {
  const at = snapshot.account.fetchedAt;
  return at === null ? now : Date.parse(at);
}

/** When the zone data was fetched, else `now`. */
export function zoneDataTime(snapshot: Snapshot, now: number): number {
  const at = snapshot.zonesFetch.fetchedAt;
  return at === null ? now : Date.parse(at);
}
