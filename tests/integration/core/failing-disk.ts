// A data folder whose writes fail as a full or failing disk's do: the project's own confStoreFactory
// wrapped at the core's store factory, each write (and the folder's sync) refused with the errno a
// real disk gives while a fault is on (docs/architecture.md › Offline).
import type { KeyValueStore } from '../../../electron/core/ports';
import { confStoreFactory, type DocumentStoreFactory } from '../../../electron/core/storage/persistence';
import { syncFolder } from '../../../electron/core/storage/store-folder';
import { storeWritingThrough } from '../../../electron/core/storage/watched-writes';

export type DiskFault = 'ENOSPC' | 'EIO';

const MESSAGES: Record<DiskFault, string> = { ENOSPC: 'no space left on device', EIO: 'i/o error' };

/** The error node's fs gives for `code`, with its code, errno and syscall. */
export function diskError(code: DiskFault, syscall: string, file: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: ${MESSAGES[code]}, ${syscall} '${file}'`), { code, errno: code === 'ENOSPC' ? -28 : -5, syscall, path: file });
}

/**
 * A conf store factory over `dir` whose writes fail while a fault is on: `fail(code, which)` refuses
 * every write of the stores `which` picks (all of them by default; it is asked at each write, so it
 * may count them), `failSync(code)` the folder's sync, `heal()` ends both. `refused` lists each
 * refused write's store ("(folder sync)" for the sync), in order.
 */
export function failingDisk(dir: string) {
  const real = confStoreFactory(dir);
  let fault: { code: DiskFault; which: (name: string) => boolean } | null = null;
  let syncFault: DiskFault | null = null;
  const refused: string[] = [];

  const open = (name: string, options?: { compact?: boolean }): KeyValueStore => {
    const store = options === undefined ? real(name) : real(name, options);
    return storeWritingThrough(store, (write) => {
      if (fault !== null && fault.which(name)) {
        refused.push(name);
        throw diskError(fault.code, 'write', `${store.path}.tmp-1764763200abcdef`);
      }
      write();
    });
  };
  const factory: DocumentStoreFactory = Object.assign(open, {
    pathOf: real.pathOf!,
    syncFolder: (folder: string) => {
      if (syncFault !== null) {
        refused.push('(folder sync)');
        throw diskError(syncFault, 'fsync', folder);
      }
      syncFolder(folder);
    },
  });
  return {
    factory,
    refused,
    fail(code: DiskFault, which: (name: string) => boolean = () => true): void {
      fault = { code, which };
    },
    failSync(code: DiskFault): void {
      syncFault = code;
    },
    heal(): void {
      fault = null;
      syncFault = null;
    },
  };
}

/** Picks an account's store of one kind by its name (`profile-<id>-journal`…), for `fail`. */
export const storeOfKind =
  (...kinds: string[]) =>
  (name: string): boolean =>
    kinds.some((kind) => name.endsWith(`-${kind}`));
