import { describe, it, expect } from 'vitest';
import { cspHeader, cspMetaContent, type PageHost } from '../../../shared/content-security-policy';

/** A policy as directive → sources, so a test reads what a browser would enforce. */
function parse(policy: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (!name) continue;
    expect(directives.has(name), `${name} is given once`).toBe(false);
    directives.set(name, sources);
  }
  return directives;
}

const packaged: PageHost = { kind: 'packaged' };
const bridge: PageHost = { kind: 'bridge' };
const dev: PageHost = { kind: 'dev', origin: 'http://localhost:5173' };

describe('the window’s Content Security Policy (docs/architecture.md › Security)', () => {
  it('for the packaged app denies by default, loads script, style and images only from the app, and connects nowhere', () => {
    const policy = parse(cspMetaContent(packaged));
    expect(policy.get('default-src')).toEqual(["'none'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('style-src')).toEqual(["'self'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'https:']);
    expect(policy.get('connect-src')).toEqual(["'none'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('form-action')).toEqual(["'none'"]);
  });

  it('for the browser shell differs only in connecting to its own origin, where its bridge socket is', () => {
    const shell = parse(cspMetaContent(bridge));
    expect(shell.get('connect-src')).toEqual(["'self'"]);
    const app = parse(cspMetaContent(packaged));
    app.delete('connect-src');
    shell.delete('connect-src');
    expect(shell).toEqual(app);
  });

  it('never allows inline script, eval or any host for a built page', () => {
    for (const host of [packaged, bridge]) {
      for (const policy of [cspMetaContent(host), cspHeader(host)]) {
        expect(policy).not.toMatch(/unsafe-|\*|http:|ws:/);
      }
    }
  });

  it('keeps frame-ancestors in the header only: a meta tag cannot carry it', () => {
    for (const host of [packaged, bridge, dev]) {
      const header = parse(cspHeader(host));
      const meta = parse(cspMetaContent(host));
      expect(header.get('frame-ancestors')).toEqual(["'none'"]);
      expect(meta.has('frame-ancestors')).toBe(false);
      header.delete('frame-ancestors');
      expect(meta).toEqual(header);
    }
  });

  it('under electron-vite dev allows the dev server’s inline preamble and its HMR socket, and nothing further', () => {
    const policy = parse(cspHeader(dev));
    expect(policy.get('script-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy.get('connect-src')).toEqual(["'self'", 'ws://localhost:5173']);
    expect(policy.get('default-src')).toEqual(["'none'"]);
    expect(cspHeader(dev)).not.toMatch(/unsafe-eval|\*/);
  });
});
