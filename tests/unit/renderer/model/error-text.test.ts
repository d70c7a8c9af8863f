import { describe, expect, it } from 'vitest';
import { errorText, KEY_FORM_NEXT_STEP } from '../../../../renderer/src/model/error-text';

describe('errorText', () => {
  it('adds what to do next to the message', () => {
    expect(errorText({ kind: 'payment_required', message: 'The balance does not cover the change' })).toBe(
      'The balance does not cover the change. Top up the balance, then try again.',
    );
  });

  it('says when to retry after a rate limit', () => {
    expect(errorText({ kind: 'rate_limited', message: 'Too many requests.', retryAfterMs: 30_000 })).toBe('Too many requests. Try again in 30 s.');
  });

  it('names the fields that the message does not already name', () => {
    const text = errorText({ kind: 'invalid_argument', message: 'Invalid name: too long.', fields: [{ path: 'name', message: 'too long' }, { path: 'pool_size', message: 'too big' }] });
    expect(text).toBe('Invalid name: too long. pool_size too big.');
  });

  it('tells the user the last data stays after an answer too large to read, and adds nothing to a redirect, which names its own fix', () => {
    expect(errorText({ kind: 'response_too_large', message: 'The service sent an answer larger than 4 MB, so Zonewatch stopped reading it.' })).toBe(
      'The service sent an answer larger than 4 MB, so Zonewatch stopped reading it. Zonewatch keeps showing the last data it has and will try again.',
    );
    const redirect = 'The service at api.example.com answered with a redirect to another address (301). Check the base URL in Settings.';
    expect(errorText({ kind: 'redirected', message: redirect })).toBe(redirect);
  });
});

describe('errorText where a key is being entered', () => {
  it('points to the form on screen, never to a Settings view the first-run screen does not have', () => {
    const rejected = errorText({ kind: 'unauthorized', message: 'The service rejected this API key. Check it in your dashboard and paste it again.' }, KEY_FORM_NEXT_STEP);
    expect(rejected).toBe('The service rejected this API key. Check it in your dashboard and paste it again.');
    expect(rejected).not.toContain('Settings');
    expect(errorText({ kind: 'network', message: 'Zonewatch could not reach the service.' }, KEY_FORM_NEXT_STEP)).toBe(
      'Zonewatch could not reach the service. Check the connection and the service URL, then connect again.',
    );
    const redirected = errorText({ kind: 'redirected', message: 'The service at api.example.com answered with a redirect to another address (301).' }, KEY_FORM_NEXT_STEP);
    expect(redirected).toBe(
      'The service at api.example.com answered with a redirect to another address (301). Check the service URL (it should be the API’s own address, such as https://api.bytio.com), then connect again.',
    );
  });
});
