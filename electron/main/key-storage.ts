import { createKeytarBackend, type KeytarLike } from '../core/secrets/keytar-backend';
import type { SecretBackends } from '../core/app-core';
import type { StoreFactory } from '../core/ports';
import { createSafeStorageBackend, type SafeStorageCipher } from '../core/secrets/safe-storage-backend';
import { APP_STORES } from '../core/storage/store-folder';

/** The part of Electron's `safeStorage` main uses; tests pass a fake. */
export interface SafeStorageLike extends SafeStorageCipher {
  /** Linux only: which OS store protects the encryption key (`basic_text` = none). */
  getSelectedStorageBackend(): string;
}

export interface KeyStorageDeps {
  /** Defaults to the keytar module; tests pass a stand-in. */
  keytar?: KeytarLike | (() => Promise<KeytarLike>);
  safeStorage: SafeStorageLike;
  platform: NodeJS.Platform;
  /** Opens the store that holds safeStorage ciphertext (base64), never plaintext. */
  storeFactory: StoreFactory;
}

/** The store that holds safeStorage ciphertext; opened only when safeStorage is really used. */
export const SAFE_STORAGE_STORE = APP_STORES.safeStorage;

/**
 * The secret backends main hands to the core, which chains them with `createSecretStore`.
 * The key-storage chain as main composes it (docs/architecture.md › Secrets): keytar first; Electron
 * safeStorage when no keychain answers, unless its Linux backend is `basic_text` (a hard-coded
 * password: plaintext in all but name); otherwise memory for this session.
 */
export function secretBackendsFor(deps: KeyStorageDeps): SecretBackends {
  const selectedBackend = (): string | null => (deps.platform === 'linux' ? deps.safeStorage.getSelectedStorageBackend() : null);
  const trustworthy = async (): Promise<boolean> => (await deps.safeStorage.isAsyncEncryptionAvailable()) && selectedBackend() !== 'basic_text';
  // Refused here as well as by the core's chooser, so that no path can write basic_text "ciphertext".
  const cipher: SafeStorageCipher = {
    isAsyncEncryptionAvailable: trustworthy,
    encryptStringAsync: async (text) => {
      if (!(await trustworthy())) throw new Error('safeStorage has no OS-protected key on this system');
      return deps.safeStorage.encryptStringAsync(text);
    },
    decryptStringAsync: (data) => deps.safeStorage.decryptStringAsync(data),
  };
  let store: ReturnType<StoreFactory> | null = null;
  const open = () => (store ??= deps.storeFactory(SAFE_STORAGE_STORE));
  const lazyStore: ReturnType<StoreFactory> = {
    get: (key) => open().get(key),
    set: (key, value) => open().set(key, value),
    delete: (key) => open().delete(key),
    clear: () => open().clear(),
    get path() {
      return open().path;
    },
  };
  return {
    keychain: createKeytarBackend(deps.keytar ? { keytar: deps.keytar } : {}),
    safeStorage: createSafeStorageBackend(cipher, lazyStore),
    safeStorageBackend: selectedBackend,
  };
}
