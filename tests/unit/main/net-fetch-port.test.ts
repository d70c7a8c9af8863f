import { describe, expect, it } from 'vitest';
import { RedirectRefused } from '../../../electron/core/api/redirect';
import { netFetchPort } from '../../../electron/main/net-fetch-port';

describe("the fetch port on Electron's net.fetch", () => {
  it('turns the rejection net.fetch gives for an unfollowed redirect into RedirectRefused', async () => {
    // What ClientRequest's 'redirect' handler does under redirect: 'manual' when nobody follows.
    const port = netFetchPort(async () => Promise.reject(new Error('Redirect was cancelled')));
    await expect(port('https://api.example.com/v1/plans', { redirect: 'manual' })).rejects.toBeInstanceOf(RedirectRefused);
  });

  it('passes network failures and answers through unchanged', async () => {
    const failing = netFetchPort(async () => Promise.reject(new Error('net::ERR_CONNECTION_REFUSED')));
    await expect(failing('https://api.example.com/v1/plans', { redirect: 'manual' })).rejects.toThrow('net::ERR_CONNECTION_REFUSED');
    const seen: string[] = [];
    const answering = netFetchPort(async (input) => (seen.push(input), new Response('{}', { status: 200 })));
    expect((await answering(new URL('https://api.example.com/v1/plans'))).status).toBe(200);
    expect(seen).toEqual(['https://api.example.com/v1/plans']);
  });
});
