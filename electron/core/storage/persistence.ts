import fs from 'node:fs';
import path from 'node:path';
import Conf from 'conf';
import { z } from 'zod';
import type { KeyValueStore, Logger, StoreFactory } from '../ports';
import { pruneSetAside, syncFolder } from './store-folder';
import { DocumentWriteError } from './write-failure';

/**
 * A StoreFactory that may also say where a named store lives without opening it, so that a file
 * the factory cannot parse can still be set aside. Without `pathOf` the path is taken from conf's
 * parse error, which names the file. `syncFolder` makes a rename in the folder durable (store-folder.ts
 * › syncFolder when absent): a port, so that a test can make it fail as a disk can.
 */
export type DocumentStoreFactory = StoreFactory & { pathOf?: (name: string) => string; syncFolder?: (dir: string) => void };

/** One persisted, schema-checked value (settings, a snapshot, a history, a billing cache…). */
export interface PersistentDocument<T> {
  readonly name: string;
  get(): T;
  /**
   * Validates and writes. A durable document's failed write (its folder sync included) throws a
   * DocumentWriteError and keeps the value its file holds; a cache's is logged and the value kept
   * for this session.
   */
  set(value: T): void;
  update(fn: (current: T) => T): T;
  /** Deletes the file (and any set-aside copies); the document reads its initial value again. */
  erase(): void;
}

/**
 * A file that could not be read was moved aside (`setAside`, null when it could not be kept); the
 * document starts from its initial value. `at`: when, by the app's clock (ISO 8601).
 */
export type SetAsideEvent = { name: string; file: string; setAside: string | null; reason: string; at: string };

export interface OpenDocumentOptions {
  /** The app's clock (epoch ms), for set-aside file names: every store is given it. */
  now: () => number;
  /** Told when the file was set aside, so the owner says so where the user looks: every store says it (a notice). */
  onSetAside: (event: SetAsideEvent) => void;
  /** Written without indentation: for large documents only the app reads (the daily ledger). */
  compact?: boolean;
  /**
   * Each write is durable before `set` returns: the data fsynced before the rename (atomically does
   * that for every store) and the folder fsynced after it, so a power cut cannot bring back the
   * version before. For the money records and the settings (docs/architecture.md › Offline). A
   * write that fails, the folder's sync included, throws and leaves `get` as it was.
   */
  durable?: boolean;
}

/** The one key a document's file holds its value under (leaves room for metadata beside it). */
const DATA_KEY = 'data';

/** A corrupt or schema-violating file keeps its contents under this suffix, beside the original. */
export function setAsidePath(file: string, at: Date): string {
  // ISO 8601 with `:` swapped for `-`, since Windows refuses colons in file names.
  return `${file}.corrupt-${at.toISOString().replace(/:/g, '-')}`;
}

/** A store in memory only: what a document falls back to when its file cannot be written at all. */
export function createMemoryStore(name: string): KeyValueStore {
  const values = new Map<string, unknown>();
  return {
    path: `memory:${name}`,
    get: (key) => values.get(key),
    set: (key, value) => void values.set(key, value),
    delete: (key) => void values.delete(key),
    clear: () => values.clear(),
  };
}

/** `conf` stores in `dir` (tests, the browser preview); main builds electron-store ones alike. */
export function confStoreFactory(dir: string): DocumentStoreFactory {
  const factory = (name: string, options: { compact?: boolean } = {}): KeyValueStore =>
    new Conf<Record<string, unknown>>({
      cwd: dir,
      configName: name,
      accessPropertiesByDotNotation: false,
      configFileMode: 0o600,
      ...(options.compact ? { serialize: (value: Record<string, unknown>) => JSON.stringify(value) } : {}),
    });
  return Object.assign(factory, { pathOf: (name: string) => path.join(dir, `${name}.json`) });
}

