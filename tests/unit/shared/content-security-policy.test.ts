import { describe, it, expect } from 'vitest';
import { contentSecurityPolicy } from '../../../electron/main/content-security-policy';

describe('contentSecurityPolicy', () => {
  it('is the packaged policy of DESIGN.md for the built renderer: no network, no inline script', () => {
    const csp = contentSecurityPolicy({ kind: 'file', url: 'file:///app/out/renderer/index.html' });
    expect(csp.startsWith("default-src 'self'; img-src 'self' data: https:; connect-src 'none'")).toBe(true);
    expect(csp).not.toContain('unsafe');
    expect(csp).toContain("object-src 'none'");
  });

  it('widens script and connect only to the dev server and its HMR socket under electron-vite dev', () => {
    const csp = contentSecurityPolicy({ kind: 'dev', origin: 'http://localhost:5173' });
    expect(csp).toContain("connect-src 'self' http://localhost:5173 ws://localhost:5173");
    expect(csp).not.toMatch(/unsafe-eval|\*/);
  });
});
