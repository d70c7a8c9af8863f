import { MAX_ZONE_IDS_PATH_LENGTH, MAX_ZONE_IDS_PER_GET } from '../../../shared/api/zone-ids';

/** docs/architecture.md › How data flows: up to 4 get-zones calls at once. */
export const MAX_PARALLEL_BATCHES = 4;

/**
 * Splits ids into get-zones calls of at most 10 ids and 1024 characters joined with commas
 * (docs/api.md › Bounds). Duplicates are sent once; order is kept.
 */
export function batchZoneIds(ids: readonly string[]): string[][] {
  const batches: string[][] = [];
  let current: string[] = [];
  let length = 0;
  for (const id of new Set(ids)) {
    const added = current.length === 0 ? id.length : length + 1 + id.length;
    if (current.length === MAX_ZONE_IDS_PER_GET || added > MAX_ZONE_IDS_PATH_LENGTH) {
      batches.push(current);
      current = [];
      length = 0;
    }
    length = current.length === 0 ? id.length : length + 1 + id.length;
    current.push(id);
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

/** Runs `task` over every item with at most `limit` in flight; settles every item, in order. */
export async function settleWithLimit<T, R>(
  items: readonly T[],
  task: (item: T) => Promise<R>,
  limit = MAX_PARALLEL_BATCHES,
): Promise<PromiseSettledResult<R>[]> {
  const results: PromiseSettledResult<R>[] = new Array(items.length);
  let next = 0;
  async function worker(): Promise<void> {
    while (next < items.length) {
      const index = next++;
      try {
        results[index] = { status: 'fulfilled', value: await task(items[index] as T) };
      } catch (reason) {
        results[index] = { status: 'rejected', reason };
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
