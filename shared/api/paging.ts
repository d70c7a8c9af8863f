import { z } from 'zod';
import { boundedInt } from './bounded-int';
import { queryInt } from './query-params';

// docs/api.md › Bounds: page 1 < x < 1000, count 1 < x < 100 (default 10), read as
// inclusive; the same bounds for the users list and the billing history.
export const MAX_PAGE = 1000;
export const MAX_COUNT = 100;
export const DEFAULT_COUNT = 10;

export const Page = boundedInt(1, MAX_PAGE);
export type Page = z.infer<typeof Page>;

export const Count = boundedInt(1, MAX_COUNT);
export type Count = z.infer<typeof Count>;

/** `page` as a raw URL query string. */
export const PageParam = queryInt(Page);
/** `count` as a raw URL query string. */
export const CountParam = queryInt(Count);
