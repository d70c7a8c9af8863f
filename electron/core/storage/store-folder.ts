import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from '../ports';

/**
 * The app-wide stores in the user-data folder: the core's, and main's window size and safe-storage
 * key. With every account's `profile-<id>-<kind>` files they are all the files the app owns there.
 */
export const APP_STORES = { settings: 'settings', snooze: 'snooze', notices: 'notices', windowState: 'window-state', safeStorage: 'secrets', paletteRecent: 'palette-recent', digestSent: 'digest-sent', channels: 'channels', deliveries: 'deliveries' } as const;

const APP_STORE_NAMES: ReadonlySet<string> = new Set(Object.values(APP_STORES));
const ACCOUNT_STORE = /^profile-[A-Za-z0-9_-]{1,64}-[a-z][a-z0-9-]*$/;
/** A channel's outbox (outbox/outbox.ts › OUTBOX_STORE_PREFIX). */
const OUTBOX_STORE = /^outbox-[a-z0-9]{8,32}$/;

/** Whether a store name is one of the app's own (docs/architecture.md › Offline). Pure. */
export function isOwnStoreName(name: string): boolean {
  return APP_STORE_NAMES.has(name) || ACCOUNT_STORE.test(name) || OUTBOX_STORE.test(name);
}

/**
 * The temporary file atomically writes before its rename: `<file>.tmp-<10 digits><6 hex>`
 * (node_modules/atomically/dist/utils/temp.js). A kill between its open and the rename leaves it.
 */
const LEFTOVER_TEMP = /^(.+)\.json\.tmp-\d{10}[0-9a-f]{6}$/;

/** How many set-aside copies of one store are kept, newest first (docs/architecture.md › Offline). */
export const SET_ASIDE_KEPT = 3;

const SET_ASIDE = /^(.+)\.json\.corrupt-[0-9TZ.-]+$/;

function listFolder(dir: string): string[] {
  try {
    return fs.readdirSync(dir);
  } catch {
    return [];
  }
}

/** The folder a factory keeps its stores in; null for one that cannot say (memory). */
export function storeFolder(factory: { pathOf?: (name: string) => string }): string | null {
  const file = factory.pathOf?.(APP_STORES.settings);
  return file === undefined ? null : path.dirname(file);
}

/**
 * Removes the temporary files a killed writer left of the app's own stores, and nothing else: a
 * file of another name is a user's and stays. Run at start, before any store is opened (a store's
 * writes are synchronous, so no write of this process is under way). Returns the names removed.
 */
export function removeLeftoverTempFiles(dir: string | null, logger?: Logger): string[] {
  const removed: string[] = [];
  if (dir === null) return removed;
  for (const name of listFolder(dir)) {
    const store = LEFTOVER_TEMP.exec(name)?.[1];
    if (store === undefined || !isOwnStoreName(store)) continue;
    try {
      fs.rmSync(path.join(dir, name), { force: true });
      removed.push(name);
    } catch (err) {
      logger?.warn('persistence: a leftover temporary file could not be removed', { file: name, error: err });
    }
  }
  if (removed.length > 0) logger?.info('persistence: removed temporary files left by an interrupted write', { files: removed.length });
  return removed;
}

/** Keeps the newest `keep` set-aside copies of `file` (their names sort by time) and removes the rest. */
export function pruneSetAside(file: string, keep = SET_ASIDE_KEPT): void {
  const prefix = `${path.basename(file)}.corrupt-`;
  const dir = path.dirname(file);
  const copies = listFolder(dir)
    .filter((name) => name.startsWith(prefix))
    .sort()
    .reverse();
  for (const old of copies.slice(keep)) fs.rmSync(path.join(dir, old), { force: true });
}

/** Every set-aside copy of the app's own stores in the folder, by name, with its size: for "Copy diagnostics". */
export function setAsideFiles(dir: string | null): { file: string; bytes: number }[] {
  if (dir === null) return [];
  return listFolder(dir)
    .filter((name) => {
      const store = SET_ASIDE.exec(name)?.[1];
      return store !== undefined && isOwnStoreName(store);
    })
    .sort()
    .map((name) => {
      let bytes = 0;
      try {
        bytes = fs.statSync(path.join(dir, name)).size;
      } catch {
        // Gone meanwhile: listed with no size.
      }
      return { file: name, bytes };
    });
}

/**
 * Makes a rename in `dir` durable: fsync of the folder, so a power cut cannot bring back the file the
 * rename replaced (the data itself atomically fsyncs before the rename). Windows cannot open a folder
 * for fsync: there NTFS journals the rename and the file's own flush is what stands in
 * (docs/architecture.md › Offline), so EISDIR/EPERM are not errors.
 */
export function syncFolder(dir: string): void {
  let fd: number | null = null;
  try {
    fd = fs.openSync(dir, 'r');
    fs.fsyncSync(fd);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (process.platform === 'win32' && (code === 'EISDIR' || code === 'EPERM' || code === 'EACCES')) return;
    throw err;
  } finally {
    if (fd !== null) fs.closeSync(fd);
  }
}
