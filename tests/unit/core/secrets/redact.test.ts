import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { REDACTED, redactString, redactValue } from '../../../../electron/core/secrets/redact';

const KEY = 'zw_live_9f8e7d6c5b4a3210';

describe('redactString', () => {
  it('removes a known key wherever it appears', () => {
    expect(redactString(`request failed for key ${KEY} (twice: ${KEY})`, [KEY])).toBe(
      `request failed for key ${REDACTED} (twice: ${REDACTED})`,
    );
  });

  it('removes a key inside a URL, plain or percent-encoded', () => {
    const odd = 'k+y/with=chars&more';
    const out = redactString(`GET https://x.test/v1?k=${encodeURIComponent(odd)} and ${odd}`, [odd]);
    expect(out).not.toContain(odd);
    expect(out).not.toContain(encodeURIComponent(odd));
  });

  it('removes anything shaped like an X-API-KEY header, api_key field or parameter, even when unknown', () => {
    const out = redactString(
      'X-API-KEY: abc123secret; x-api-key=zzz999 {"api_key":"u_member_pw"} ?apiKey=qq77 Authorization: Bearer tok_55',
    );
    for (const leaked of ['abc123secret', 'zzz999', 'u_member_pw', 'qq77', 'tok_55']) expect(out).not.toContain(leaked);
    expect(out).toContain('X-API-KEY: [redacted]');
  });

  it('leaves ordinary words alone', () => {
    expect(redactString('The API key was rejected (401).', [KEY])).toBe('The API key was rejected (401).');
  });
});

describe('redactValue', () => {
  it('drops api_key fields at any depth and redacts the key inside other strings', () => {
    const out = redactValue({ users: [{ user_id: 'u1', api_key: 'member-secret' }], note: `sent ${KEY}` }, [KEY]);
    expect(JSON.stringify(out)).not.toMatch(/member-secret|zw_live/);
    expect(out).toEqual({ users: [{ user_id: 'u1', api_key: REDACTED }], note: `sent ${REDACTED}` });
  });

  it('redacts member names too, and keeps a hostile `__proto__` an own member', () => {
    const out = redactValue(JSON.parse(`{"${KEY}":{"x-${KEY}":1},"__proto__":{"polluted":true}}`), [KEY]) as Record<string, unknown>;
    expect(JSON.stringify(out)).not.toContain(KEY);
    expect(out).toEqual({ [REDACTED]: { [`x-${REDACTED}`]: 1 }, ['__proto__']: { polluted: true } });
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
  });

  it('keeps an error readable while removing the key from its message, stack and cause', () => {
    const err = new Error(`fetch https://h.test/?key=${KEY} failed`, { cause: new Error(`inner ${KEY}`) });
    const text = JSON.stringify(redactValue({ error: err }, [KEY]));
    expect(text).not.toContain(KEY);
    expect(text).toContain('failed');
  });

  it('survives circular structures', () => {
    const loop: Record<string, unknown> = { name: 'a' };
    loop.self = loop;
    expect(redactValue(loop)).toEqual({ name: 'a', self: '[circular]' });
  });
});

describe('redaction of any key', () => {
  const keyChars = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_+/=. '.split(''));
  const keys = fc.string({ unit: keyChars, minLength: 8, maxLength: 64 }).filter((k) => k.trim().length >= 8);

  it('leaves no trace of the key in a logged line, whether in a message, an error, a URL or a query string', () => {
    fc.assert(
      fc.property(keys, fc.string({ maxLength: 20 }), (key, noise) => {
        const url = new URL('https://api.example.test/v1/zones');
        url.searchParams.set('k', key);
        const data = {
          error: new Error(`${noise}failed with ${key}${noise}`),
          url: url.href,
          plainUrl: `https://api.example.test/v1?key=${key}`,
          encoded: encodeURIComponent(key),
          nested: [{ note: `${noise}${key}` }],
        };
        const line = redactString(`${noise} ${key} ${JSON.stringify(redactValue(data, [key]))}`, [key]);
        return !line.includes(key) && !line.includes(encodeURIComponent(key)) && !line.includes(url.searchParams.toString().slice(2));
      }),
      { numRuns: 300 },
    );
  });
});
