import type { ArchiveFile } from './asar-listing';

/** Where the app's own files live in the archive: main, preload and the window's build. */
const APP_ROOTS = ['out/main/', 'out/preload/', 'out/renderer/'];

type Rule = { what: string; matches: (file: ArchiveFile) => boolean };

const inNodeModules = (path: string) => path.startsWith('node_modules/');
const segments = (path: string) => path.split('/');

/** What must not be in the archive, each in words a reader of the check's output understands. */
const RULES: Rule[] = [
  {
    what: 'is neither main, preload, the window’s build, package.json nor a runtime module of main',
    matches: ({ path }) => path !== 'package.json' && !inNodeModules(path) && !APP_ROOTS.some((root) => path.startsWith(root)),
  },
  { what: 'is Vite’s build manifest (a build-time record)', matches: ({ path }) => path.startsWith('out/renderer/.vite/') },
  { what: 'is a source map', matches: ({ path }) => path.endsWith('.map') },
  { what: 'is TypeScript (source or declarations)', matches: ({ path }) => /\.(ts|tsx|mts|cts)$/.test(path) },
  {
    what: 'is a test',
    matches: ({ path }) => inNodeModules(path) && (segments(path).some((s) => ['test', 'tests', '__tests__'].includes(s)) || /\.(test|spec)\.[cm]?js$/.test(path)),
  },
  {
    what: 'is documentation',
    matches: ({ path }) => /\.(md|markdown)$/i.test(path) || (inNodeModules(path) && segments(path).some((s) => ['docs', 'doc', 'example', 'examples'].includes(s))),
  },
  { what: 'is a native addon inside the archive, where the OS cannot load it (asarUnpack)', matches: ({ path, unpacked }) => path.endsWith('.node') && !unpacked },
];

/**
 * Files that should not ship, grouped by why, with a few examples each (docs/desktop.md ›
 * Packaging › What ships): an empty list when the archive holds only what runs.
 */
export function filesThatShouldNotShip(files: ArchiveFile[]): string[] {
  const problems: string[] = [];
  for (const rule of RULES) {
    const found = files.filter(rule.matches).map((file) => file.path);
    if (found.length === 0) continue;
    const examples = found.slice(0, 3).join(', ');
    problems.push(`${found.length} file(s) ${rule.what}: ${examples}${found.length > 3 ? ', …' : ''}`);
  }
  return problems;
}
