import { z } from 'zod';

/** ISO 8601 UTC timestamp; DESIGN.md accepts either `Z` or a numeric offset. */
export const Timestamp = z.iso.datetime({ offset: true });
export type Timestamp = z.infer<typeof Timestamp>;
