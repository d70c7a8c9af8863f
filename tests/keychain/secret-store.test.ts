import crypto, { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import keytar from 'keytar';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createKeytarBackend, KEYCHAIN_SERVICE, type KeytarLike } from '../../electron/core/secrets/keytar-backend';
import { createSafeStorageBackend, type SafeStorageCipher } from '../../electron/core/secrets/safe-storage-backend';
import { createSecretStore } from '../../electron/core/secrets/secret-store';
import { confStoreFactory } from '../../electron/core/storage/persistence';
import type { SecretBackend } from '../../electron/core/ports';

// Runs inside scripts/with-keyring.sh: a private D-Bus session with a throw-away gnome-keyring.

/** A stand-in for Electron's safeStorage: real AES-GCM with a per-test key, so nothing is plaintext. */
function fakeSafeStorage(available = true): SafeStorageCipher {
  const key = crypto.randomBytes(32);
  return {
    isAsyncEncryptionAvailable: async () => available,
    async encryptStringAsync(text) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]);
    },
    async decryptStringAsync(data) {
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, data.subarray(0, 12));
      decipher.setAuthTag(data.subarray(12, 28));
      return { result: Buffer.concat([decipher.update(data.subarray(28)), decipher.final()]).toString('utf8'), shouldReEncrypt: false };
    },
  };
}

/** keytar as it behaves with no Secret Service on the bus. */
const noSecretService: KeytarLike = {
  getPassword: () => Promise.reject(new Error('Cannot autolaunch D-Bus without X11 $DISPLAY')),
  setPassword: () => Promise.reject(new Error('Cannot autolaunch D-Bus without X11 $DISPLAY')),
  deletePassword: () => Promise.reject(new Error('Cannot autolaunch D-Bus without X11 $DISPLAY')),
};

/** Wraps a backend so a test can take it offline and bring it back. */
function switchable(backend: SecretBackend) {
  const state = { up: true };
  const wrapped: SecretBackend = { ...backend, kind: backend.kind, available: async () => state.up && (await backend.available()) };
  return { backend: wrapped, state };
}

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

function expectNowhereOnDisk(dir: string, secret: string): void {
  for (const file of filesUnder(dir)) expect(fs.readFileSync(file, 'utf8'), file).not.toContain(secret);
}

let dir: string;
let profileId: string;
beforeEach(() => {
  expect(process.env.ZW_KEYRING_AVAILABLE).toBe('1');
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zw-secrets-'));
  profileId = randomUUID();
});
afterEach(async () => {
  await keytar.deletePassword(KEYCHAIN_SERVICE, profileId).catch(() => false);
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('keytar backend against a real Secret Service', () => {
  it('answers, and writes, reads, replaces and removes the entry Zonewatch / <profile id>', async () => {
    const backend = createKeytarBackend();
    expect(await backend.available()).toBe(true);
    await backend.write(profileId, 'first-key-0001');
    expect(await keytar.getPassword('Zonewatch', profileId)).toBe('first-key-0001');
    await backend.write(profileId, 'second-key-0002');
    expect(await backend.read(profileId)).toBe('second-key-0002');
    await backend.remove(profileId);
    expect(await backend.read(profileId)).toBeNull();
    expect(await keytar.getPassword('Zonewatch', profileId)).toBeNull();
  });

  it('counts as unavailable when the Secret Service does not answer, or answers too slowly', async () => {
    expect(await createKeytarBackend({ keytar: noSecretService }).available()).toBe(false);
    const hanging: KeytarLike = { ...noSecretService, getPassword: () => new Promise(() => {}) };
    expect(await createKeytarBackend({ keytar: hanging, probeTimeoutMs: 50 }).available()).toBe(false);
  });
});

describe('secret store chain', () => {
  it('keeps the key in the keychain and nowhere on disk', async () => {
    const store = createSecretStore({
      keychain: createKeytarBackend(),
      safeStorage: createSafeStorageBackend(fakeSafeStorage(), confStoreFactory(dir)('secrets')),
      safeStorageBackend: () => 'gnome_libsecret',
    });
    expect(await store.write(profileId, 'zw-key-in-keychain-123')).toBe('keychain');
    expect(await store.locate(profileId)).toBe('keychain');
    expect(await store.read(profileId)).toBe('zw-key-in-keychain-123');
    expectNowhereOnDisk(dir, 'zw-key-in-keychain-123');
    await store.remove(profileId);
    expect(await keytar.getPassword(KEYCHAIN_SERVICE, profileId)).toBeNull();
    expect(await store.locate(profileId)).toBe('none');
  });

  it('falls back to safeStorage ciphertext when the keychain is unavailable, never writing plaintext', async () => {
    const store = createSecretStore({
      keychain: createKeytarBackend({ keytar: noSecretService }),
      safeStorage: createSafeStorageBackend(fakeSafeStorage(), confStoreFactory(dir)('secrets')),
      safeStorageBackend: () => 'gnome_libsecret',
    });
    expect(await store.write(profileId, 'zw-key-in-safe-storage-456')).toBe('safe_storage');
    expect(await store.read(profileId)).toBe('zw-key-in-safe-storage-456');
    expect(filesUnder(dir)).toHaveLength(1);
    expectNowhereOnDisk(dir, 'zw-key-in-safe-storage-456');
  });

  it('falls back to memory when neither the keychain nor safeStorage answers', async () => {
    const store = createSecretStore({
      keychain: createKeytarBackend({ keytar: noSecretService }),
      safeStorage: createSafeStorageBackend(fakeSafeStorage(false), confStoreFactory(dir)('secrets')),
      safeStorageBackend: () => null,
    });
    expect(await store.write(profileId, 'zw-key-in-memory-789')).toBe('memory');
    expect(await store.read(profileId)).toBe('zw-key-in-memory-789');
    expect(filesUnder(dir)).toEqual([]);
  });

  it('keeps the key in memory only under a basic_text safeStorage, writing no file', async () => {
    const store = createSecretStore({
      keychain: createKeytarBackend({ keytar: noSecretService }),
      safeStorage: createSafeStorageBackend(fakeSafeStorage(), confStoreFactory(dir)('secrets')),
      safeStorageBackend: () => 'basic_text',
    });
    expect(await store.write(profileId, 'zw-key-basic-text-000')).toBe('memory');
    expect(await store.locate(profileId)).toBe('memory');
    expect(filesUnder(dir)).toEqual([]);
  });

  it('deletes the old safeStorage entry when a replaced key goes to a keychain that came back', async () => {
    const keychain = switchable(createKeytarBackend());
    keychain.state.up = false;
    const store = createSecretStore({
      keychain: keychain.backend,
      safeStorage: createSafeStorageBackend(fakeSafeStorage(), confStoreFactory(dir)('secrets')),
      safeStorageBackend: () => 'kwallet5',
    });
    expect(await store.write(profileId, 'old-key-aaaa')).toBe('safe_storage');
    keychain.state.up = true;
    expect(await store.write(profileId, 'new-key-bbbb')).toBe('keychain');
    expect(await store.read(profileId)).toBe('new-key-bbbb');
    const stored = JSON.parse(fs.readFileSync(path.join(dir, 'secrets.json'), 'utf8')) as Record<string, unknown>;
    expect(Object.keys(stored)).toEqual([]);
  });
});
