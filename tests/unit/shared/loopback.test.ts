import { describe, it, expect } from 'vitest';
import { isLoopbackHttp } from '../../../shared/loopback';

describe('isLoopbackHttp', () => {
  it('allows plain http only to this machine', () => {
    for (const url of ['http://127.0.0.1:8787/x', 'http://localhost/', 'http://[::1]:5173/']) expect(isLoopbackHttp(new URL(url)), url).toBe(true);
    for (const url of ['http://api.bytio.com/', 'https://127.0.0.1/', 'http://127.0.0.1.evil.example/', 'http://10.0.0.1/', 'file:///etc/passwd'])
      expect(isLoopbackHttp(new URL(url)), url).toBe(false);
  });
});
