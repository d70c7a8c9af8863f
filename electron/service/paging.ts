/** One page of `items` (`page` counts from 1) and the number of pages; no items is no pages. */
export function pageOf<T>(items: readonly T[], page: number, count: number): { items: T[]; totalPages: number } {
  const start = (page - 1) * count;
  return { items: items.slice(start, start + count), totalPages: Math.ceil(items.length / count) };
}
