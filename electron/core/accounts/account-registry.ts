import { DEMO_PROFILE_ID, type Profile, type Settings } from '../../../shared/settings';
import { HandlerError } from '../ipc-dispatch';
import type { DemoPast, DemoService, Logger } from '../ports';
import type { SecretStore } from '../secrets/secret-store';
import type { AccountKey } from '../watch/account-connection';
import type { AccountWatch } from '../watch/account-watch';
import { demoProfile, isDemoProfile } from './profiles';
import { overdueDelayMs, staggeredStartMs } from './stagger';

/** Said when a channel names an account that is not watched (removed meanwhile, or never added). */
export const NO_SUCH_ACCOUNT_MESSAGE = 'That account is no longer watched. It may have been removed.';

/** Builds the watch of one account; `overdueDelayMs` spaces accounts that are all due at once. */
export type WatchFactory = (
  profile: Profile,
  options: { demo: boolean; key: AccountKey; overdueDelayMs: () => number; demoPast?: (() => DemoPast) | undefined },
) => AccountWatch;

export type AccountRegistryDeps = {
  newWatch: WatchFactory;
  settings: { get(): Settings };
  secrets: Pick<SecretStore, 'lookup'>;
  demoService: DemoService | null;
  logger: Logger;
  /** The base poll interval now: first cycles are spread over one. */
  intervalMs: () => number;
  /** Whether the core has been started: an account added before that starts polling with it. */
  started: () => boolean;
  /** The set of watched accounts changed (added, removed). */
  onChange: () => void;
  /** The session's redaction list (diagnostics/logger.ts › SecretRegistry): every key an account uses joins it. */
  redaction: { add(secret: string): void };
};

export type AccountRegistry = {
  /** Every watched account in the user's order (settings.profiles), the demo last. */
  all(): AccountWatch[];
  get(profileId: string): AccountWatch | null;
  /** The account, or a plain-words failure for a channel that names one not watched. */
  require(profileId: string): AccountWatch;
  /**
   * Watches `profile` with `key`; an account already watched keeps its watch, caches and alerts and
   * takes the new key and address. Once the core runs it polls at once, and this resolves after
   * that first cycle, so the caller (key:set, demo:start) answers with its first data in hand.
   */
  add(profile: Profile, key: AccountKey, options?: { demo?: boolean; demoPast?: (() => DemoPast) | undefined }): Promise<AccountWatch>;
  /** Stops watching an account (its files stay: erasing them is the caller's). */
  remove(profileId: string): Promise<void>;
  /** Watches every account of the settings (each with its stored key) and the demo if chosen. */
  resumeAll(): Promise<void>;
  /** Starts every watch's polling, staggered so accounts do not poll in the same second. */
  startAll(): void;
  stopAll(): Promise<void>;
  /** Starts the embedded demo service and watches it; throws a HandlerError when it cannot start. */
  startDemo(): Promise<AccountWatch>;
  /** Stops watching the demo and its service. */
  stopDemo(): Promise<void>;
};

/** Which accounts are watched, in the user's order, each by its own watch; and the demo's service. */
export function createAccountRegistry(deps: AccountRegistryDeps): AccountRegistry {
  const { logger } = deps;
  const watches = new Map<string, AccountWatch>();
  let demoHandle: Awaited<ReturnType<DemoService['start']>> | null = null;

  function all(): AccountWatch[] {
    const order = deps.settings.get().profiles.map((profile) => profile.id);
    const rank = (id: string) => (isDemoProfile(id) ? Number.MAX_SAFE_INTEGER : order.indexOf(id) === -1 ? order.length : order.indexOf(id));
    return [...watches.values()].sort((a, b) => rank(a.id) - rank(b.id));
  }

  const indexOf = (profileId: string) => Math.max(0, all().findIndex((watch) => watch.id === profileId));

  async function add(profile: Profile, key: AccountKey, options: { demo?: boolean; demoPast?: (() => DemoPast) | undefined } = {}): Promise<AccountWatch> {
    deps.redaction.add(key.secret);
    const existing = watches.get(profile.id);
    if (existing) {
      // The account stays listed with its caches and alerts while the new key takes over.
      await existing.replaceKey(key, profile);
      return existing;
    }
    const created = deps.newWatch(profile, { demo: options.demo ?? false, key, overdueDelayMs: () => overdueDelayMs(indexOf(profile.id)), demoPast: options.demoPast });
    watches.set(profile.id, created);
    deps.onChange();
    if (deps.started()) {
      created.start(0);
      await created.refresh();
    }
    return created;
  }

  async function remove(profileId: string): Promise<void> {
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
    return add(demoProfile(demoHandle.url), { secret: demoHandle.apiKey, backend: 'memory', checked: true }, { demo: true, demoPast: demoHandle.past });
  }

  return {
    all,
    get: (profileId) => watches.get(profileId) ?? null,
    require(profileId) {
      const found = watches.get(profileId);
      if (!found) throw new HandlerError({ kind: 'invalid_argument', message: NO_SUCH_ACCOUNT_MESSAGE });
      return found;
    },
    add,
    remove,
    async resumeAll() {
      const settings = deps.settings.get();
      for (const profile of settings.profiles) {
        let stored: Awaited<ReturnType<SecretStore['lookup']>> = null;
        try {
          stored = await deps.secrets.lookup(profile.id);
        } catch (err) {
          logger.warn('core: a stored key could not be read', { account: profile.label, error: err });
        }
        // Without its key the account is still listed, saying so, so the user can enter it again.
        await add(profile, stored ? { secret: stored.secret, backend: stored.backend, checked: true } : { secret: '', backend: 'none', checked: false });
      }
      if (settings.watchDemo && deps.demoService) {
        try {
          await startDemo();
        } catch {
          // startDemo logged why; the demo can be added again.
        }
      }
    },
    startAll() {
      const list = all();
      const interval = deps.intervalMs();
      list.forEach((account, index) => account.start(staggeredStartMs(index, list.length, interval)));
    },
    async stopAll() {
      await Promise.all([...watches.values()].map((account) => account.stop()));
    },
    startDemo,
    async stopDemo() {
      await remove(DEMO_PROFILE_ID);
      await stopDemoService();
    },
  };
}
