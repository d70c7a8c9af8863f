import { join } from 'node:path';
import Store from 'electron-store';
import type { DocumentStoreFactory } from '../core/storage/persistence';
import type { KeyValueStore } from '../core/ports';

/**
 * electron-store files in the app's user-data folder, one per document, opened the way the core's
 * `confStoreFactory` opens them in tests and the browser preview, so the core's set-aside-and-
 * rebuild recovery behaves the same: a corrupt file makes the constructor throw, and the core
 * moves it aside (`pathOf` tells it where) and starts fresh.
 */
export function electronStoreFactory(userDataDir: string): DocumentStoreFactory {
  const factory = (name: string, options: { compact?: boolean } = {}): KeyValueStore =>
    new Store<Record<string, unknown>>({
      name,
      cwd: userDataDir,
      accessPropertiesByDotNotation: false,
      configFileMode: 0o600,
      clearInvalidConfig: false,
      ...(options.compact ? { serialize: (value: Record<string, unknown>) => JSON.stringify(value) } : {}),
    });
  return Object.assign(factory, { pathOf: (name: string) => join(userDataDir, `${name}.json`) });
}
