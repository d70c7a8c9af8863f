import type { KeyBackend } from '../../../shared/status';
import { createMemoryBackend } from './memory-backend';
import type { Logger, SecretBackend } from '../ports';

export type StoredKeyBackend = Exclude<KeyBackend, 'none'>;

export interface KeyBackendFacts {
  keychainAvailable: boolean;
  safeStorageAvailable: boolean;
  /**
   * Electron's `safeStorage.getSelectedStorageBackend()` on Linux (`basic_text`,
   * `gnome_libsecret`, `kwallet`…); `null` on platforms that do not report one.
   */
  safeStorageBackend: string | null;
}

/**
 * Where a new key goes (docs/architecture.md › Secrets): the OS keychain; failing that safeStorage, unless
 * it would only obfuscate with a hard-coded password (`basic_text`), which is plaintext in all
 * but name; failing that, memory for this session.
 */
export function chooseKeyBackend(facts: KeyBackendFacts): StoredKeyBackend {
  if (facts.keychainAvailable) return 'keychain';
  if (facts.safeStorageAvailable && facts.safeStorageBackend !== 'basic_text') return 'safe_storage';
  return 'memory';
}

/** The API key of each profile, kept in the best backend that answers. */
export interface SecretStore {
  read(profileId: string): Promise<string | null>;
  /** The profile's key and the backend holding it, from one walk of the chain (`read` and `locate` together). */
  lookup(profileId: string): Promise<{ secret: string; backend: StoredKeyBackend } | null>;
  /** Stores the key and deletes any older entry of the profile in every other backend. */
  write(profileId: string, secret: string): Promise<StoredKeyBackend>;
  /** Deletes the profile's key from every backend. */
  remove(profileId: string): Promise<void>;
  /** Which backend holds the profile's key now; `none` when none does. */
  locate(profileId: string): Promise<KeyBackend>;
  /** Where a key written now would go. */
  preferredBackend(): Promise<StoredKeyBackend>;
}

export interface SecretStoreOptions {
  keychain?: SecretBackend | null;
  safeStorage?: SecretBackend | null;
  /** Electron's selected safeStorage backend; `() => null` where there is none to report. */
  safeStorageBackend?: () => string | null;
  memory?: SecretBackend;
  logger?: Logger;
}

/**
 * A SecretStore over the chain keychain → safeStorage → memory. Reads take the first backend that
 * holds a key; a backend that throws counts as holding none (and is logged, never with the key).
 */
export function createSecretStore(options: SecretStoreOptions): SecretStore {
  const memory = options.memory ?? createMemoryBackend();
  const chain = [options.keychain ?? null, options.safeStorage ?? null, memory].filter(
    (backend): backend is SecretBackend => backend !== null,
  );
  const byKind = (kind: StoredKeyBackend): SecretBackend => chain.find((backend) => backend.kind === kind) ?? memory;
  const logger = options.logger;

  const isAvailable = async (backend: SecretBackend | null | undefined): Promise<boolean> => {
    if (!backend) return false;
    try {
      return await backend.available();
    } catch {
      return false;
    }
  };

  const facts = async (): Promise<KeyBackendFacts> => ({
    keychainAvailable: await isAvailable(options.keychain),
    safeStorageAvailable: await isAvailable(options.safeStorage),
    safeStorageBackend: safeStorageBackendName(),
  });

  const safeStorageBackendName = (): string | null => {
    try {
      return options.safeStorageBackend?.() ?? null;
    } catch {
      return null;
    }
  };

  /** The backends to try, best first, for a write decided on these facts. */
  const writeOrder = (decided: KeyBackendFacts): SecretBackend[] => {
    const order: SecretBackend[] = [];
    let remaining = decided;
    for (;;) {
      const backend = byKind(chooseKeyBackend(remaining));
      order.push(backend);
      if (backend.kind === 'keychain') remaining = { ...remaining, keychainAvailable: false };
      else if (backend.kind === 'safe_storage') remaining = { ...remaining, safeStorageAvailable: false };
      else return order;
    }
  };

  const removeFrom = async (backends: SecretBackend[], profileId: string): Promise<void> => {
    for (const backend of backends) {
      if (!(await isAvailable(backend))) continue;
      try {
        await backend.remove(profileId);
      } catch (err) {
        logger?.warn('secrets: could not delete a key entry', { backend: backend.kind, error: err });
      }
    }
  };

  const holder = async (profileId: string): Promise<{ backend: SecretBackend; secret: string } | null> => {
    for (const backend of chain) {
      if (!(await isAvailable(backend))) continue;
      try {
        const secret = await backend.read(profileId);
        if (secret) return { backend, secret };
      } catch (err) {
        logger?.warn('secrets: a key backend failed to read', { backend: backend.kind, error: err });
      }
    }
    return null;
  };

  return {
    async read(profileId) {
      return (await holder(profileId))?.secret ?? null;
    },
    async lookup(profileId) {
      const found = await holder(profileId);
      return found ? { secret: found.secret, backend: found.backend.kind } : null;
    },
    async write(profileId, secret) {
      for (const backend of writeOrder(await facts())) {
        try {
          await backend.write(profileId, secret);
        } catch (err) {
          logger?.warn('secrets: a key backend refused the key; trying the next', { backend: backend.kind, error: err });
          continue;
        }
        await removeFrom(
          chain.filter((other) => other !== backend),
          profileId,
        );
        logger?.info('secrets: key stored', { backend: backend.kind });
        return backend.kind;
      }
      // Unreachable in practice: the memory backend does not fail.
      throw new Error('no backend could keep the key');
    },
    async remove(profileId) {
      await removeFrom(chain, profileId);
    },
    async locate(profileId) {
      return (await holder(profileId))?.backend.kind ?? 'none';
    },
    async preferredBackend() {
      return chooseKeyBackend(await facts());
    },
  };
}
