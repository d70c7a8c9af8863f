import type { KeyValueStore } from '../../../electron/core/ports';
import { confStoreFactory, type DocumentStoreFactory } from '../../../electron/core/storage/persistence';

/**
 * A simulated kill of a core that runs in the test's own process: once it has sent its `n`th change
 * (PUT) after `arm(n)`, nothing more it does reaches the service (every later request fails before
 * it is sent) or the disk (every later write is dropped), as if the process had died just after that
 * request left. Answers to requests already sent still come back to it, to no effect outside it.
 */
export function killSwitch(dir: string) {
  let left = Number.POSITIVE_INFINITY;
  let killed = false;
  const fetch: typeof globalThis.fetch = async (input, init) => {
    if (killed) throw new TypeError('fetch failed: the process is gone');
    if ((init?.method ?? 'GET').toUpperCase() === 'PUT' && --left <= 0) killed = true;
    return globalThis.fetch(input, init);
  };
  const base = confStoreFactory(dir);
  const frozen = (store: KeyValueStore): KeyValueStore => ({
    get path() {
      return store.path;
    },
    get: (key) => store.get(key),
    set: (key, value) => void (killed || store.set(key, value)),
    delete: (key) => void (killed || store.delete(key)),
    clear: () => void (killed || store.clear()),
  });
  const storeFactory: DocumentStoreFactory = Object.assign((name: string, options?: { compact?: boolean }) => frozen(base(name, options)), { pathOf: base.pathOf });
  return {
    fetch,
    storeFactory,
    /** The kill comes with the `n`th change sent from now on. */
    arm(n: number) {
      left = n;
    },
    killed: () => killed,
  };
}
