/** Calls `call` on each item; one that throws is handed to `failed` and the rest are still called. */
export function callEach<T>(items: Iterable<T>, call: (item: T) => void, failed: (err: unknown) => void): void {
  for (const item of items) {
    try {
      call(item);
    } catch (err) {
      failed(err);
    }
  }
}
