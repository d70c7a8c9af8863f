import { describe, expect, it } from 'vitest';
import { cspMetaContent } from '../../../../shared/content-security-policy';
import { pagePolicyProblems } from '../../../../scripts/package-check/page-policy';

const meta = (content: string) => `<meta http-equiv="Content-Security-Policy" content="${content.replaceAll("'", '&#39;')}">`;
const page = (head: string) => `<!doctype html><html><head>${head}</head><body><div id="root"></div></body></html>`;
const built = ['assets/index.js', 'assets/chunk.js', 'assets/index.css'];
const exists = (path: string) => built.includes(path);
const assets = '<script type="module" crossorigin src="./assets/index.js"></script><link rel="modulepreload" href="./assets/chunk.js"><link rel="stylesheet" href="./assets/index.css">';

describe('the packaged page’s CSP (scripts/package-check/page-policy.ts)', () => {
  it('accepts the meta tag the policy source writes, first, over files of the build', () => {
    expect(pagePolicyProblems(page(meta(cspMetaContent({ kind: 'packaged' })) + assets), exists)).toEqual([]);
  });

  it('refuses a page without it, with another policy, or with it after a script', () => {
    expect(pagePolicyProblems(page(assets), exists)).toEqual(['index.html has 0 Content-Security-Policy meta tags; the build writes exactly one']);
    expect(pagePolicyProblems(page(meta("default-src 'self'") + assets), exists)[0]).toMatch(/^index.html's CSP is "default-src 'self'", not the policy source's "default-src 'none'; /);
    expect(pagePolicyProblems(page(assets + meta(cspMetaContent({ kind: 'packaged' }))), exists)).toHaveLength(3);
  });

  it('refuses inline scripts and files the package does not hold', () => {
    const head = meta(cspMetaContent({ kind: 'packaged' })) + '<script>alert(1)</script><script type="module" src="./assets/gone.js"></script>';
    expect(pagePolicyProblems(page(head), exists)).toEqual(['index.html has an inline script, which its CSP forbids', 'index.html loads ./assets/gone.js, which is not a file of the packaged build']);
  });
});
