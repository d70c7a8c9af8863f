import { z } from 'zod';
import { AccountInfo } from './api/account';
import { Info } from './api/info';
import { Plan } from './api/plan';
import { Role } from './api/user';
import { Zone, ZoneId } from './api/zone';
import { Timestamp } from './api/timestamp';
import { AppError } from './app-error';
import { ZonePatch } from './zone-patch';

/** When a part was last fetched successfully, and the error of the last attempt if it failed. */
export const FetchState = z.object({
  fetchedAt: Timestamp.nullable(),
  error: AppError.nullable(),
});
export type FetchState = z.infer<typeof FetchState>;

/** Account info with every `api_key` removed at the client boundary (docs/architecture.md › Secrets). */
export const AccountPart = FetchState.extend({ data: AccountInfo.nullable() });
export type AccountPart = z.infer<typeof AccountPart>;

export const PlansPart = FetchState.extend({ data: z.array(Plan).nullable() });
export type PlansPart = z.infer<typeof PlansPart>;

export const ZoneEntry = z.object({ zone: Zone, fetchedAt: Timestamp });
export type ZoneEntry = z.infer<typeof ZoneEntry>;

/** `info` is the Info object of the last successful get-zones call (zones visible to the key). */
export const ZonesFetch = FetchState.extend({ info: Info.nullable() });
export type ZonesFetch = z.infer<typeof ZonesFetch>;

export const DiscoverySource = z.enum(['users_list', 'pinned_only', 'none']);
export type DiscoverySource = z.infer<typeof DiscoverySource>;

/**
 * How the client knows which zones exist (there is no list-all-zones operation): ids from the
 * users list (admin keys) plus ids the user pinned. `notYetKnown` = `info.current` minus the
 * zones it could fetch; `removedIds` are ids a successful response left out.
 */
export const Discovery = z.object({
  source: DiscoverySource,
  role: Role.nullable(),
  discoveredIds: z.array(ZoneId),
  pinnedIds: z.array(ZoneId),
  removedIds: z.array(ZoneId),
  notYetKnown: z.number().int().nonnegative(),
  ranAt: Timestamp.nullable(),
  message: z.string().nullable(),
});
export type Discovery = z.infer<typeof Discovery>;

export const Snapshot = z.object({
  account: AccountPart,
  plans: PlansPart,
  zonesFetch: ZonesFetch,
  zones: z.record(z.string(), ZoneEntry),
  discovery: Discovery,
});
export type Snapshot = z.infer<typeof Snapshot>;

/**
 * A round of get-zones calls read the zones at `at`, except those in `unread` (their batch failed),
 * which were last read at the time given. Zones read unchanged travel no further than this
 * (docs/architecture.md › How updates reach the window).
 */
export const ZonesRead = z.object({ at: Timestamp, unread: z.record(z.string(), Timestamp) });
export type ZonesRead = z.infer<typeof ZonesRead>;

/**
 * What changed in the snapshot since the last update, and nothing else (docs/architecture.md ›
 * How updates reach the window): parts replaced whole, zones new to the window whole, zones it
 * holds as the members that changed, removed zones by id.
 */
export const SnapshotDelta = z.object({
  account: AccountPart.optional(),
  plans: PlansPart.optional(),
  zonesFetch: ZonesFetch.optional(),
  zonesUpserted: z.array(ZoneEntry),
  zonesPatched: z.array(ZonePatch).optional(),
  zoneIdsRemoved: z.array(ZoneId),
  zonesRead: ZonesRead.optional(),
  discovery: Discovery.optional(),
});
export type SnapshotDelta = z.infer<typeof SnapshotDelta>;

export function emptySnapshot(): Snapshot {
  const never = { fetchedAt: null, error: null };
  return {
    account: { ...never, data: null },
    plans: { ...never, data: null },
    zonesFetch: { ...never, info: null },
    zones: {},
    discovery: {
      source: 'none',
      role: null,
      discoveredIds: [],
      pinnedIds: [],
      removedIds: [],
      notYetKnown: 0,
      ranAt: null,
      message: null,
    },
  };
}
