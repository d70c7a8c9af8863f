import { z } from 'zod';

/**
 * docs/api.md › Zone ids and what info counts: `current` counts the resource visible to the
 * key (zones, or users in the users list) and `allowed` is the plan's limit.
 */
export const Info = z.looseObject({
  current: z.int(),
  allowed: z.int(),
});
export type Info = z.infer<typeof Info>;