function describeIssues(error: z.ZodError): string {
  // Paths only: a message quoting the rejected values could quote a secret.
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.code}`)
    .join('; ');
}

function pathFromError(error: unknown): string | null {
  const message = error instanceof Error ? error.message : '';
  return /`([^`]+\.json)`/.exec(message)?.[1] ?? null;
}

function storePath(factory: DocumentStoreFactory, name: string, error?: unknown): string | null {
  return factory.pathOf?.(name) ?? (error === undefined ? null : pathFromError(error));
}

type SetAsideContext = { name: string; now: () => number; logger: Logger | undefined; onSetAside: (event: SetAsideEvent) => void };

/** Moves a file aside (its contents kept for a bug report), never throwing. */
function setAside(file: string, ctx: SetAsideContext, reason: string): void {
  const { logger } = ctx;
  const at = new Date(ctx.now());
  const target = setAsidePath(file, at);
  let moved: string | null = target;
  try {
    fs.renameSync(file, target);
    logger?.warn('persistence: set a damaged file aside and started afresh', { file: path.basename(file), setAside: path.basename(target), reason });
  } catch (err) {
    logger?.error('persistence: could not set a damaged file aside', { file: path.basename(file), reason, error: err });
    fs.rmSync(file, { force: true });
    moved = null;
  }
  try {
    pruneSetAside(file);
  } catch (err) {
    logger?.warn('persistence: older set-aside copies could not be removed', { file: path.basename(file), error: err });
  }
  try {
    ctx.onSetAside({ name: ctx.name, file: path.basename(file), setAside: moved === null ? null : path.basename(moved), reason, at: at.toISOString() });
  } catch (err) {
    logger?.warn('persistence: the set-aside notice failed', { error: err });
  }
}

/** Opens the named store, setting a file aside and opening afresh when conf cannot parse it. */
function openStore(factory: DocumentStoreFactory, name: string, ctx: SetAsideContext, compact: boolean): KeyValueStore {
  const { logger } = ctx;
  const open = () => (compact ? factory(name, { compact }) : factory(name));
  try {
    return open();
  } catch (err) {
    const file = storePath(factory, name, err);
    if (file && fs.existsSync(file)) {
      setAside(file, ctx, 'not valid JSON');
      try {
        return open();
      } catch (again) {
        logger?.error('persistence: store still cannot be opened; keeping it in memory', { name, error: again });
      }
    } else {
      logger?.error('persistence: store cannot be opened; keeping it in memory', { name, error: err });
    }
    return createMemoryStore(name);
  }
}

/**
 * Opens a persisted document: reads and validates it, and when the file is corrupt (conf throws)
 * or its contents violate the schema, sets the file aside as `<file>.corrupt-<time>` and starts
 * from `initial`. Never throws on a bad file (docs/architecture.md › Offline).
 */
export function openDocument<S extends z.ZodType>(
  factory: DocumentStoreFactory,
  name: string,
  schema: S,
  initial: z.output<S> | (() => z.output<S>),
  logger: Logger | undefined,
  options: OpenDocumentOptions,
): PersistentDocument<z.output<S>> {
  type T = z.output<S>;
  const ctx: SetAsideContext = { name, now: options.now, logger, onSetAside: options.onSetAside };
  const compact = options.compact ?? false;
  const fresh = (): T => (typeof initial === 'function' ? (initial as () => T)() : structuredClone(initial));
  let store = openStore(factory, name, ctx, compact);

  const load = (): T => {
    let raw: unknown;
    try {
      raw = store.get(DATA_KEY);
    } catch (err) {
      // The file changed under us since it was opened (another writer, a disk fault).
      const file = storePath(factory, name, err) ?? store.path;
      if (fs.existsSync(file)) setAside(file, ctx, 'not valid JSON');
      store = openStore(factory, name, ctx, compact);
      return fresh();
    }
    if (raw === undefined) return fresh();
    const parsed = schema.safeParse(raw);
    if (parsed.success) return parsed.data;
    if (fs.existsSync(store.path)) {
      setAside(store.path, ctx, `does not match its schema (${describeIssues(parsed.error)})`);
    }
    return fresh();
  };

  let current = load();
  /** Writes `current` again, best effort: the file held it before the write whose sync failed. */
  const putBack = (): void => {
    try {
      store.set(DATA_KEY, current);
    } catch (err) {
      logger?.error('persistence: the value before a failed write could not be put back', { name, error: err });
    }
  };

  const write = (value: T): void => {
    const checked = schema.safeParse(value);
    if (!checked.success) {
      // A bug in the caller, not a bad file: refuse loudly rather than persist what cannot load.
      throw new Error(`persistence: refusing to write ${name}: ${describeIssues(checked.error)}`);
    }
    if (!options.durable) {
      current = checked.data;
      try {
        store.set(DATA_KEY, checked.data);
      } catch (err) {
        logger?.error('persistence: write failed; the value is kept for this session only', { name, error: err });
      }
      return;
    }
    let renamed = false;
    try {
      store.set(DATA_KEY, checked.data);
      renamed = true;
      if (!store.path.startsWith('memory:')) (factory.syncFolder ?? syncFolder)(path.dirname(store.path));
    } catch (err) {
      // The value stays what the file held: a later write of the whole document from memory must not
      // carry a change that never landed, nor drop one that did (docs/architecture.md › Offline).
      // Only the folder's sync failed: the file holds the refused value, put back for a restart to read.
      if (renamed) putBack();
      logger?.error('persistence: a durable write failed; the value is kept as the file holds it', { name, error: err });
      throw new DocumentWriteError(name, err);
    }
    current = checked.data;
  };

  return {
    name,
    get: () => current,
    set: write,
    update(fn) {
      write(fn(current));
      return current;
    },
    erase() {
      eraseStoreFiles(store.path);
      current = fresh();
    },
  };
}

function eraseStoreFiles(file: string): void {
  if (file.startsWith('memory:')) return;
  fs.rmSync(file, { force: true });
  const dir = path.dirname(file);
  const prefix = `${path.basename(file)}.corrupt-`;
  let siblings: string[];
  try {
    siblings = fs.readdirSync(dir);
  } catch {
    return;
  }
  for (const sibling of siblings) {
    if (sibling.startsWith(prefix)) fs.rmSync(path.join(dir, sibling), { force: true });
  }
}

/** Deletes a named document's file and its set-aside copies without needing it to parse. */
export function eraseDocument(factory: DocumentStoreFactory, name: string): void {
  let file = factory.pathOf?.(name) ?? null;
  if (!file) {
    try {
      file = factory(name).path;
    } catch (err) {
      file = pathFromError(err);
    }
  }
  if (file) eraseStoreFiles(file);
}

/**
 * The names of the documents in the factory's folder whose names start with `prefix`, whether their
 * file is there or only set-aside copies of it; [] for a factory that cannot say where it keeps
 * them (memory). For documents named by date (the ledger's months), found without guessing.
 */
export function documentNamesStartingWith(factory: DocumentStoreFactory, prefix: string): string[] {
  const probe = factory.pathOf?.(prefix);
  if (!probe) return [];
  let files: string[];
  try {
    files = fs.readdirSync(path.dirname(probe));
  } catch {
    return [];
  }
  const names = new Set<string>();
  for (const file of files) {
    if (!file.startsWith(prefix)) continue;
    const match = /^(.*)\.json(\.corrupt-.*)?$/.exec(file);
    if (match) names.add(match[1]!);
  }
  return [...names].sort();
}
