import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../electron/core/api/error';
import { appStatus, KEY_NOT_CHECKED_MESSAGE, type AppStatusInputs, type StatusSession } from '../../../../electron/core/readout/account-status';
import type { PollerState } from '../../../../electron/core/polling/poller';
import { Profile } from '../../../../shared/settings';
import { sampleExternalPollInputs } from '../polling/poll-inputs';

const NOW = Date.parse('2026-11-20T12:00:00Z');
const MIN = 60_000;

function session(overrides: Partial<StatusSession> = {}): StatusSession {
  return {
    profile: Profile.parse({ id: 'p1', label: 'Work', baseUrl: 'https://api.example.com' }),
    demo: false,
    keyBackend: 'keychain',
    keyUncheckedSince: null,
    alerts: { snoozedUntil: () => null },
    ...overrides,
  };
}

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

function status(overrides: Partial<AppStatusInputs> = {}) {
  return appStatus({
    poller: poller(),
    session: session(),
    accountFetchedAt: null,
    inputs: sampleExternalPollInputs(),
    now: NOW,
    ...overrides,
  });
}

describe('the app status', () => {
  it('is running with the key accepted after a recent success', () => {
    const s = status();
    expect(s).toMatchObject({ poll: 'running', auth: 'ok', stale: false, offline: false, lastError: null, keyBackend: 'keychain' });
    expect(s.profile).toEqual({ id: 'p1', label: 'Work', baseUrl: 'https://api.example.com', color: 'blue', demo: false });
  });

  it('names the account with the colour it wears', () => {
    const teal = session({ profile: Profile.parse({ id: 'p2', label: 'Client B', baseUrl: 'https://api.example.com', color: 'teal' }) });
    expect(status({ session: teal }).profile).toMatchObject({ id: 'p2', label: 'Client B', color: 'teal' });
  });

  it('says no key, with no profile, when no session is open', () => {
    expect(status({ session: null })).toMatchObject({ poll: 'no_key', auth: 'no_key', keyBackend: 'none', profile: null, stale: false });
  });

  it('says the key was rejected, and that polling stopped, after a 401 even while suspended', () => {
    const s = status({ poller: poller({ unauthorized: true }), inputs: sampleExternalPollInputs({ suspended: true }) });
    expect(s).toMatchObject({ poll: 'stopped_unauthorized', auth: 'rejected' });
  });

  it.each([
    [{ suspended: true }, 'suspended'],
    [{ locked: true }, 'suspended'],
    [{ paused: true }, 'paused'],
    [{ offline: true }, 'paused'],
  ] as const)('reads host inputs %o as poll state %s', (inputs, poll) => {
    expect(status({ inputs: sampleExternalPollInputs(inputs) }).poll).toBe(poll);
  });

  it('is offline when the host says so, or when the last failure was a network error or a timeout', () => {
    expect(status({ inputs: sampleExternalPollInputs({ offline: true }) }).offline).toBe(true);
    expect(status({ poller: poller({ lastError: new ApiError('network', 'down') }) }).offline).toBe(true);
    expect(status({ poller: poller({ lastError: new ApiError('timeout', 'slow') }) }).offline).toBe(true);
    expect(status({ poller: poller({ lastError: new ApiError('server', 'boom', { status: 500 }) }) }).offline).toBe(false);
  });

  it('turns stale after 5 minutes without a success at the default interval', () => {
    expect(status({ poller: poller({ lastSuccessAt: NOW - 5 * MIN }) }).stale).toBe(false);
    expect(status({ poller: poller({ lastSuccessAt: NOW - 5 * MIN - 1 }) }).stale).toBe(true);
  });

  it('waits two intervals before calling data stale when the interval is longer than 2.5 minutes', () => {
    // Idle at the default 300 s: stale after 10 min, not 5.
    const inputs = sampleExternalPollInputs({ idle: true });
    expect(status({ inputs, poller: poller({ lastSuccessAt: NOW - 9 * MIN }) }).stale).toBe(false);
    expect(status({ inputs, poller: poller({ lastSuccessAt: NOW - 11 * MIN }) }).stale).toBe(true);
  });

  it('dates a restored cache by its account fetch, and calls the key unknown until this run succeeds', () => {
    const fetchedAt = new Date(NOW - 30 * MIN).toISOString();
    const s = status({ poller: poller({ lastSuccessAt: null }), accountFetchedAt: fetchedAt });
    expect(s).toMatchObject({ lastSuccessAt: fetchedAt, stale: true, auth: 'unknown' });
  });

  it('never calls data stale when no session is open', () => {
    expect(status({ session: null, poller: poller({ lastSuccessAt: NOW - 60 * MIN }) }).stale).toBe(false);
  });

  it('says what went wrong once, and carries the age of the data and the next try as fields of their own', () => {
    const s = status({ poller: poller({ lastError: new ApiError('server', 'boom', { status: 500 }), nextPollAt: NOW + 30_000 }) });
    expect(s.lastError).toMatchObject({ kind: 'server', message: 'The service had a problem of its own (HTTP 500).' });
    expect(s.lastSuccessAt).toBe(new Date(NOW - MIN).toISOString());
    expect(s.nextPollAt).toBe(new Date(NOW + 30_000).toISOString());
  });

  it('prefixes the error with the unchecked-key notice, and calls the key unknown, until the service answers', () => {
    const s = status({
      session: session({ keyUncheckedSince: NOW - MIN }),
      poller: poller({ lastError: new ApiError('network', 'down') }),
    });
    expect(s.auth).toBe('unknown');
    expect(s.lastError?.message.startsWith(`${KEY_NOT_CHECKED_MESSAGE} `)).toBe(true);
  });

  it('shows the snooze end from the alerts', () => {
    const until = new Date(NOW + 60 * MIN).toISOString();
    expect(status({ session: session({ alerts: { snoozedUntil: () => until } }) }).snoozedUntil).toBe(until);
  });
});
