import { z } from 'zod';
import { ZoneId } from './zone';

// docs/api.md › Bounds: get zones takes up to 10 comma-separated ids, at most 1024 characters.
export const MAX_ZONE_IDS_PER_GET = 10;
export const MAX_ZONE_IDS_PATH_LENGTH = 1024;

/** The ids of one get-zones call, as typed values. */
export const ZoneIds = z
  .array(ZoneId)
  .min(1, { error: 'must name at least one zone' })
  .max(MAX_ZONE_IDS_PER_GET, { error: `must name at most ${MAX_ZONE_IDS_PER_GET} zones` })
  .refine((ids) => ids.join(',').length <= MAX_ZONE_IDS_PATH_LENGTH, {
    error: `must be at most ${MAX_ZONE_IDS_PATH_LENGTH} characters when joined`,
  });
export type ZoneIds = z.infer<typeof ZoneIds>;

/** The raw `{zone_ids}` path segment, e.g. `1234ABCD,ABCDEF`. */
export const ZoneIdsParam = z
  .string()
  .max(MAX_ZONE_IDS_PATH_LENGTH, { error: `must be at most ${MAX_ZONE_IDS_PATH_LENGTH} characters` })
  .transform((value) => value.split(','))
  .pipe(ZoneIds);
