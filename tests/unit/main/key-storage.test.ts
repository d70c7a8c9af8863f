import { describe, it, expect, afterEach } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { secretBackendsFor, type KeyStorageDeps, type SafeStorageLike } from '../../../electron/main/key-storage';
import { createSecretStore } from '../../../electron/core/secrets/secret-store';
import { confStoreFactory } from '../../../electron/core/storage/persistence';
import type { KeytarLike } from '../../../electron/core/secrets/keytar-backend';

const KEY = 'zw-live-4f9c2a7e1b3d5f6a8c0e';
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The chain exactly as createAppCore builds it from the backends main passes in. */
const composeSecretStore = (deps: KeyStorageDeps) => createSecretStore(secretBackendsFor(deps));

function userData(): string {
  const dir = mkdtempSync(join(tmpdir(), 'zw-keys-'));
  dirs.push(dir);
  return dir;
}

/** Every byte written under `dir`, to prove what is (not) on disk. */
function diskContents(dir: string): string {
  const walk = (d: string): string[] =>
    readdirSync(d).flatMap((name) => {
      const p = join(d, name);
      return statSync(p).isDirectory() ? walk(p) : [readFileSync(p, 'latin1')];
    });
  return walk(dir).join('\n');
}

function workingKeychain(): KeytarLike & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    getPassword: async (_s, account) => entries.get(account) ?? null,
    setPassword: async (_s, account, password) => void entries.set(account, password),
    deletePassword: async (_s, account) => entries.delete(account),
  };
}

const noKeychain: KeytarLike = {
  getPassword: async () => { throw new Error('The name org.freedesktop.secrets was not provided by any .service files'); },
  setPassword: async () => { throw new Error('no keychain'); },
  deletePassword: async () => { throw new Error('no keychain'); },
};

/** A stand-in for Electron's safeStorage: a reversible scramble, so ciphertext never equals the key. */
function fakeSafeStorage(backend: string, available = true): SafeStorageLike {
  const scramble = (buf: Buffer) => Buffer.from(buf.map((b) => b ^ 0x5a));
  return {
    isAsyncEncryptionAvailable: async () => available,
    getSelectedStorageBackend: () => backend,
    encryptStringAsync: async (text) => scramble(Buffer.from(`v10${text}`, 'utf8')),
    decryptStringAsync: async (data) => ({ result: scramble(data).toString('utf8').slice(3), shouldReEncrypt: false }),
  };
}

describe('secretBackendsFor (the key-storage fallback chain as main composes it)', () => {
  it('keeps the key in the OS keychain when one answers, and writes nothing to disk', async () => {
    const dir = userData();
    const keychain = workingKeychain();
    const store = composeSecretStore({ keytar: keychain, safeStorage: fakeSafeStorage('gnome_libsecret'), platform: 'linux', storeFactory: confStoreFactory(dir) });
    expect(await store.write('p1', KEY)).toBe('keychain');
    expect(keychain.entries.get('p1')).toBe(KEY);
    expect(await store.read('p1')).toBe(KEY);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('falls back to safeStorage ciphertext in the store when no keychain answers', async () => {
    const dir = userData();
    const store = composeSecretStore({ keytar: noKeychain, safeStorage: fakeSafeStorage('kwallet5'), platform: 'linux', storeFactory: confStoreFactory(dir) });
    expect(await store.write('p1', KEY)).toBe('safe_storage');
    expect(await store.read('p1')).toBe(KEY);
    expect(await store.locate('p1')).toBe('safe_storage');
    const onDisk = diskContents(dir);
    expect(onDisk).toContain('key-p1');
    expect(onDisk).not.toContain(KEY);
  });

  it('uses safeStorage on macOS and Windows, where no storage backend is reported', async () => {
    const dir = userData();
    const safeStorage = { ...fakeSafeStorage('basic_text'), getSelectedStorageBackend: () => { throw new Error('Linux only'); } };
    const store = composeSecretStore({ keytar: noKeychain, safeStorage, platform: 'darwin', storeFactory: confStoreFactory(dir) });
    expect(await store.write('p1', KEY)).toBe('safe_storage');
  });

  it('keeps the key in memory only when safeStorage would use basic_text, and never writes a file', async () => {
    const dir = userData();
    const store = composeSecretStore({ keytar: noKeychain, safeStorage: fakeSafeStorage('basic_text'), platform: 'linux', storeFactory: confStoreFactory(dir) });
    expect(await store.preferredBackend()).toBe('memory');
    expect(await store.write('p1', KEY)).toBe('memory');
    expect(await store.read('p1')).toBe(KEY);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('keeps the key in memory only when no encryption is available at all', async () => {
    const dir = userData();
    const store = composeSecretStore({ keytar: noKeychain, safeStorage: fakeSafeStorage('gnome_libsecret', false), platform: 'linux', storeFactory: confStoreFactory(dir) });
    expect(await store.write('p1', KEY)).toBe('memory');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('deletes the safeStorage copy when the key later moves to a keychain that came back', async () => {
    const dir = userData();
    let keychainUp = false;
    const keychain = workingKeychain();
    const flaky: KeytarLike = {
      getPassword: (s, a) => (keychainUp ? keychain.getPassword(s, a) : noKeychain.getPassword(s, a)),
      setPassword: (s, a, p) => (keychainUp ? keychain.setPassword(s, a, p) : noKeychain.setPassword(s, a, p)),
      deletePassword: (s, a) => (keychainUp ? keychain.deletePassword(s, a) : noKeychain.deletePassword(s, a)),
    };
    const store = composeSecretStore({ keytar: flaky, safeStorage: fakeSafeStorage('kwallet5'), platform: 'linux', storeFactory: confStoreFactory(dir) });
    expect(await store.write('p1', KEY)).toBe('safe_storage');
    keychainUp = true;
    expect(await store.write('p1', `${KEY}-new`)).toBe('keychain');
    expect(diskContents(dir)).not.toContain('key-p1');
  });
});
