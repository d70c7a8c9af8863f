import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../electron/core/api/error';
import { accountStatus, KEY_NOT_CHECKED_MESSAGE, type StatusFacts } from '../../../../electron/core/watch/account-status';
import type { PollerState } from '../../../../electron/core/polling/poller';

const NOW = Date.parse('2026-11-20T12:00:00Z');
const MIN = 60_000;

function poller(overrides: Partial<PollerState> = {}): PollerState {
  return {
    started: true,
    refreshing: false,
    consecutiveFailures: 0,
    unauthorized: false,
    noKey: false,
    rateLimited: false,
    lastAttemptAt: NOW - MIN,
    lastSuccessAt: NOW - MIN,
    lastError: null,
    nextPollAt: NOW + MIN,
    decision: null,
    ...overrides,
  };
}

function status(overrides: Partial<Omit<StatusFacts, 'poller'>> & { poller?: Partial<PollerState> } = {}) {
  return accountStatus({
    profile: { id: 'p1', label: 'Work', baseUrl: 'https://api.example.com', color: 'blue', demo: false },
    key: { backend: 'keychain', uncheckedSince: null },
    gaps: [],
    billingUnreadable: [],
    accountFetchedAt: null,
    intervalMs: 60_000,
    now: NOW,
    ...overrides,
    poller: poller(overrides.poller),
  });
}

describe('an account’s own status', () => {
  it('is running with the key accepted after a recent success', () => {
    const s = status();
    expect(s).toMatchObject({ poll: 'running', auth: 'ok', stale: false, offline: false, lastError: null, keyBackend: 'keychain' });
    expect(s.profile).toEqual({ id: 'p1', label: 'Work', baseUrl: 'https://api.example.com', color: 'blue', demo: false });
  });

  it('says no key, in its poll state and its key, before any cycle tries when none is stored', () => {
    expect(status({ key: { backend: 'none', uncheckedSince: null } })).toMatchObject({ poll: 'no_key', auth: 'no_key', keyBackend: 'none' });
    expect(status({ poller: { noKey: true } })).toMatchObject({ poll: 'no_key', auth: 'no_key' });
  });

  it('says the key was rejected, and that polling stopped, after a 401', () => {
    expect(status({ poller: { unauthorized: true } })).toMatchObject({ poll: 'stopped_unauthorized', auth: 'rejected' });
  });

  it('copies nothing app-wide into it: there is no paused, suspended or snoozed here (shared/app-state.ts has them)', () => {
    expect(Object.keys(status()).sort()).toEqual(
      ['auth', 'consecutiveFailures', 'dataGaps', 'keyBackend', 'lastAttemptAt', 'lastError', 'lastSuccessAt', 'nextPollAt', 'offline', 'poll', 'profile', 'refreshing', 'stale'].sort(),
    );
  });

  it('is offline when its last failure was a network error or a timeout', () => {
    expect(status({ poller: { lastError: new ApiError('network', 'down') } }).offline).toBe(true);
    expect(status({ poller: { lastError: new ApiError('timeout', 'slow') } }).offline).toBe(true);
    expect(status({ poller: { lastError: new ApiError('server', 'boom', { status: 500 }) } }).offline).toBe(false);
  });

  it('turns stale after 5 minutes without a success at the default interval', () => {
    expect(status({ poller: { lastSuccessAt: NOW - 5 * MIN } }).stale).toBe(false);
    expect(status({ poller: { lastSuccessAt: NOW - 5 * MIN - 1 } }).stale).toBe(true);
  });

  it('waits two intervals before calling data stale when the interval is longer than 2.5 minutes', () => {
    // Idle at the default 300 s: stale after 10 min, not 5.
    expect(status({ intervalMs: 300_000, poller: { lastSuccessAt: NOW - 9 * MIN } }).stale).toBe(false);
    expect(status({ intervalMs: 300_000, poller: { lastSuccessAt: NOW - 11 * MIN } }).stale).toBe(true);
  });

  it('dates a restored cache by its account fetch, and calls the key unknown until this run succeeds', () => {
    const fetchedAt = new Date(NOW - 30 * MIN).toISOString();
    expect(status({ poller: { lastSuccessAt: null }, accountFetchedAt: fetchedAt })).toMatchObject({ lastSuccessAt: fetchedAt, stale: true, auth: 'unknown' });
  });

  it('says what went wrong once, and carries the age of the data and the next try as fields of their own', () => {
    const s = status({ poller: { lastError: new ApiError('server', 'boom', { status: 500 }), nextPollAt: NOW + 30_000 } });
    expect(s.lastError).toMatchObject({ kind: 'server', message: 'The service had a problem of its own (HTTP 500).' });
    expect(s.lastSuccessAt).toBe(new Date(NOW - MIN).toISOString());
    expect(s.nextPollAt).toBe(new Date(NOW + 30_000).toISOString());
  });

  it('prefixes the error with the unchecked-key notice, and calls the key unknown, until the service answers', () => {
    const s = status({ key: { backend: 'keychain', uncheckedSince: NOW - MIN }, poller: { lastError: new ApiError('network', 'down') } });
    expect(s.auth).toBe('unknown');
    expect(s.lastError?.message.startsWith(`${KEY_NOT_CHECKED_MESSAGE} `)).toBe(true);
  });

  it('counts what could not be read, per kind, in words', () => {
    const gaps = [{ kind: 'zone' as const, id: 'Z1', path: 'zone_id', message: 'is not a zone id' }];
    expect(status({ gaps }).dataGaps).toEqual([{ kind: 'zone', count: 1, message: '1 zone could not be read (what identifies it is unusable): zone_id of Z1 is not a zone id.' }]);
  });
});
