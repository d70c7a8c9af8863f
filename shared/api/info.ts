import { z } from 'zod';

/**
 * service-interface.md › Info object. Per DESIGN.md `current` counts the resource visible to the
 * key (zones, or users in the users list) and `allowed` is the plan's limit.
 */
export const Info = z.looseObject({
  current: z.int(),
  allowed: z.int(),
});
export type Info = z.infer<typeof Info>;
