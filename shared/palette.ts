import { z } from 'zod';
import { ZoneId } from './api/zone';
import { ProfileId } from './profile-id';

/**
 * One known zone as the command palette lists it (docs/desktop.md › The command palette): its
 * states come from the core's derivations (the stop record, the cap wording), never re-derived in
 * the window. `enabled` is null when the service did not say: it may be running.
 */
export const PaletteZone = z.object({
  zoneId: ZoneId,
  /** The zone's display name (its id when it has none). */
  name: z.string(),
  /** The service's network word (`residential`…), null when unknown. */
  network: z.string().nullable(),
  enabled: z.boolean().nullable(),
  spendTodayCents: z.number().nullable(),
  /** Zonewatch's "Stop all spend" turned it off and its record still holds it. */
  stoppedByZonewatch: z.boolean(),
  /** "Turned off by its $40/day cap at 14:32 UTC", or null. */
  capStop: z.string().nullable(),
  /** What disabling it asks first (open connections), as the tray and the list ask; null when it asks nothing. */
  disableAsks: z.object({ message: z.string(), detail: z.string(), confirmLabel: z.string() }).nullable(),
});
export type PaletteZone = z.infer<typeof PaletteZone>;

/** One watched account's zones, and why none of them can be changed now (null when they can). */
export const PaletteAccount = z.object({
  profileId: ProfileId,
  /** No key, a refused key, offline, a key whose role may not change zones, or a stop or restore running. */
  cannotChange: z.string().nullable(),
  zones: z.array(PaletteZone),
});
export type PaletteAccount = z.infer<typeof PaletteAccount>;

/** A choice the palette remembers: a zone, an account's action, a view or an app action, by its item id. */
export const PaletteChoice = z.object({
  id: z.string().min(1).max(200),
  /** The account it belongs to; forgotten with that account. Null for app-wide choices. */
  profileId: ProfileId.nullable(),
});
export type PaletteChoice = z.infer<typeof PaletteChoice>;

/** How many recent choices are kept (most recent first). */
export const PALETTE_RECENT_MAX = 8;

/** `palette:list`: every watched account's known zones in one read, and the recent choices. */
export const PaletteList = z.object({
  accounts: z.array(PaletteAccount),
  recent: z.array(PaletteChoice).max(PALETTE_RECENT_MAX),
});
export type PaletteList = z.infer<typeof PaletteList>;
