/**
 * One zone's writes, one after another (docs/architecture.md › Actions): a write to a zone is sent
 * once the one before it to that zone has been answered, so the last answer the app takes in is
 * the last change the service made. Two writes in flight at once could be answered in either
 * order, and the window would then keep the older state (a toggle's "on" taken in after the stop
 * that turned the zone off). Writes to different zones still go at once.
 */
export function createZoneLanes(): <T>(zoneId: string, write: () => Promise<T>) => Promise<T> {
  const tails = new Map<string, Promise<void>>();
  return (zoneId, write) => {
    const run = (tails.get(zoneId) ?? Promise.resolve()).then(write);
    const tail = run.then(
      () => undefined,
      () => undefined,
    );
    tails.set(zoneId, tail);
    void tail.then(() => {
      if (tails.get(zoneId) === tail) tails.delete(zoneId);
    });
    return run;
  };
}
