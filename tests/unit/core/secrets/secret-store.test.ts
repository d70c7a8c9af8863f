import { describe, expect, it } from 'vitest';
import { chooseKeyBackend, createSecretStore } from '../../../../electron/core/secrets/secret-store';
import { createMemoryBackend } from '../../../../electron/core/secrets/memory-backend';
import type { SecretBackend } from '../../../../electron/core/ports';
import { createLogger, createMemorySink, createSecretRegistry } from '../../../../electron/core/diagnostics/logger';

function fakeBackend(kind: SecretBackend['kind'], opts: { available?: boolean; failWrites?: boolean } = {}) {
  const entries = new Map<string, string>();
  const backend: SecretBackend & { entries: Map<string, string>; up: boolean } = {
    kind,
    entries,
    up: opts.available ?? true,
    available: async () => backend.up,
    read: async (id) => entries.get(id) ?? null,
    write: async (id, secret) => {
      if (opts.failWrites) throw new Error(`write refused for ${secret}`);
      entries.set(id, secret);
    },
    remove: async (id) => void entries.delete(id),
  };
  return backend;
}

describe('chooseKeyBackend', () => {
  it('prefers the keychain whenever it answers', () => {
    expect(chooseKeyBackend({ keychainAvailable: true, safeStorageAvailable: true, safeStorageBackend: 'gnome_libsecret' })).toBe('keychain');
  });
  it('falls back to safeStorage when there is no keychain', () => {
    expect(chooseKeyBackend({ keychainAvailable: false, safeStorageAvailable: true, safeStorageBackend: 'kwallet5' })).toBe('safe_storage');
    expect(chooseKeyBackend({ keychainAvailable: false, safeStorageAvailable: true, safeStorageBackend: null })).toBe('safe_storage');
  });
  it('refuses safeStorage whose backend is basic_text and keeps the key in memory', () => {
    expect(chooseKeyBackend({ keychainAvailable: false, safeStorageAvailable: true, safeStorageBackend: 'basic_text' })).toBe('memory');
  });
  it('keeps the key in memory when nothing else answers', () => {
    expect(chooseKeyBackend({ keychainAvailable: false, safeStorageAvailable: false, safeStorageBackend: null })).toBe('memory');
  });
});

describe('createSecretStore', () => {
  it('writes to the keychain and reports it as the holder', async () => {
    const keychain = fakeBackend('keychain');
    const store = createSecretStore({ keychain, safeStorage: fakeBackend('safe_storage') });
    expect(await store.write('p1', 'key-one')).toBe('keychain');
    expect(await store.read('p1')).toBe('key-one');
    expect(await store.locate('p1')).toBe('keychain');
    expect(await store.locate('p2')).toBe('none');
  });

  it('looks a key up together with the backend that keeps it', async () => {
    const safeStorage = fakeBackend('safe_storage');
    safeStorage.entries.set('p1', 'key-one');
    const store = createSecretStore({ keychain: fakeBackend('keychain'), safeStorage });
    expect(await store.lookup('p1')).toEqual({ secret: 'key-one', backend: 'safe_storage' });
    expect(await store.lookup('p2')).toBeNull();
  });

  it('deletes the old entry from every other backend when a key is replaced', async () => {
    const keychain = fakeBackend('keychain', { available: false });
    const safeStorage = fakeBackend('safe_storage');
    const store = createSecretStore({ keychain, safeStorage, safeStorageBackend: () => 'gnome_libsecret' });
    expect(await store.write('p1', 'old-key')).toBe('safe_storage');
    keychain.up = true;
    expect(await store.write('p1', 'new-key')).toBe('keychain');
    expect(safeStorage.entries.size).toBe(0);
    expect(await store.read('p1')).toBe('new-key');
  });

  it('removes a key from every backend', async () => {
    const keychain = fakeBackend('keychain');
    const safeStorage = fakeBackend('safe_storage');
    const memory = createMemoryBackend();
    await memory.write('p1', 'stale');
    safeStorage.entries.set('p1', 'stale');
    const store = createSecretStore({ keychain, safeStorage, memory });
    await store.write('p1', 'k');
    await store.remove('p1');
    expect(await store.read('p1')).toBeNull();
    expect(await store.locate('p1')).toBe('none');
  });

  it('moves on to the next backend when the chosen one refuses the key, without logging the key', async () => {
    const sink = createMemorySink();
    const secrets = createSecretRegistry();
    secrets.add('the-secret-key');
    const store = createSecretStore({
      keychain: fakeBackend('keychain', { failWrites: true }),
      safeStorage: fakeBackend('safe_storage', { available: false }),
      logger: createLogger({ sink, secrets }),
    });
    expect(await store.write('p1', 'the-secret-key')).toBe('memory');
    expect(await store.read('p1')).toBe('the-secret-key');
    expect(sink.lines.join('\n')).not.toContain('the-secret-key');
  });

  it('keeps the key in memory only under a basic_text safeStorage', async () => {
    const safeStorage = fakeBackend('safe_storage');
    const store = createSecretStore({ keychain: null, safeStorage, safeStorageBackend: () => 'basic_text' });
    expect(await store.preferredBackend()).toBe('memory');
    expect(await store.write('p1', 'k')).toBe('memory');
    expect(safeStorage.entries.size).toBe(0);
  });
});
