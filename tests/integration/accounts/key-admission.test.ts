// key:set in the order that tells a caller nothing it did not know and adds an account once
// (docs/architecture.md › Adding a key): the service checks the key first; then the duplicate check counts
// the accounts watched and the submissions still being added, with no wait in between; only keys
// an account uses join the session's redaction list (docs/architecture.md › Secrets).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelOutput, Result } from '../../../shared/ipc';
import { NO_SUCH_ACCOUNT_MESSAGE } from '../../../electron/core/accounts/account-registry';
import { KEY_REJECTED_MESSAGE } from '../../../electron/core/accounts/key-check';
import { createSecretRegistry } from '../../../electron/core/diagnostics/logger';
import { createMemoryBackend } from '../../../electron/core/secrets/memory-backend';
import type { RunningService } from '../../../electron/service/start-service';
import { createTestCore, value } from '../core/core-host';
import { startTestService } from '../core/service-harness';

describe('key:set', () => {
  let service: RunningService;
  const keychain = { ...createMemoryBackend(), kind: 'keychain' as const };
  const redaction = createSecretRegistry();
  const { core, recorded } = createTestCore({ secretBackends: { keychain }, secretRegistry: redaction });
  const setKey = (input: { apiKey: string; baseUrl: string; label?: string; profileId?: string }) => core.invoke('key:set', input) as Promise<Result<ChannelOutput<'key:set'>>>;

  beforeAll(async () => {
    service = await startTestService();
    await core.start();
  });
  afterAll(async () => {
    await core.stop();
    await service.close();
  });

  it('adds the same key sent twice at once as one account, and tells the other submission it is watched', async () => {
    const results = await Promise.all([setKey({ apiKey: service.keys.admin, baseUrl: service.url, label: 'Client A' }), setKey({ apiKey: service.keys.admin, baseUrl: service.url, label: 'Client A' })]);
    const added = results.filter((result) => result.ok);
    expect(added).toHaveLength(1);
    expect(results.find((result) => !result.ok)).toEqual({ ok: false, error: { kind: 'invalid_argument', message: 'This API key is already watched as “Client A”.' } });
    expect(core.overview().accounts.map((account) => account.label)).toEqual(['Client A']);
    const settings = value(await core.invoke('settings:get', undefined)) as { profiles: unknown[] };
    expect(settings.profiles).toHaveLength(1);
  });

  it('answers a key the service refuses with the service’s answer, whether or not an account watches it', async () => {
    const refused = { ok: false, error: { kind: 'unauthorized', message: KEY_REJECTED_MESSAGE } };
    // A key no account has, and the key an account watches, once the service no longer takes it:
    // the same answer, so a caller cannot learn which keys are watched, nor by which account.
    expect(await setKey({ apiKey: 'not-a-key-the-service-knows', baseUrl: service.url })).toEqual(refused);
    service.control.setKeyRevoked(service.keys.admin, true);
    expect(await setKey({ apiKey: service.keys.admin, baseUrl: service.url, label: 'Another name' })).toEqual(refused);
    service.control.setKeyRevoked(service.keys.admin, false);
    expect(core.overview().accounts.map((account) => account.label)).toEqual(['Client A']);
  });

  it('remembers for redaction only keys the service accepted or could not check, never a refused one', async () => {
    // A refused "key" that is also an account's label must not turn the label into [redacted].
    const label = 'Label-that-is-no-key';
    const [account] = core.overview().accounts;
    value(await core.invoke('accounts:update', { profileId: account!.profileId, label }));
    expect((await setKey({ apiKey: label, baseUrl: service.url })).ok).toBe(false);
    expect(redaction.values()).not.toContain(label);
    value(await core.invoke('app:copyDiagnostics', undefined));
    expect(recorded.clipboard.text).toContain(`"label": "${label}"`);

    // The accepted key is there; so is one the service could not be asked about (nothing listens).
    expect(redaction.values()).toContain(service.keys.admin);
    const unchecked = 'a-key-no-service-could-check-yet';
    const added = value(await setKey({ apiKey: unchecked, baseUrl: 'http://127.0.0.1:9', label: 'Unreachable' }));
    expect(redaction.values()).toContain(unchecked);
    value(await core.invoke('accounts:remove', { profileId: added.profileId }));
  });
});

