// `npx tsx scripts/release-check.ts` (the release workflow runs it after `npm test`): the tag being
// released is package.json's version, and electron-builder.ts › releaseRepository is the repository
// the workflow runs in — otherwise installers would carry another version, or installed copies
// would look for their updates in another repository (docs/development.md › Making a release).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { releaseRepository } from '../electron-builder';

export type ReleaseFacts = {
  /** The tag the workflow runs for (`GITHUB_REF_NAME`). */
  tag: string | undefined;
  /** `owner/repo` the workflow runs in (`GITHUB_REPOSITORY`). */
  repository: string | undefined;
  /** package.json's version. */
  version: string;
  release: { owner: string; repo: string };
};

/** What is wrong with releasing from here, each in a sentence that says what to do; empty when nothing is. */
export function releaseProblems({ tag, repository, version, release }: ReleaseFacts): string[] {
  const problems: string[] = [];
  if (!tag) problems.push('No tag: a release is built from a version tag such as v1.2.3 (GITHUB_REF_NAME is not set).');
  else if (!/^v\d+\.\d+\.\d+/.test(tag)) problems.push(`The tag ${tag} names no version: a release is built from a tag such as v${version}.`);
  else if (tag !== `v${version}`) problems.push(`The tag is ${tag}, but package.json's version is ${version}: release with \`npm version ${tag.slice(1)}\`, which sets the version and makes its tag on that commit.`);
  const named = `${release.owner}/${release.repo}`;
  if (!repository) problems.push('No repository: GITHUB_REPOSITORY is not set.');
  // GitHub's owner and repository names are case-insensitive.
  else if (repository.toLowerCase() !== named.toLowerCase()) {
    problems.push(`This workflow runs in ${repository}, but electron-builder.ts › releaseRepository names ${named}: set it to ${repository}, or installed copies would look for updates in ${named}.`);
  }
  return problems;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { version } = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8')) as { version: string };
  const problems = releaseProblems({ tag: process.env.GITHUB_REF_NAME, repository: process.env.GITHUB_REPOSITORY, version, release: releaseRepository });
  for (const problem of problems) console.error(`release-check: ${problem}`);
  if (problems.length > 0) process.exit(1);
  console.log(`release-check: releasing Zonewatch ${version} to github.com/${releaseRepository.owner}/${releaseRepository.repo}`);
}
