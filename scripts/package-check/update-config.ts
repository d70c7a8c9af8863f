import { load } from 'js-yaml';

/**
 * The package's `resources/app-update.yml`, which electron-builder writes from electron-builder.ts
 * › publish and electron-updater reads to know where to look for updates: it must be there and
 * name the release repository (docs/desktop.md › Packaging › Releases). `text` is null when the
 * file is missing.
 */
export function updateConfigProblems(text: string | null, repository: { owner: string; repo: string }): string[] {
  if (text === null) return ['resources/app-update.yml is missing: an installed copy would not know where to look for updates'];
  let config: unknown;
  try {
    config = load(text);
  } catch (error) {
    return [`resources/app-update.yml cannot be read as YAML: ${(error as Error).message.split('\n', 1)[0]}`];
  }
  const found = (typeof config === 'object' && config !== null ? config : {}) as Record<string, unknown>;
  const wanted = { provider: 'github', owner: repository.owner, repo: repository.repo };
  const wrong = Object.entries(wanted).filter(([key, value]) => found[key] !== value);
  return wrong.map(([key, value]) => `resources/app-update.yml has ${key} ${JSON.stringify(found[key] ?? null)}, not electron-builder.ts's ${JSON.stringify(value)}: installed copies would look for updates elsewhere`);
}
