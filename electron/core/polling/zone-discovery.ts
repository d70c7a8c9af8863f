import { ZoneId } from '../../../shared/api/zone';
import type { Discovery, DiscoverySource } from '../../../shared/snapshot';
import type { PinResult } from '../../../shared/views';
import type { ApiClient, CallOptions } from '../api/client';
import { ApiError } from '../api/error';
import { batchZoneIds } from './zone-batches';

/** docs/architecture.md › How data flows: discovery runs at start, on "refresh now" and every 10 min. */
export const DISCOVERY_INTERVAL_MS = 10 * 60_000;
/** The most users a page may hold (docs/api.md › Bounds), so a team takes few calls. */
const USERS_PAGE_SIZE = 100;
/** Bounds the walk should a service report more pages than a team can have. */
const MAX_USERS_PAGES = 50;
/**
 * An id no zone has (letters a zone id generator never uses together): a get of it still answers
 * 200 with `info`, so a client that knows no id learns how many zones exist (docs/api.md › Zone ids and what info counts).
 */
export const UNUSED_ZONE_ID = '_unknwn_';

export type DiscoveryResult = {
  source: DiscoverySource;
  discoveredIds: string[];
  message: string | null;
};

/**
 * Zone ids from every page of the users list (admin keys). A 403 means the key may not list
 * users: fall back to the pinned ids and say so. Other failures are thrown, so the caller keeps
 * what it knew before.
 */
export async function discoverZoneIds(client: ApiClient, pinnedIds: readonly string[], call: CallOptions = {}): Promise<DiscoveryResult> {
  const ids = new Set<string>();
  try {
    let page = 1;
    let totalPages = 1;
    do {
      const result = await client.listUsers({ page, count: USERS_PAGE_SIZE }, call);
      // Only collaborators carry `zones` (docs/api.md › Presence rules); admins see every zone anyway.
      for (const user of result.users) for (const id of user.zones ?? []) ids.add(id);
      totalPages = Math.min(result.pagination.total_pages, MAX_USERS_PAGES);
      page++;
    } while (page <= totalPages);
  } catch (err) {
    if (err instanceof ApiError && err.kind === 'forbidden') {
      return {
        source: 'pinned_only',
        discoveredIds: [],
        message: discoveryMessage('pinned_only', pinnedIds.length, 0),
      };
    }
    throw err;
  }
  return { source: 'users_list', discoveredIds: [...ids], message: null };
}

/** The ids a cycle polls: discovered and pinned, each once, minus those reported gone. */
export function zoneIdsToPoll(discovery: Pick<Discovery, 'discoveredIds' | 'pinnedIds' | 'removedIds'>): string[] {
  const removed = new Set(discovery.removedIds);
  return [...new Set([...discovery.discoveredIds, ...discovery.pinnedIds])].filter((id) => !removed.has(id));
}

/** `info.current` (zones visible to the key) minus the zones the client could fetch. */
export function countNotYetKnown(infoCurrent: number | null, knownCount: number): number {
  return infoCurrent === null ? 0 : Math.max(0, infoCurrent - knownCount);
}

export function notYetKnownMessage(count: number): string | null {
  if (count === 0) return null;
  return count === 1
    ? '1 zone is not yet known to Zonewatch. Add its id to watch it.'
    : `${count} zones are not yet known to Zonewatch. Add their ids to watch them.`;
}

/** What the discovery tells the user: the limits of a key that may not list users, and zones seen but not fetched. */
export function discoveryMessage(source: DiscoverySource, pinnedCount: number, notYetKnown: number): string | null {
  const parts: string[] = [];
  if (source === 'pinned_only') {
    parts.push(
      pinnedCount > 0
        ? 'This key may not list team members, so Zonewatch watches only the zones you added by id.'
        : 'This key may not list team members, so Zonewatch cannot find zones by itself. Add your zone ids to watch them.',
    );
  }
  const unknown = notYetKnownMessage(notYetKnown);
  if (unknown) parts.push(unknown);
  return parts.length > 0 ? parts.join(' ') : null;
}

/**
 * Reads ids pasted in bulk (separated by commas, blanks or new lines). Each is validated as a
 * zone id; repeats and ids already pinned are reported, not added twice.
 */
export function parsePinnedIds(text: string, alreadyPinned: readonly string[]): PinResult {
  const known = new Set(alreadyPinned);
  const result: PinResult = { added: [], alreadyKnown: [], invalid: [] };
  const seen = new Set<string>();
  for (const value of text.split(/[\s,;]+/).filter((v) => v.length > 0)) {
    if (seen.has(value)) continue;
    seen.add(value);
    const parsed = ZoneId.safeParse(value);
    if (!parsed.success) {
      result.invalid.push({ value: value.slice(0, 40), reason: parsed.error.issues[0]?.message ?? 'is not a zone id' });
    } else if (known.has(value)) {
      result.alreadyKnown.push(value);
    } else {
      result.added.push(value);
    }
  }
  return result;
}

/**
 * Asks the service about freshly pinned ids: those it leaves out of a successful get are moved to
 * `invalid` (unknown, or not visible to this key). Ids of a failed call stay added, since the
 * failure says nothing about them (docs/api.md › Zone ids and what info counts).
 */
export async function verifyPinnedIds(client: ApiClient, result: PinResult, call: CallOptions = {}): Promise<PinResult> {
  const added: string[] = [];
  const invalid = [...result.invalid];
  for (const batch of batchZoneIds(result.added)) {
    try {
      const { zones } = await client.getZones(batch, call);
      const found = new Set(zones.map((zone) => zone.zone_id));
      for (const id of batch) {
        if (found.has(id)) added.push(id);
        else invalid.push({ value: id, reason: 'is not a zone this key can see' });
      }
    } catch {
      added.push(...batch);
    }
  }
  return { ...result, added, invalid };
}
