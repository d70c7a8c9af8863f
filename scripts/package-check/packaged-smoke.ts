import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { installAppImage, nextMinor, standInAppImage } from './installed-appimage';
import { startFeed } from './update-feed';

export type SmokeOutcome = { problems: string[]; trayIcon: string | null };

type SmokeResult = { failure: string | null; problems: string[]; exited: boolean; out: { trayIcon?: string; windowIcon?: string; ready?: { phase?: string; newVersion?: string } } };

/**
 * Runs the packaged main bundle (extracted from app.asar into `appRoot`) in Node under the
 * project's Electron double, packaged (process.resourcesPath is the package's `resources`): the
 * main-smoke suite's `packaged` scenario boots it, waits for "app: ready" and the first-run window,
 * records the tray's icon, and quits from the tray.
 */
export async function runPackagedMain(projectDir: string, appRoot: string, resources: string): Promise<SmokeOutcome> {
  const home = await mkdtemp(join(tmpdir(), 'zw-package-home-'));
  try {
    const result = await runScenario(projectDir, 'packaged', {
      ZW_SMOKE_MAIN: join(appRoot, 'out', 'main', 'index.js'),
      ZW_DOUBLE_APP_PATH: appRoot,
      ZW_DOUBLE_PACKAGED: '1',
      ZW_DOUBLE_RESOURCES: resources,
      XDG_CONFIG_HOME: home,
    });
    const problems = [...(result.failure ? [`the packaged main failed: ${result.failure}`] : []), ...result.problems.map((p) => `the packaged main broke an Electron rule: ${p}`)];
    if (!result.exited) problems.push('the packaged main did not quit from its tray');
    const trayIcon = result.out.trayIcon ?? null;
    if (!trayIcon?.startsWith(join(resources, 'tray') + sep)) problems.push(`the packaged main drew its tray from ${trayIcon ?? 'nowhere'}, not from the package's resources/tray`);
    return { problems, trayIcon };
  } finally {
    await rm(home, { recursive: true, force: true });
  }
}

/**
 * The packaged main installed as an AppImage (docs/desktop.md › Packaging › The package check),
 * its `app-update.yml` naming a feed on 127.0.0.1 that offers the next version: the main-smoke
 * suite's `update-restart` scenario checks for updates, waits for the download to be verified and
 * chooses Restart to update. electron-updater and everything it loads come from the package; the
 * AppImage must then be the new release. Returns the problems, and the version installed.
 */
export async function runPackagedUpdate(projectDir: string, appRoot: string, resources: string): Promise<{ problems: string[]; installed: string | null }> {
  const { version } = JSON.parse(readFileSync(join(appRoot, 'package.json'), 'utf8')) as { version: string };
  const next = nextMinor(version);
  const release = { version: next, fileName: `Zonewatch-${next}.AppImage`, bytes: standInAppImage(next) };
  const root = await mkdtemp(join(tmpdir(), 'zw-package-update-'));
  const feed = await startFeed('release', release);
  try {
    // The package's own resources (icons, tray), but an app-update.yml that names the local feed.
    const parts = readdirSync(resources).filter((name) => !name.startsWith('app.asar') && name !== 'app-update.yml');
    const installed = installAppImage(root, { feedUrl: feed.url, version, resourcesFrom: resources, parts });
    const result = await runScenario(projectDir, 'update-restart', { ZW_SMOKE_MAIN: join(appRoot, 'out', 'main', 'index.js'), ZW_DOUBLE_APP_PATH: appRoot, XDG_CONFIG_HOME: join(root, 'home'), ...installed.env });
    const problems = [...(result.failure ? [`the packaged main, installed as an AppImage, could not update itself: ${result.failure}`] : []), ...result.problems.map((p) => `the packaged main broke an Electron rule while updating: ${p}`)];
    if (!result.failure && !result.exited) problems.push('the packaged main did not quit to install its update');
    const replaced = readFileSync(installed.file).equals(release.bytes);
    if (!result.failure && !replaced) problems.push(`the packaged main quit to install ${next}, but the AppImage is not the new release`);
    return { problems, installed: replaced ? next : null };
  } finally {
    await feed.close();
    await rm(root, { recursive: true, force: true });
  }
}

function runScenario(projectDir: string, scenario: string, env: Record<string, string>): Promise<SmokeResult> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  // No Secret Service, as on a desktop without one: keytar loads, finds none, and main says so.
  delete childEnv.DBUS_SESSION_BUS_ADDRESS;
  delete childEnv.ZONEWATCH_USER_DATA;
  delete childEnv.NODE_OPTIONS;
  const args = ['--import', 'tsx', '--import', './tests/main-smoke/electron-double/register.mjs', 'tests/main-smoke/run-scenario.ts', scenario];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: projectDir, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      const line = stdout.split('\n').find((l) => l.startsWith('ZW_SMOKE_RESULT '));
      if (!line) return reject(new Error(`the packaged main printed no result (exit ${code ?? signal}):\n${stdout}\n${stderr}`));
      resolve(JSON.parse(line.slice('ZW_SMOKE_RESULT '.length)) as SmokeResult);
    });
  });
}
