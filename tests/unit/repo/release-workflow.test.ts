import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { TargetConfiguration } from 'electron-builder';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import config, { electronFuses, releaseRepository } from '../../../electron-builder';
import { releaseProblems } from '../../../scripts/release-check';

type Step = { name?: string; uses?: string; run?: string; if?: string; env?: Record<string, string> };
type Job = { 'runs-on': string; container?: string; needs?: string[] | string; steps: Step[]; env?: Record<string, string> };
type Workflow = { on: unknown; permissions: Record<string, string>; jobs: Record<string, Job> };

const root = resolve(import.meta.dirname, '../../..');
const text = readFileSync(join(root, '.github/workflows/release.yml'), 'utf8');
const workflow = load(text) as Workflow;
const jobs = Object.entries(workflow.jobs);
const needs = (job: Job) => [job.needs ?? []].flat();
/** The steps that run electron-builder, with the job they are in. */
const builds = jobs.flatMap(([name, job]) => job.steps.filter((step) => step.run?.includes('electron-builder')).map((step) => ({ job: name, runsOn: job['runs-on'], step })));
const command = (run: string) => run.split('\n').find((line) => line.includes('electron-builder'))!.trim();

describe('the release workflow (.github/workflows/release.yml) and electron-builder.ts, one path from a tag to installers (docs/development.md › Making a release)', () => {
  it('runs on a version tag, and on nothing else', () => {
    expect(workflow.on).toEqual({ push: { tags: ['v*.*.*'] } });
    expect(workflow.permissions).toEqual({ contents: 'read' });
  });

  it('runs npm test before anything is built: first in the test job, which every other job waits for', () => {
    const test = workflow.jobs.test!;
    // Nothing but the checkout before it.
    const firstRun = test.steps.findIndex((step) => step.run !== undefined);
    expect(test.steps.slice(0, firstRun).map((step) => step.uses)).toEqual(['actions/checkout@v4']);
    expect(test.steps[firstRun]!.run).toBe('bash .ci/run');
    // .ci/run installs what the suite needs, then runs exactly the README's `npm test`.
    const ci = readFileSync(join(root, '.ci/run'), 'utf8').trim().split('\n');
    expect(ci.at(-1)).toBe('npm test');
    expect(test.steps.slice(firstRun + 1).map((step) => step.run)).toEqual(['npx tsx scripts/release-check.ts']);
    for (const [name, job] of jobs) if (name !== 'test') expect(needs(job), name).toContain('test');
  });

  it('builds each system’s installers where its tools run, from a fresh install and build, and uploads them to the draft release', () => {
    expect(builds.map(({ job, runsOn, step }) => [job, runsOn.split('-')[0], command(step.run!)])).toEqual([
      ['linux', 'ubuntu', 'npx electron-builder --linux --publish always'],
      ['mac', 'macos', 'npx electron-builder --mac --publish always'],
      ['mac', 'macos', 'npx electron-builder --mac --publish always'],
      ['windows', 'windows', 'npx electron-builder --win --publish always'],
    ]);
    for (const { job, step } of builds) {
      const runs = workflow.jobs[job]!.steps.map((s) => s.run);
      expect(runs.indexOf('npm ci'), job).toBeLessThan(runs.indexOf('npm run build'));
      expect(runs.indexOf('npm run build'), job).toBeLessThan(runs.indexOf(step.run));
      expect(step.env?.GH_TOKEN, job).toBe('${{ secrets.GITHUB_TOKEN }}');
      expect(needs(workflow.jobs[job]!), job).toEqual(['test', 'draft']);
    }
  });

  it('signs and notarises the macOS app only when the secrets exist, and otherwise builds it unsigned and says so', () => {
    const mac = workflow.jobs.mac!;
    expect(mac.env).toEqual({ SIGNED: "${{ secrets.MAC_CERTIFICATE != '' }}" });
    const [signed, unsigned] = builds.filter((b) => b.job === 'mac').map((b) => b.step);
    expect(signed!.if).toBe("env.SIGNED == 'true'");
    expect(Object.keys(signed!.env!).sort()).toEqual(['APPLE_APP_SPECIFIC_PASSWORD', 'APPLE_ID', 'APPLE_TEAM_ID', 'CSC_KEY_PASSWORD', 'CSC_LINK', 'GH_TOKEN']);
    expect(unsigned!.if).toBe("env.SIGNED != 'true'");
    expect(unsigned!.env).toMatchObject({ CSC_IDENTITY_AUTO_DISCOVERY: 'false' });
    expect(unsigned!.run).toMatch(/^echo "::warning::No MAC_CERTIFICATE secret/);
  });

  it('targets the AppImage and the .deb, the dmg with the zip updates need, and NSIS; every build flips the fuses', () => {
    expect(config.linux?.target).toEqual(['AppImage', 'deb']);
    expect(config.mac?.target).toEqual([
      { target: 'dmg', arch: ['x64', 'arm64'] },
      { target: 'zip', arch: ['x64', 'arm64'] },
    ] satisfies TargetConfiguration[]);
    expect(config.win?.target).toEqual(['nsis']);
    // At the top of the configuration, not per system: no build leaves a fuse at Electron's default.
    expect(config.electronFuses).toBe(electronFuses);
  });

  it('publishes to the one repository electron-builder.ts names, as a draft a person publishes', () => {
    expect(config.publish).toEqual([{ provider: 'github', owner: releaseRepository.owner, repo: releaseRepository.repo, releaseType: 'draft' }]);
    // The workflow names no repository of its own: it publishes where it runs, which the release check compares.
    expect(text).not.toContain(`${releaseRepository.owner}/${releaseRepository.repo}`);
    expect(workflow.jobs.draft!.steps[0]!.run).toContain('gh release create "$TAG" --repo "$GITHUB_REPOSITORY" --draft --verify-tag');
  });
});

describe('the release check (scripts/release-check.ts)', () => {
  const release = { owner: 'zonewatch', repo: 'zonewatch' };
  it('passes the tag of package.json’s version, in the repository electron-builder.ts names (in any case)', () => {
    expect(releaseProblems({ tag: 'v1.4.0', repository: 'ZoneWatch/zonewatch', version: '1.4.0', release })).toEqual([]);
  });

  it('refuses a tag that is not package.json’s version, and another repository, saying what to do', () => {
    expect(releaseProblems({ tag: 'v1.5.0', repository: 'acme/zonewatch', version: '1.4.0', release })).toEqual([
      "The tag is v1.5.0, but package.json's version is 1.4.0: release with `npm version 1.5.0`, which sets the version and makes its tag on that commit.",
      'This workflow runs in acme/zonewatch, but electron-builder.ts › releaseRepository names zonewatch/zonewatch: set it to acme/zonewatch, or installed copies would look for updates in zonewatch/zonewatch.',
    ]);
    expect(releaseProblems({ tag: 'nightly', repository: 'zonewatch/zonewatch', version: '1.4.0', release })).toEqual(['The tag nightly names no version: a release is built from a tag such as v1.4.0.']);
    expect(releaseProblems({ tag: undefined, repository: undefined, version: '1.4.0', release })).toHaveLength(2);
  });
});
