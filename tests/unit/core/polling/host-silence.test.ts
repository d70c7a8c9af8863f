import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../../electron/core/api/client';
import { ApiError } from '../../../../electron/core/api/error';
import { watchHostSilence } from '../../../../electron/core/polling/host-silence';

// docs/architecture.md › Polling: a cycle's requests end when the cycle is cancelled, and once one
// finds the host not answering nothing more of the cycle is sent.

const client = (fetch: typeof globalThis.fetch) => createApiClient({ baseUrl: 'https://api.example.com', getApiKey: () => 'key', fetch });

describe('a cycle\'s watch on its host', () => {
  it('passes the cycle\'s cancel on to its requests, with its reason', () => {
    const cycle = new AbortController();
    const silence = watchHostSilence(client(async () => new Response('{}')), cycle.signal);
    expect(silence.signal.aborted).toBe(false);
    cycle.abort('stopping');
    expect(silence.signal.aborted).toBe(true);
    expect(silence.signal.reason).toBe('stopping');
    expect(silence.verdict()).toBeNull();
  });

  it('starts cancelled when the cycle already is', () => {
    const cycle = new AbortController();
    cycle.abort('gone');
    expect(watchHostSilence(client(async () => new Response('{}')), cycle.signal).signal.reason).toBe('gone');
  });

  it('ends the cycle\'s other requests once one finds the host not answering, and says which host', async () => {
    const cycle = new AbortController();
    const silence = watchHostSilence(client(async () => Promise.reject(new TypeError('fetch failed'))), cycle.signal);
    const failed = await silence.client.getAccountInfo({ signal: silence.signal }).catch((err: unknown) => err);
    expect(failed).toBeInstanceOf(ApiError);
    expect(silence.signal.aborted).toBe(true);
    expect(silence.verdict()?.message).toContain('the service at api.example.com is not answering');
    expect(cycle.signal.aborted).toBe(false);
  });
});
