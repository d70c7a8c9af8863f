import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');

/** README and every Markdown page under docs/: what someone who clones the repo reads. */
function docFiles(): string[] {
  const docs = readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .map((name) => join(root, 'docs', name));
  return [join(root, 'README.md'), ...docs];
}

/** The text outside fenced code blocks (a code sample's relative import is relative to its own file). */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '');
}

/** Relative link targets: `[text](target)` and `![alt](target)`, without anchors or query. */
export function linkTargets(markdown: string): string[] {
  const targets: string[] = [];
  for (const match of prose(markdown).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    const target = match[1]!;
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#')) continue;
    targets.push(target.split('#')[0]!.split('?')[0]!);
  }
  return targets;
}

const TOP_FOLDERS = ['electron', 'shared', 'renderer', 'tests', 'scripts', 'docs', 'resources', '.ci'];

/** Repo paths cited in inline code: `electron/service/`, `shared/api/*`, `tests/e2e/preview.ts`. */
export function citedPaths(markdown: string): string[] {
  const cited: string[] = [];
  for (const match of prose(markdown).matchAll(/`([^`\s]+)`/g)) {
    const text = match[1]!;
    if (TOP_FOLDERS.some((folder) => text.startsWith(`${folder}/`))) cited.push(text);
  }
  return cited;
}

/** A cited path exists: a `*`, `{a,b}` or `<name>` part is checked up to the folder that holds it. */
function citedPathExists(path: string): boolean {
  const wildcard = path.search(/[*{<]/);
  const fixed = wildcard === -1 ? path : path.slice(0, path.lastIndexOf('/', wildcard) + 1);
  const full = join(root, fixed.replace(/[.,:;]+$/, ''));
  return existsSync(full) && (!fixed.endsWith('/') || statSync(full).isDirectory());
}

describe('README and docs stand on their own', () => {
  const files = docFiles();

  it('finds the pages it checks', () => {
    const names = files.map((file) => relative(root, file));
    expect(names).toEqual(expect.arrayContaining(['README.md', 'docs/architecture.md', 'docs/service.md', 'docs/desktop.md', 'docs/user-guide.md', 'docs/development.md']));
  });

  it.each(files.map((file) => [relative(root, file), file]))('every relative link in %s resolves to a file inside the repo', (_name, file) => {
    const broken = linkTargets(readFileSync(file, 'utf8')).filter((target) => {
      const full = resolve(dirname(file), decodeURIComponent(target));
      return !(full === root || full.startsWith(root + sep)) || !existsSync(full);
    });
    expect(broken).toEqual([]);
  });

  it.each(files.map((file) => [relative(root, file), file]))('every file path cited in %s exists in the repo', (_name, file) => {
    const missing = citedPaths(readFileSync(file, 'utf8')).filter((path) => !citedPathExists(path));
    expect(missing).toEqual([]);
  });

  it.each(files.map((file) => [relative(root, file), file]))('%s names no design or spec file the repo does not hold', (_name, file) => {
    const text = readFileSync(file, 'utf8');
    expect(text).not.toMatch(/DESIGN\.md|spec\/service-|\.\.\/shared\//);
  });

  it('catches a broken link, a link out of the repo and a missing cited path', () => {
    const sample = 'See [gone](docs/nope.md), [out](../outside.md), [web](https://example.com) and `electron/nowhere.ts`.\n```\nimport x from \'../elsewhere\';\n```';
    expect(linkTargets(sample)).toEqual(['docs/nope.md', '../outside.md']);
    expect(citedPaths(sample)).toEqual(['electron/nowhere.ts']);
    expect(citedPathExists('electron/nowhere.ts')).toBe(false);
    expect(citedPathExists('shared/api/*')).toBe(true);
    expect(citedPathExists('electron/service/')).toBe(true);
  });
});

describe('README is a front door', () => {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');

  it('reads in a minute: one picture, the commands to run and to test it, and where to read more', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(100);
    expect(readme.match(/!\[[^\]]*\]\([^)]+\)/g)).toHaveLength(1);
    // The setup facts CI and a newcomer rely on.
    expect(readme).toMatch(/```sh\nnpm install\nnpm start\n```/);
    expect(readme).toMatch(/```sh\nnpm test\n```/);
    expect(readme).toContain('bash .ci/run');
    for (const page of ['docs/user-guide.md', 'docs/development.md', 'docs/architecture.md', 'docs/desktop.md']) expect(readme).toContain(`](${page})`);
  });

  it('leaves the manual to the user guide, which shows every view, the command palette among them', () => {
    const guide = readFileSync(join(root, 'docs/user-guide.md'), 'utf8');
    for (const heading of ['## Set up and run', '## Several accounts', '## Using it', '## Settings', '## Troubleshooting']) expect(guide).toContain(heading);
    const shown = new Set([...guide.matchAll(/\]\(screenshots\/([\w-]+)-(?:light|dark)\.png\)/g)].map((m) => m[1]));
    for (const view of ['overview', 'zones', 'zone', 'history', 'billing', 'caps', 'settings', 'plans', 'account', 'users', 'notifications', 'accounts', 'first-run', 'palette']) expect(shown, view).toContain(view);
  });
});
