import { DEMO_PROFILE_ID, type Profile, type Settings } from '../../../shared/settings';
import type { KeyBackend } from '../../../shared/status';
import { demoProfile, isDemoProfile } from '../account/profiles';
import { HandlerError } from '../ipc-dispatch';
import { baseIntervalMs } from '../polling/schedule';
import type { DemoService, Logger } from '../ports';
import type { SecretStore } from '../secrets/secret-store';
import { type AccountWatch, type AccountWatchDeps, createAccountWatch } from './account-watch';
import { overdueDelayMs, staggeredStartMs } from './stagger';

/** Said when a channel names an account that is not watched (removed meanwhile, or never added). */
export const NO_SUCH_ACCOUNT_MESSAGE = 'That account is no longer watched. It may have been removed.';

/** What every watch shares; the registry adds what is each account's own. */
export type SharedWatchDeps = Omit<AccountWatchDeps, 'profile' | 'demo' | 'key' | 'keyBackend' | 'keyChecked' | 'accountCount' | 'overdueDelayMs' | 'demoPast'>;

export type AccountRegistryDeps = {
  shared: SharedWatchDeps;
  secrets: SecretStore;
  settings: { get(): Settings; save(next: Settings): Settings };
  demoService: DemoService | null;
  logger: Logger;
  /** Whether the core has been started: a watch added before that starts polling with it. */
  started: () => boolean;
  /** The set of watched accounts changed (added, removed, reordered). */
  onChange: () => void;
  /** Told every key the core learns, so the logger can redact it. */
  secretRegistry: { add(secret: string): void } | null;
};

type WatchOptions = { demo?: boolean; keyChecked?: boolean; demoPast?: AccountWatchDeps['demoPast'] };

export type AccountRegistry = {
  /** Every watched account in the user's order (settings.profiles), the demo last. */
  all(): AccountWatch[];
  get(profileId: string): AccountWatch | null;
  /** The account, or a plain-words failure for a channel that names one not watched. */
  require(profileId: string): AccountWatch;
  /** Watches `profile` (replacing a watch of the same id, whose caches it reopens). */
  watch(profile: Profile, key: string, keyBackend: KeyBackend, options?: WatchOptions): Promise<AccountWatch>;
  /** Stops watching an account (its files stay: erasing them is the caller's). */
  unwatch(profileId: string): Promise<void>;
  /** Watches every account of the settings (each with its stored key) and the demo if chosen. */
  resumeAll(): Promise<void>;
  /** Starts every watch's polling, staggered so accounts do not poll in the same second. */
  startAll(): void;
  stopAll(): Promise<void>;
  demoRunning(): boolean;
  /** Starts the embedded demo service and watches it; throws a HandlerError when it cannot start. */
  startDemo(): Promise<AccountWatch>;
  /** Stops watching the demo and its service. */
  stopDemo(): Promise<void>;
  rememberKey(key: string): void;
  knownKeys(): string[];
};

export function createAccountRegistry(deps: AccountRegistryDeps): AccountRegistry {
  const { logger } = deps;
  const watches = new Map<string, AccountWatch>();
  let demoHandle: Awaited<ReturnType<DemoService['start']>> | null = null;
  const knownKeys = new Set<string>();

  function rememberKey(key: string): void {
    if (!key) return;
    knownKeys.add(key);
    deps.secretRegistry?.add(key);
  }

  function all(): AccountWatch[] {
    const order = deps.settings.get().profiles.map((profile) => profile.id);
    const rank = (id: string) => (isDemoProfile(id) ? Number.MAX_SAFE_INTEGER : order.indexOf(id) === -1 ? order.length : order.indexOf(id));
    return [...watches.values()].sort((a, b) => rank(a.id) - rank(b.id));
  }

  function indexOf(profileId: string): number {
    return Math.max(0, all().findIndex((watch) => watch.id === profileId));
  }

  async function watch(profile: Profile, key: string, keyBackend: KeyBackend, options: WatchOptions = {}): Promise<AccountWatch> {
    // A watch being replaced (a new key, another address) saves its caches first and stays listed
    // until the new one takes its place: the account never drops out of the overview meanwhile.
    await watches.get(profile.id)?.stop();
    rememberKey(key);
    const created = createAccountWatch({
      ...deps.shared,
      profile,
      demo: options.demo ?? false,
      key,
      keyBackend,
      keyChecked: options.keyChecked ?? true,
      demoPast: options.demoPast,
      accountCount: () => watches.size,
      overdueDelayMs: () => overdueDelayMs(indexOf(profile.id)),
    });
    watches.set(profile.id, created);
    deps.onChange();
    // An account added while the app runs polls at once, and the caller (key:set, demo:start)
    // answers with its first data in hand.
    if (deps.started()) {
      created.start(0);
      await created.poller.refreshNow();
    }
    return created;
  }

  async function unwatch(profileId: string): Promise<void> {
    const existing = watches.get(profileId);
    if (!existing) return;
    watches.delete(profileId);
    await existing.stop();
    deps.onChange();
  }

  async function stopDemoService(): Promise<void> {
    const handle = demoHandle;
    demoHandle = null;
    if (!handle) return;
    try {
      await handle.close();
    } catch (err) {
      logger.warn('core: the demo service did not stop cleanly', { error: err });
    }
  }

  async function startDemo(): Promise<AccountWatch> {
    const running = watches.get(DEMO_PROFILE_ID);
    if (running && demoHandle) return running;
    if (!deps.demoService) throw new HandlerError({ kind: 'unavailable', message: 'The demo account is not available in this build.' });
    await stopDemoService();
    try {
      demoHandle = await deps.demoService.start();
    } catch (err) {
      logger.error('core: the demo service did not start', { error: err });
      throw new HandlerError({ kind: 'unavailable', message: 'The demo account could not be started. Try again, or add your own API key.' });
    }
    // The demo's caches live in memory: each start takes its service's past (docs/desktop.md › History).
    return watch(demoProfile(demoHandle.url), demoHandle.apiKey, 'memory', { demo: true, demoPast: demoHandle.past });
  }

  async function resumeAll(): Promise<void> {
    const settings = deps.settings.get();
    for (const profile of settings.profiles) {
      let stored: { secret: string; backend: KeyBackend } | null = null;
      try {
        stored = await deps.secrets.lookup(profile.id);
      } catch (err) {
        logger.warn('core: a stored key could not be read', { account: profile.label, error: err });
      }
      // Without its key the account is still listed, saying so, so the user can enter it again.
      await watch(profile, stored?.secret ?? '', stored?.backend ?? 'none', { keyChecked: stored !== null });
    }
    if (settings.watchDemo && deps.demoService) {
      try {
        await startDemo();
      } catch {
        // startDemo logged why; the demo can be added again.
      }
    }
  }

  return {
    all,
    get: (profileId) => watches.get(profileId) ?? null,
    require(profileId) {
      const found = watches.get(profileId);
      if (!found) throw new HandlerError({ kind: 'invalid_argument', message: NO_SUCH_ACCOUNT_MESSAGE });
      return found;
    },
    watch,
    unwatch,
    resumeAll,
    startAll() {
      const list = all();
      const interval = baseIntervalMs(deps.shared.inputs());
      list.forEach((account, index) => account.start(staggeredStartMs(index, list.length, interval)));
    },
    async stopAll() {
      await Promise.all([...watches.values()].map((account) => account.stop()));
    },
    demoRunning: () => demoHandle !== null,
    startDemo,
    async stopDemo() {
      await unwatch(DEMO_PROFILE_ID);
      await stopDemoService();
    },
    rememberKey,
    knownKeys: () => [...knownKeys],
  };
}
