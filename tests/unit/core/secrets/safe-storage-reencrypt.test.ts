import { describe, expect, it } from 'vitest';
import { createSafeStorageBackend, type SafeStorageCipher } from '../../../../electron/core/secrets/safe-storage-backend';
import type { KeyValueStore } from '../../../../electron/core/ports';

function mapStore(): KeyValueStore & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>();
  return { data, get: (k) => data.get(k), set: (k, v) => void data.set(k, v), delete: (k) => void data.delete(k), clear: () => data.clear(), path: '(memory)' };
}

/** Ciphertext is `<generation>:<text>` reversed; a decrypt of an older generation asks to re-encrypt (a rotated OS key). */
function rotatingCipher(): SafeStorageCipher & { generation: number } {
  const cipher = {
    generation: 1,
    isAsyncEncryptionAvailable: async () => true,
    encryptStringAsync: async (text: string) => Buffer.from(`${cipher.generation}:${text}`.split('').reverse().join('')),
    decryptStringAsync: async (data: Buffer) => {
      const [gen, ...rest] = data.toString().split('').reverse().join('').split(':');
      return { result: rest.join(':'), shouldReEncrypt: Number(gen) !== cipher.generation };
    },
  };
  return cipher;
}

describe('the safeStorage backend on Electron’s asynchronous API', () => {
  it('stores the key again under the new OS key when safeStorage says it was rotated', async () => {
    const store = mapStore();
    const cipher = rotatingCipher();
    const backend = createSafeStorageBackend(cipher, store);
    await backend.write('p1', 'secret-key');
    const before = store.data.get('key-p1');
    expect(await backend.read('p1')).toBe('secret-key');
    expect(store.data.get('key-p1')).toBe(before);

    cipher.generation = 2;
    expect(await backend.read('p1')).toBe('secret-key');
    const after = store.data.get('key-p1') as string;
    expect(after).not.toBe(before);
    expect(Buffer.from(after, 'base64').toString()).not.toContain('secret-key');
    expect((await cipher.decryptStringAsync(Buffer.from(after, 'base64'))).shouldReEncrypt).toBe(false);
  });
});
