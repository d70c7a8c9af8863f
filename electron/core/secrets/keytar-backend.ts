import { type SecretBackend, systemClock } from '../ports';

/** The OS keychain entry's service name (docs/architecture.md › Secrets); the account is the profile id. */
export const KEYCHAIN_SERVICE = 'Zonewatch';

/** The three keytar calls used, so tests and hosts can pass a module or a stand-in. */
export interface KeytarLike {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

export interface KeytarBackendOptions {
  /** Defaults to the `keytar` module, loaded on first use so a missing native build only means "unavailable". */
  keytar?: KeytarLike | (() => Promise<KeytarLike>);
  service?: string;
  /** A Secret Service that is not running can leave a D-Bus call hanging; give up after this long. */
  probeTimeoutMs?: number;
}

async function loadKeytar(): Promise<KeytarLike> {
  const mod = (await import('keytar')) as KeytarLike & { default?: KeytarLike };
  return mod.default ?? mod;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: unknown;
  const timeout = new Promise<never>((_, reject) => {
    timer = systemClock.setTimeout(() => reject(new Error(`keychain did not answer within ${ms} ms`)), ms);
    // A keychain that hangs (no Secret Service on the bus) must not keep a quitting app alive.
    (timer as { unref?: () => void }).unref?.();
  });
  return Promise.race([promise, timeout]).finally(() => systemClock.clearTimeout(timer));
}

/** The OS keychain through keytar (libsecret's Secret Service on Linux). */
export function createKeytarBackend(options: KeytarBackendOptions = {}): SecretBackend {
  const service = options.service ?? KEYCHAIN_SERVICE;
  const probeTimeoutMs = options.probeTimeoutMs ?? 5000;
  const source = options.keytar;
  let loaded: Promise<KeytarLike> | null = null;
  const keytar = (): Promise<KeytarLike> => {
    loaded ??= typeof source === 'function' ? source() : source ? Promise.resolve(source) : loadKeytar();
    return loaded;
  };
  // A keychain that answered once is trusted for the session; one that did not is asked again
  // next time, since a keyring can be unlocked or started later.
  let answered = false;

  return {
    kind: 'keychain',
    async available() {
      if (answered) return true;
      try {
        const kt = await keytar();
        await withTimeout(kt.getPassword(service, '__zonewatch_probe__'), probeTimeoutMs);
        answered = true;
      } catch {
        loaded = null;
      }
      return answered;
    },
    async read(profileId) {
      return (await keytar()).getPassword(service, profileId);
    },
    async write(profileId, secret) {
      await (await keytar()).setPassword(service, profileId, secret);
    },
    async remove(profileId) {
      await (await keytar()).deletePassword(service, profileId);
    },
  };
}
