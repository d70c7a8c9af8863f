import { z } from 'zod';

/** ISO 8601 timestamp, with `Z` or a numeric offset (docs/api.md › Units, money and time). */
export const Timestamp = z.iso.datetime({ offset: true });
export type Timestamp = z.infer<typeof Timestamp>;
