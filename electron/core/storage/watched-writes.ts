import type { KeyValueStore } from '../ports';
import type { DocumentStoreFactory } from './persistence';
import { syncFolder } from './store-folder';

/** Told of every write to the data folder: which store (or the folder's sync) failed, and which landed since. */
export type WriteWatch = {
  failed(store: string, error: unknown): void;
  written(store: string): void;
};

/** What the folder's sync is called in a WriteWatch: it belongs to no one store. */
export const FOLDER_SYNC = '(folder sync)';

/** The store, each of its writes run through `around` (which runs it, or throws instead); reads go straight. */
export function storeWritingThrough(store: KeyValueStore, around: (write: () => void) => void): KeyValueStore {
  return {
    get path() {
      return store.path;
    },
    get: (key) => store.get(key),
    set: (key, value) => around(() => store.set(key, value)),
    delete: (key) => around(() => store.delete(key)),
    clear: () => around(() => store.clear()),
  };
}

/**
 * The factory's stores, each write told to `watch` as it lands or fails (the error still thrown to
 * the store's owner): how the app hears once that its data folder cannot be written
 * (docs/architecture.md › Notices), whichever store meets it first.
 */
export function watchedStoreFactory(factory: DocumentStoreFactory, watch: WriteWatch): DocumentStoreFactory {
  const observed = <T>(store: string, write: () => T): T => {
    let result: T;
    try {
      result = write();
    } catch (err) {
      watch.failed(store, err);
      throw err;
    }
    watch.written(store);
    return result;
  };
  const open = (name: string, options?: { compact?: boolean }): KeyValueStore => {
    const store = options === undefined ? factory(name) : factory(name, options);
    return storeWritingThrough(store, (write) => observed(name, write));
  };
  const sync = factory.syncFolder ?? syncFolder;
  return Object.assign(open, {
    ...(factory.pathOf ? { pathOf: factory.pathOf } : {}),
    syncFolder: (dir: string) => observed(FOLDER_SYNC, () => sync(dir)),
  });
}