/** A keychain that holds back the writing of one key until the test lets it go, as an OS prompt would. */
function keychainHolding(heldSecret: string) {
  const keychainEntries = createMemoryBackend();
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let writeReached!: () => void;
  const reached = new Promise<void>((resolve) => (writeReached = resolve));
  const write = async (profileId: string, secret: string) => {
    if (secret === heldSecret) {
      writeReached();
      await held;
    }
    await keychainEntries.write(profileId, secret);
  };
  return { keychain: { ...keychainEntries, kind: 'keychain' as const, write }, keychainEntries, reached, release };
}

describe('key:set interrupted, or overtaken while the key is stored', () => {
  let service: RunningService;
  beforeAll(async () => {
    service = await startTestService();
  });
  afterAll(async () => {
    await service.close();
  });

  it('leaves no account behind when the process dies before the key is stored, and the next start lists none', async () => {
    // The keychain outlives the process; this one's write never comes back, as if the process died inside it.
    const keychainEntries = createMemoryBackend();
    let writeReached!: () => void;
    const reached = new Promise<void>((resolve) => (writeReached = resolve));
    const dying = {
      ...keychainEntries,
      kind: 'keychain' as const,
      write: () => {
        writeReached();
        return new Promise<void>(() => undefined);
      },
    };
    const first = createTestCore({ secretBackends: { keychain: dying } });
    await first.core.start();
    void first.core.invoke('key:set', { apiKey: service.keys.admin, baseUrl: service.url, label: 'Half' });
    await reached;

    const again = createTestCore({ secretBackends: { keychain: { ...keychainEntries, kind: 'keychain' } } }, first.dir);
    await again.core.start();
    try {
      expect(again.core.overview().accounts).toEqual([]);
      const settings = value(await again.core.invoke('settings:get', undefined)) as { profiles: unknown[] };
      expect(settings.profiles).toEqual([]);
    } finally {
      await again.core.stop();
    }
  });

  it('keeps an account added while another key was still being stored', async () => {
    const { keychain, reached, release } = keychainHolding(service.keys.collaborator);
    const { core } = createTestCore({ secretBackends: { keychain } });
    await core.start();
    try {
      const first = core.invoke('key:set', { apiKey: service.keys.collaborator, baseUrl: service.url, label: 'Slow keychain' });
      await reached;
      value(await core.invoke('key:set', { apiKey: service.keys.admin, baseUrl: service.url, label: 'Meanwhile' }));
      release();
      value(await first);
      expect(core.overview().accounts.map((account) => account.label).sort()).toEqual(['Meanwhile', 'Slow keychain']);
      const settings = value(await core.invoke('settings:get', undefined)) as { profiles: { label: string }[] };
      expect(settings.profiles.map((profile) => profile.label).sort()).toEqual(['Meanwhile', 'Slow keychain']);
    } finally {
      await core.stop();
    }
  });

  it('stores no key for an account removed while its new key was being stored', async () => {
    const { keychain, keychainEntries, reached, release } = keychainHolding(service.keys.collaborator);
    const { core } = createTestCore({ secretBackends: { keychain } });
    await core.start();
    try {
      const { profileId } = value((await core.invoke('key:set', { apiKey: service.keys.admin, baseUrl: service.url, label: 'Going' })) as Result<ChannelOutput<'key:set'>>);
      const replacing = core.invoke('key:set', { profileId, apiKey: service.keys.collaborator });
      await reached;
      value(await core.invoke('accounts:remove', { profileId }));
      release();
      expect(await replacing).toEqual({ ok: false, error: { kind: 'invalid_argument', message: NO_SUCH_ACCOUNT_MESSAGE } });
      expect(core.overview().accounts).toEqual([]);
      expect(await keychainEntries.read(profileId)).toBeNull();
    } finally {
      await core.stop();
    }
  });

  it('still lists an account an older version saved without its key, asking for the key', async () => {
    const keychainEntries = createMemoryBackend();
    const keychain = { ...keychainEntries, kind: 'keychain' as const };
    const first = createTestCore({ secretBackends: { keychain } });
    await first.core.start();
    const { profileId } = value((await first.core.invoke('key:set', { apiKey: service.keys.admin, baseUrl: service.url, label: 'Older' })) as Result<ChannelOutput<'key:set'>>);
    await first.core.stop();
    // What an older version left when killed between saving the account and storing its key.
    await keychainEntries.remove(profileId);

    const again = createTestCore({ secretBackends: { keychain } }, first.dir);
    await again.core.start();
    try {
      expect(again.core.overview().accounts.map((account) => [account.label, account.state])).toEqual([['Older', 'no_key']]);
      expect(again.core.status(profileId)).toMatchObject({ poll: 'no_key', keyBackend: 'none' });
    } finally {
      await again.core.stop();
    }
  });
});
