import { z } from 'zod';
import { type Zone, ZoneId } from './api/zone';

/**
 * What changed in one zone the window already holds: the members whose value changed, with their
 * new value, and the members that are now absent (unknown). A poll re-reads every zone, but most
 * of a zone stays as it was; only this travels to the window (docs/architecture.md › How updates
 * reach the window).
 */
export const ZonePatch = z.object({
  zoneId: ZoneId,
  set: z.record(z.string(), z.unknown()),
  unset: z.array(z.string()),
});
export type ZonePatch = z.infer<typeof ZonePatch>;

/** Plain JSON values compared by content: a zone's arrays and objects are new on every read. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const keys = Object.keys(ra);
  if (keys.length !== Object.keys(rb).length) return false;
  return keys.every((key) => key in rb && sameValue(ra[key], rb[key]));
}

/** The patch that turns `before` into `after` (the same zone), or null when nothing changed. Pure. */
export function zonePatch(before: Zone, after: Zone): ZonePatch | null {
  const set: Record<string, unknown> = {};
  const unset: string[] = [];
  let changed = false;
  const was = before as Record<string, unknown>;
  const now = after as Record<string, unknown>;
  for (const key of Object.keys(now)) {
    if (now[key] === undefined) continue;
    if (!sameValue(was[key], now[key])) {
      set[key] = now[key];
      changed = true;
    }
  }
  for (const key of Object.keys(was)) {
    if (was[key] !== undefined && now[key] === undefined) {
      unset.push(key);
      changed = true;
    }
  }
  return changed ? { zoneId: after.zone_id, set, unset } : null;
}

/** `zone` with `patch` applied: a new object; the members the patch leaves alone keep their values. Pure. */
export function applyZonePatch(zone: Zone, patch: ZonePatch): Zone {
  const next: Record<string, unknown> = { ...zone, ...patch.set };
  for (const key of patch.unset) delete next[key];
  return next as Zone;
}

/** One patch that does what `first` then `then` do. Pure. */
export function mergeZonePatches(first: ZonePatch, then: ZonePatch): ZonePatch {
  const set: Record<string, unknown> = { ...first.set };
  for (const key of then.unset) delete set[key];
  Object.assign(set, then.set);
  const unset = [...new Set([...first.unset.filter((key) => !(key in then.set)), ...then.unset])];
  return { zoneId: then.zoneId, set, unset };
}
