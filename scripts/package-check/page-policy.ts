import { JSDOM } from 'jsdom';
import { cspMetaContent } from '../../shared/content-security-policy';

/**
 * The packaged window's index.html holds its CSP as the build wrote it from the policy source
 * (shared/content-security-policy.ts): one meta tag, before every script and stylesheet, and only
 * files of the build for it to load. `exists` says whether a path (relative to index.html) ships.
 */
export function pagePolicyProblems(html: string, exists: (path: string) => boolean): string[] {
  const { window } = new JSDOM(html);
  const { document } = window;
  const metas = [...document.querySelectorAll('meta[http-equiv]')].filter((meta) => meta.getAttribute('http-equiv')?.toLowerCase() === 'content-security-policy');
  if (metas.length !== 1) return [`index.html has ${metas.length} Content-Security-Policy meta tags; the build writes exactly one`];
  const meta = metas[0]!;
  const problems: string[] = [];
  const wanted = cspMetaContent({ kind: 'packaged' });
  if (meta.getAttribute('content') !== wanted) problems.push(`index.html's CSP is "${meta.getAttribute('content')}", not the policy source's "${wanted}"`);
  const loads = [...document.querySelectorAll('script, link')].filter((el) => el.tagName === 'SCRIPT' || ['stylesheet', 'modulepreload'].includes(el.getAttribute('rel') ?? ''));
  for (const el of loads) {
    if (meta.compareDocumentPosition(el) & window.Node.DOCUMENT_POSITION_PRECEDING) problems.push(`index.html loads ${el.outerHTML} before its CSP meta tag`);
    const ref = el.getAttribute(el.tagName === 'SCRIPT' ? 'src' : 'href');
    if (!ref) problems.push(`index.html has an inline ${el.tagName.toLowerCase()}, which its CSP forbids`);
    else if (!ref.startsWith('./') || !exists(ref.slice(2))) problems.push(`index.html loads ${ref}, which is not a file of the packaged build`);
  }
  return problems;
}
