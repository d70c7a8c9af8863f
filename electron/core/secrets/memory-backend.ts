import type { SecretBackend } from '../ports';

/** Keeps keys for this session only: the last resort when no keychain or safeStorage answers. */
export function createMemoryBackend(): SecretBackend {
  const secrets = new Map<string, string>();
  return {
    kind: 'memory',
    available: async () => true,
    read: async (profileId) => secrets.get(profileId) ?? null,
    write: async (profileId, secret) => void secrets.set(profileId, secret),
    remove: async (profileId) => void secrets.delete(profileId),
  };
}
