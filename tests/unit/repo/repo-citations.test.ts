import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// Every reason a comment, test or page gives must be one a person who clones the repository can
// read: the repo's own docs/, cited as `docs/<page>.md › <Section>`. The outside documents the
// project grew from are named here only in pieces, so this file does not cite them itself.

const root = resolve(import.meta.dirname, '../../..');

const OUTSIDE_DOCUMENTS = [['DESIGN'], ['STYLE'], ['service', 'interface'], ['service', 'facts']].map((name) => `${name.join('-')}.md`);
const OUTSIDE_FOLDER = ['shared', 'spec', ''].join('/');
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const OUTSIDE_CITATION = new RegExp([...OUTSIDE_DOCUMENTS, OUTSIDE_FOLDER].map(escape).join('|'), 'i');

const BINARY = /\.(png|ico|icns|jpe?g|gif|webp|pdf|woff2?|ttf|zip|gz)$/i;

/** The repository's tracked text files: source, tests, docs, scripts and config. */
function trackedTextFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return listed
    .split('\0')
    .filter((path) => path !== '' && !BINARY.test(path) && existsSync(join(root, path)))
    .filter((path) => !readFileSync(join(root, path)).includes(0));
}

export type Finding = { line: number; text: string };

/** Lines that cite a document the repository does not hold. */
export function outsideCitations(text: string): Finding[] {
  return text
    .split('\n')
    .flatMap((line, index) => (OUTSIDE_CITATION.test(line) ? [{ line: index + 1, text: line.trim() }] : []));
}

type Heading = { level: number; text: string; children: Heading[] };

/** A Markdown page's headings as a tree (fenced code left out). */
export function headingTree(markdown: string): Heading[] {
  const top: Heading[] = [];
  const open: Heading[] = [];
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const match = fenced ? null : /^(#{1,6})\s+(.+?)\s*#*\s*$/.exec(line);
    if (!match) continue;
    const heading: Heading = { level: match[1]!.length, text: match[2]!.replace(/\s+/g, ' '), children: [] };
    while (open.length > 0 && open.at(-1)!.level >= heading.level) open.pop();
    (open.at(-1)?.children ?? top).push(heading);
    open.push(heading);
  }
  return top;
}

const descendants = (headings: Heading[]): Heading[] => headings.flatMap((heading) => [heading, ...descendants(heading.children)]);

/**
 * Whether the text after `docs/<page>.md › ` starts with a heading path of the page: each
 * `› Part` names a heading under the one before it; text after the last part is prose.
 */
export function resolvesSection(tail: string, page: Heading[]): boolean {
  let candidates = descendants(page);
  let rest = tail;
  for (;;) {
    const found = candidates
      .filter((heading) => rest.startsWith(heading.text) && !/^[\p{L}\p{N}_-]/u.test(rest.slice(heading.text.length)))
      .sort((a, b) => b.text.length - a.text.length)[0];
    if (!found) return false;
    rest = rest.slice(found.text.length);
    const deeper = /^\s*›\s*/.exec(rest);
    if (!deeper) return true;
    rest = rest.slice(deeper[0].length);
    candidates = descendants(found.children);
  }
}

