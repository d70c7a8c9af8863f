import type { KeyValueStore, SecretBackend } from '../ports';

/**
 * The part of Electron's `safeStorage` this backend uses: the asynchronous calls, since Electron 45
 * deprecates the synchronous ones (electron.d.ts › SafeStorage).
 */
export interface SafeStorageCipher {
  isAsyncEncryptionAvailable(): Promise<boolean>;
  encryptStringAsync(plainText: string): Promise<Buffer>;
  decryptStringAsync(encrypted: Buffer): Promise<{ result: string; shouldReEncrypt: boolean }>;
}

/** Profile ids are UUIDs or `demo`; anything else cannot be a key name in the store. */
function keyName(profileId: string): string {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(profileId)) throw new Error('invalid profile id');
  return `key-${profileId}`;
}

/**
 * Keys encrypted with Electron's safeStorage, kept as base64 ciphertext in a store
 * (docs/architecture.md › Secrets). Never writes plaintext: with no encryption available it is unavailable,
 * and whether a `basic_text` backend counts is decided by `chooseKeyBackend`.
 */
export function createSafeStorageBackend(cipher: SafeStorageCipher, store: KeyValueStore): SecretBackend {
  return {
    kind: 'safe_storage',
    available: async () => {
      try {
        return await cipher.isAsyncEncryptionAvailable();
      } catch {
        return false;
      }
    },
    async read(profileId) {
      const stored = store.get(keyName(profileId));
      if (typeof stored !== 'string' || stored === '') return null;
      const { result, shouldReEncrypt } = await cipher.decryptStringAsync(Buffer.from(stored, 'base64'));
      // The OS rotated the key or offers a stronger one: store the key under it from now on.
      if (shouldReEncrypt && (await cipher.isAsyncEncryptionAvailable())) {
        store.set(keyName(profileId), (await cipher.encryptStringAsync(result)).toString('base64'));
      }
      return result;
    },
    async write(profileId, secret) {
      if (!(await cipher.isAsyncEncryptionAvailable())) throw new Error('safeStorage encryption is not available');
      store.set(keyName(profileId), (await cipher.encryptStringAsync(secret)).toString('base64'));
    },
    async remove(profileId) {
      // Only when there is something to delete: a delete rewrites the file, and a chain that
      // settled on memory must leave no file behind.
      if (store.get(keyName(profileId)) !== undefined) store.delete(keyName(profileId));
    },
  };
}