const SECTION_CITATION = /(?<![\w./-])docs\/([\w-]+)\.md\s*›\s*/g;
const COMMENT_LEAD = /^\s*(\/\/+|\/?\*+|#+|<!--)?\s*/;

/** `docs/<page>.md › <Section>` citations whose section is not a heading of that page. */
export function brokenSectionCitations(text: string, pages: (name: string) => Heading[] | undefined): Finding[] {
  const lines = text.split('\n');
  return lines.flatMap((line, index) =>
    [...line.matchAll(SECTION_CITATION)].flatMap((match) => {
      // A comment may wrap inside the section's name: read on into the next line.
      const next = (lines[index + 1] ?? '').replace(COMMENT_LEAD, '');
      const tail = `${line.slice(match.index + match[0].length)} ${next}`.replace(/\s+/g, ' ').trimStart();
      const page = pages(match[1]!);
      return page && resolvesSection(tail, page) ? [] : [{ line: index + 1, text: line.trim() }];
    }),
  );
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
export function headingAnchor(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** `](page.md#anchor)` and `](#anchor)` links whose anchor names no heading of the page. */
export function brokenAnchors(markdown: string, self: string, pages: (name: string) => Heading[] | undefined): string[] {
  return [...markdown.matchAll(/\]\((?:([\w-]+)\.md)?#([^)\s]+)\)/g)].flatMap((match) => {
    const page = pages(match[1] ?? self);
    const anchors = new Set(descendants(page ?? []).map((heading) => headingAnchor(heading.text)));
    return anchors.has(match[2]!) ? [] : [match[0]];
  });
}

const pageCache = new Map<string, Heading[] | undefined>();
function docsPage(name: string): Heading[] | undefined {
  if (!pageCache.has(name)) {
    const path = join(root, 'docs', `${name}.md`);
    pageCache.set(name, existsSync(path) ? headingTree(readFileSync(path, 'utf8')) : undefined);
  }
  return pageCache.get(name);
}

describe("the repository's citations", () => {
  const files = trackedTextFiles();
  const read = (path: string) => readFileSync(join(root, path), 'utf8');

  it('reads the tracked source, tests, docs, scripts and config', () => {
    expect(files).toEqual(expect.arrayContaining(['package.json', 'README.md', 'docs/api.md', 'electron/core/app-core.ts', 'scripts/run-tests.mjs']));
    expect(files.some((path) => path.startsWith('tests/'))).toBe(true);
  });

  it('cite no document the repository does not hold', () => {
    const found = files.flatMap((path) => outsideCitations(read(path)).map(({ line, text }) => `${path}:${line}: ${text}`));
    expect(found).toEqual([]);
  });

  it('name, in every `docs/<page>.md › <Section>`, a heading that page has', () => {
    const found = files.flatMap((path) => brokenSectionCitations(read(path), docsPage).map(({ line, text }) => `${path}:${line}: ${text}`));
    expect(found).toEqual([]);
  });

  it("link, in README and docs/, only to anchors of headings that exist", () => {
    const pages = files.filter((path) => path === 'README.md' || /^docs\/[\w-]+\.md$/.test(path));
    const found = pages.flatMap((path) => {
      const self = path === 'README.md' ? 'README' : path.slice('docs/'.length, -'.md'.length);
      const lookup = (name: string) => (name === 'README' ? headingTree(read('README.md')) : path.startsWith('docs/') ? docsPage(name) : undefined);
      return brokenAnchors(read(path), self, lookup).map((link) => `${path}: ${link}`);
    });
    expect(found).toEqual([]);
  });

  it('catch an outside citation, a section that is not there and a dead anchor', () => {
    const outside = `// see ${OUTSIDE_DOCUMENTS[0]} › Polling\nconst x = 1;\n/* ${OUTSIDE_FOLDER}x */`;
    expect(outsideCitations(outside).map((finding) => finding.line)).toEqual([1, 3]);

    const tree = headingTree('# Page\n## Client behaviour\n### Polling\n```\n## Not a heading\n```\n## Errors\n### Rate limits\n');
    const pages = (name: string) => (name === 'page' ? tree : undefined);
    const page = ['docs', 'page.md'].join('/');
    const gone = ['docs', 'gone.md'].join('/');
    const sample = [
      `// Waits (${page} › Client behaviour › Polling): fine.`,
      `// ${page} › Errors › Rate limits`,
      `// ${page} › Errors: a section, then prose.`,
      `/** Across a wrap (${page} › Client`,
      ' * behaviour). */',
      `// Or right after the mark (${page} ›`,
      '// Errors).',
      `// ${page} › Poll: a part of a name is not the name.`,
      `// ${page} › Errors › Polling: not under Errors.`,
      `// ${page} › Not a heading`,
      `// ${gone} › Errors`,
    ].join('\n');
    expect(brokenSectionCitations(sample, pages).map((finding) => finding.line)).toEqual([8, 9, 10, 11]);

    expect(headingAnchor("Decisions on the interface's open points")).toBe('decisions-on-the-interfaces-open-points');
    expect(headingAnchor('Units, money and time')).toBe('units-money-and-time');
    expect(brokenAnchors('[a](#errors) [b](#rate-limits) [c](page.md#polling) [d](#polling-2)', 'page', pages)).toEqual(['](#polling-2)']);
  });
});
